import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';

/** GET /api/wallet/receipts/{topupId} with the bearer token, saved as the file the server names. */
export async function downloadReceipt(topupId: string): Promise<void> {
  const { blob, headers } = await apiBlob(`/api/wallet/receipts/${encodeURIComponent(topupId)}`, {
    headers: { Accept: 'application/pdf' },
  });
  const name = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'receipt.pdf';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadReceipt() {
  return useMutation({ mutationFn: downloadReceipt });
}
