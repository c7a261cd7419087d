import { saveBlob } from '@/lib/save-file';

export { fileNameFromDisposition } from '@/lib/save-file';

/** Save text as a file (the browser's own download). */
export function saveTextFile(text: string, fileName: string, type: string): void {
  saveBlob(new Blob([text], { type }), fileName);
}
