import { loadSonner, requestToaster } from '@/lib/notify';

/** docs/product.md §8: the unauthorized-domain toast is destructive and stays 5 seconds. */
export const DOMAIN_TOAST_MS = 5000;

export async function notifyDomainNotAuthorized(title: string, description: string): Promise<void> {
  requestToaster();
  const { toast } = await loadSonner();
  toast.error(title, { description, duration: DOMAIN_TOAST_MS });
}
