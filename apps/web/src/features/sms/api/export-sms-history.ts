import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fileNameFromDisposition, saveBlob } from '@/lib/save-file';
import type { SmsHistoryFilters } from './get-sms-history';

/** The filtered history as CSV, fetched with the bearer token (a plain link could not send it) and saved. */
export async function exportSmsHistory(filters: SmsHistoryFilters): Promise<void> {
  const { data, headers } = await apiRequest<string | null>('GET', '/api/sms/history/export', {
    params: filters,
    headers: { Accept: 'text/csv' },
  });
  const name =
    fileNameFromDisposition(headers.get('content-disposition')) ?? `sms-history-${new Date().toISOString().slice(0, 10)}.csv`;
  saveBlob(new Blob([data ?? ''], { type: 'text/csv;charset=utf-8' }), name);
}

export function useExportSmsHistory() {
  return useMutation({ mutationFn: exportSmsHistory });
}
