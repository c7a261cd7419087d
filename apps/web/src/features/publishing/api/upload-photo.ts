import type { UploadResponse } from '@aaspaas/domain';
import { uploadWithProgress, type UploadOptions } from '@/lib/upload-with-progress';

/** POST /api/uploads: one photo in the multipart field `file`, with upload progress. */
export function uploadPhoto(file: File, options: UploadOptions = {}): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<UploadResponse>('/api/uploads', form, options);
}
