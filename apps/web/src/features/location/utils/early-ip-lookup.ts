import { IP_GUESS_ELEMENT_ID, type LocateResponse } from '@aaspaas/domain';
import { takeDataBlock } from '@/lib/data-block';
import { locateByIp } from '../api/locate-by-ip';

/** How long the first visit waits for the IP guess before showing all posts. */
export const IP_GUESS_TIMEOUT_MS = 2500;

const isCoordinate = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));

/**
 * The guess the server wrote into the feed's HTML, if there is one: no request, so the feed's first
 * page is asked for at once. Checked by hand, not with the contract's schema, so this first module
 * stays free of the schema library.
 */
export function inlineIpGuess(doc: Document = document): LocateResponse | null {
  const value = takeDataBlock(IP_GUESS_ELEMENT_ID, doc) as Partial<LocateResponse> | null | undefined;
  if (!value || (value.source !== 'ip' && value.source !== 'unknown')) return null;
  if (!isCoordinate(value.lat) || !isCoordinate(value.lon)) return null;
  const city = typeof value.city === 'string' ? value.city : null;
  return { lat: value.lat ?? null, lon: value.lon ?? null, source: value.source, city };
}

/**
 * The IP look-up of a first visit, started by the app's first module before the rest of the app
 * has downloaded (main.tsx), or read from the page; useUserLocation takes it instead of asking again.
 */
let early: Promise<LocateResponse> | null = null;

export function startEarlyIpLookup(): Promise<LocateResponse> {
  const inline = inlineIpGuess();
  const lookup = inline ? Promise.resolve(inline) : locateByIp();
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
