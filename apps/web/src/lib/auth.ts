import { AUTH_STATE_DEBOUNCE_MS } from '@/config/auth-timings';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * The stored access token (docs/product.md §4: key auth_token) and who wants to hear when it changes. Kept
 * tiny because the public feed imports it; the session itself lives in lib/session (signed-in pages).
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | undefined;
// Only when storage refused the token (private mode, quota): it then lives as long as this page.
let memoryToken: string | null = null;

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.authToken) ?? memoryToken;
}

export function isSignedIn(): boolean {
  return Boolean(getToken());
}

export function storeToken(token: string): void {
  writeStorage(STORAGE_KEYS.authToken, token);
  memoryToken = readStorage(STORAGE_KEYS.authToken) === token ? null : token;
  announce();
}

export function clearToken(): void {
  memoryToken = null;
  removeStorage(STORAGE_KEYS.authToken);
  announce();
}

/** docs/product.md §4: auth state changes reach listeners debounced (50 ms), so a burst becomes one update. */
function announce(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    for (const listener of [...listeners]) listener();
  }, AUTH_STATE_DEBOUNCE_MS);
}

// Another tab signed in or out: the token is shared through localStorage.
function onStorage(event: StorageEvent): void {
  if (event.key === STORAGE_KEYS.authToken || event.key === null) announce();
}

export function subscribeAuth(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
