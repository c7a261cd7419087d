import type { LocateResponse } from '@aaspaas/domain';
import { locateByIp } from '../api/locate-by-ip';

/** How long the first visit waits for the IP guess before showing all posts. */
export const IP_GUESS_TIMEOUT_MS = 2500;

/**
 * The IP look-up of a first visit, started by the app's first module before the rest of the app
 * has downloaded (main.tsx); useUserLocation takes it instead of asking again.
 */
let early: Promise<LocateResponse> | null = null;

export function startEarlyIpLookup(): Promise<LocateResponse> {
  const lookup = locateByIp();
  early = lookup;
  // Whoever takes it handles a failure; an untaken one must not be reported as unhandled.
  lookup.catch(() => undefined);
  return lookup;
}

/** The look-up started early, once; null when none was started or it was taken already. */
export function takeEarlyIpLookup(): Promise<LocateResponse> | null {
  const lookup = early;
  early = null;
  return lookup;
}
