import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import {
  IP_GUESS_MAX_AGE_MS,
  SHOW_ALL_SESSION_KEY,
  ipGuessFrom,
  startingLocation,
  writeIpGuess,
  writeIpUnknown,
} from './saved-location';

const NOW = Date.UTC(2026, 10, 22, 6, 0, 0);

describe('where the feed starts (read before the app renders, by main.tsx and useUserLocation)', () => {
  it('resolves by IP on a first visit', () => {
    expect(startingLocation(NOW)).toEqual({ location: null, resolving: true });
  });

  it('starts at a saved place, else at a guess of the last day, else at all posts when the IP said nothing', () => {
    const pune = { lat: 18.5204, lon: 73.8567, source: 'manual' as const, timestamp: NOW - 1000, label: 'Pune' };
    localStorage.setItem(STORAGE_KEYS.manualLocation, JSON.stringify(pune));
    expect(startingLocation(NOW)).toEqual({ location: pune, resolving: false });

    localStorage.clear();
    const guess = { lat: 19.076, lon: 72.8777, source: 'ip' as const, timestamp: NOW - 1000 };
    writeIpGuess(guess);
    expect(startingLocation(NOW)).toEqual({ location: guess, resolving: false });
    expect(startingLocation(NOW + IP_GUESS_MAX_AGE_MS)).toEqual({ location: null, resolving: true });

    writeIpUnknown(NOW);
    expect(startingLocation(NOW + 1000)).toEqual({ location: null, resolving: false });
  });

  it("starts at all posts after 'Show all' in this session", () => {
    sessionStorage.setItem(SHOW_ALL_SESSION_KEY, '1');
    expect(startingLocation(NOW)).toEqual({ location: null, resolving: false });
  });

  it('turns the IP answer into a place, with its city as the label, or null', () => {
    expect(ipGuessFrom({ lat: 19.076, lon: 72.8777, source: 'ip', city: 'Mumbai' }, NOW)).toEqual({
      lat: 19.076,
      lon: 72.8777,
      source: 'ip',
      timestamp: NOW,
      label: 'Mumbai',
    });
    expect(ipGuessFrom({ lat: 19.076, lon: 72.8777, source: 'ip' }, NOW)).toEqual({
      lat: 19.076,
      lon: 72.8777,
      source: 'ip',
      timestamp: NOW,
    });
    expect(ipGuessFrom({ lat: null, lon: null, source: 'unknown' }, NOW)).toBeNull();
  });
});
