import type { LocateResponse, SavedLocation } from '@aaspaas/domain';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readJson, readStorage, removeStorage, writeJson, writeStorage } from '@/lib/storage';

/** Set for the session when the visitor chose 'Show all': no IP guess until the next session. */
export const SHOW_ALL_SESSION_KEY = 'aaspaas_show_all';
/** The last IP guess, kept a day so a returning visitor's first paint needs no extra round trip. */
export const IP_GUESS_KEY = 'aaspaas_ip_location';
export const IP_GUESS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const SOURCES = new Set<SavedLocation['source']>(['manual', 'gps', 'ip']);

/**
 * Shape check of SavedLocationSchema (@aaspaas/domain) done by hand: parsing with the schema would
 * put zod (~19 KB gzipped) on the feed's first load for one object read from storage.
 */
export function isSavedLocation(value: unknown): value is SavedLocation {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  return (
    finite(v.lat) &&
    v.lat >= -90 &&
    v.lat <= 90 &&
    finite(v.lon) &&
    v.lon >= -180 &&
    v.lon <= 180 &&
    SOURCES.has(v.source as SavedLocation['source']) &&
    finite(v.timestamp) &&
    (v.label === undefined || typeof v.label === 'string') &&
    (v.accuracyM === undefined || finite(v.accuracyM))
  );
}

export function readSavedLocation(): SavedLocation | null {
  const value = readJson(STORAGE_KEYS.manualLocation);
  return isSavedLocation(value) ? value : null;
}

export function writeSavedLocation(location: SavedLocation): void {
  writeJson(STORAGE_KEYS.manualLocation, location);
  removeStorage(SHOW_ALL_SESSION_KEY, 'session');
}

export function clearSavedLocation(): void {
  removeStorage(STORAGE_KEYS.manualLocation);
  removeStorage(IP_GUESS_KEY);
  writeStorage(SHOW_ALL_SESSION_KEY, '1', 'session');
}

export function choseShowAll(): boolean {
  return readStorage(SHOW_ALL_SESSION_KEY, 'session') === '1';
}

export function readIpGuess(now: number = Date.now()): SavedLocation | null {
  const value = readJson(IP_GUESS_KEY);
  return isSavedLocation(value) && now - value.timestamp < IP_GUESS_MAX_AGE_MS ? value : null;
}

/** The guess, or 'unknown' (null coordinates) remembered as well so we don't ask again today. */
export function writeIpGuess(location: SavedLocation): void {
  writeJson(IP_GUESS_KEY, location);
}

export function ipGuessedUnknownRecently(now: number = Date.now()): boolean {
  const value = readJson<{ unknownAt?: number }>(IP_GUESS_KEY);
  return typeof value?.unknownAt === 'number' && now - value.unknownAt < IP_GUESS_MAX_AGE_MS;
}

export function writeIpUnknown(now: number = Date.now()): void {
  writeJson(IP_GUESS_KEY, { unknownAt: now });
}

/** Where the feed starts: a saved place or today's IP guess, no place ('Show all' or unknown), or resolving by IP. */
export function startingLocation(now: number = Date.now()): { location: SavedLocation | null; resolving: boolean } {
  const saved = readSavedLocation() ?? readIpGuess(now);
  if (saved || choseShowAll() || ipGuessedUnknownRecently(now)) return { location: saved, resolving: false };
  return { location: null, resolving: true };
}

/** POST /api/geo/locate's answer as a place to show posts near, or null when the IP says nothing. */
export function ipGuessFrom(answer: LocateResponse, now: number = Date.now()): SavedLocation | null {
  if (answer.source !== 'ip' || answer.lat === null || answer.lon === null) return null;
  return { lat: answer.lat, lon: answer.lon, source: 'ip', timestamp: now, ...(answer.city ? { label: answer.city } : {}) };
}
