import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';
import { fileNameFromDisposition, saveBlob } from '@/lib/save-file';

/** GET /api/wallet/receipts/{topupId} with the bearer token (a plain link could not send it), saved as the server names it. */
export async function downloadReceipt(topupId: string): Promise<void> {
  const { blob, headers } = await apiBlob(`/api/wallet/receipts/${encodeURIComponent(topupId)}`, {
    headers: { Accept: 'application/pdf' },
  });
  saveBlob(blob, fileNameFromDisposition(headers.get('content-disposition')) ?? 'receipt.pdf');
}

export function useDownloadReceipt() {
  return useMutation({ mutationFn: downloadReceipt });
}
