import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fileNameFromDisposition, saveTextFile } from '../utils/download';

export type ExportedCsv = { text: string; fileName: string };

function defaultFileName(now = new Date()): string {
  return `contacts-${now.toISOString().slice(0, 10)}.csv`;
}

/** GET /api/contacts/export.csv with the bearer token (a plain link could not send it). */
export async function exportContacts(): Promise<ExportedCsv> {
  const { data, headers } = await apiRequest<string | null>('GET', '/api/contacts/export.csv', {
    headers: { Accept: 'text/csv' },
  });
  return { text: data ?? '', fileName: fileNameFromDisposition(headers.get('content-disposition')) ?? defaultFileName() };
}

export function useExportContacts() {
  return useMutation({
    mutationFn: exportContacts,
    onSuccess: ({ text, fileName }) => saveTextFile(text, fileName, 'text/csv;charset=utf-8'),
  });
}
