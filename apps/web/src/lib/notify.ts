/**
 * Toasts without putting sonner (9 KB gzipped) on the first load: the Toaster mounts when the
 * browser is idle or when the first message is shown, and sonner replays toasts created before
 * its Toaster subscribed.
 */
type Kind = 'message' | 'success' | 'error' | 'info';
type Listener = () => void;

let wanted = false;
const listeners = new Set<Listener>();

export const loadSonner = () => import('sonner');

export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function subscribeToaster(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return wanted;
}

export async function notify(message: string, kind: Kind = 'message', description?: string): Promise<void> {
  requestToaster();
  const { toast } = await loadSonner();
  // An error asks for something to be done: it stays until closed; the others close by themselves.
  const options = { ...(description ? { description } : {}), ...(kind === 'error' ? { duration: Infinity } : {}) };
  if (kind === 'message') toast(message, options);
  else toast[kind](message, options);
}
