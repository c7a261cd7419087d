import { STORAGE_KEYS } from '@aaspaas/domain';
import { readStorage } from './storage';

/**
 * Auth seam. Sign-in, tokens and refresh (spec §4) come with the auth issue; until then
 * "signed in" only means a token is stored under auth_token. No token is invented here.
 */
export function isSignedIn(): boolean {
  return Boolean(readStorage(STORAGE_KEYS.authToken));
}
