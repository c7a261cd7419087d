import type { GeoSuggestion, SavedLocation } from '@aaspaas/domain';
import { useCallback, useEffect, useState } from 'react';
import { locateByIp } from '../api/locate-by-ip';
import { IP_GUESS_TIMEOUT_MS, takeEarlyIpLookup } from '../utils/early-ip-lookup';
import { GeolocationFailed, geolocate, type GeoErrorCode } from '../utils/geolocate';
import {
  clearSavedLocation,
  ipGuessFrom,
  startingLocation,
  writeIpGuess,
  writeIpUnknown,
  writeSavedLocation,
} from '../utils/saved-location';

export type LocationStatus = 'resolving' | 'ready' | 'locating';
export type LocationState = { location: SavedLocation | null; status: LocationStatus; error: GeoErrorCode | null };

function initialState(): LocationState {
  const start = startingLocation();
  return { location: start.location, status: start.resolving ? 'resolving' : 'ready', error: null };
}

/**
 * The visitor's location (docs/product.md §2, §4): none, manual (saved), GPS (saved) or an IP guess for the
 * session. Setting it reloads the feed for that point.
 */
export function useUserLocation() {
  const [state, setState] = useState<LocationState>(initialState);

  // First visit, nothing saved: ask the server for an IP guess (it may answer 'unknown': all posts).
  // The answer is kept a day (saved-location.ts), so later visits start their feed request at once.
  const resolving = state.status === 'resolving';
  useEffect(() => {
    if (!resolving) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(null);
      }, IP_GUESS_TIMEOUT_MS);
    });
    // main.tsx may have asked already, before the app had downloaded.
    const lookup = (takeEarlyIpLookup() ?? locateByIp(controller.signal)).then((answer) => {
      const guess = ipGuessFrom(answer);
      if (guess) writeIpGuess(guess);
      else writeIpUnknown();
      return guess;
    });
    Promise.race([lookup, timedOut])
      .catch(() => null)
      .then((guess) => {
        clearTimeout(timer);
        setState((s) => (s.status === 'resolving' ? { location: guess, status: 'ready', error: null } : s));
      });
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [resolving]);

  const locateMe = useCallback(async () => {
    setState((s) => ({ ...s, status: 'locating', error: null }));
    try {
      const fix = await geolocate();
      const location: SavedLocation = {
        lat: fix.lat,
        lon: fix.lon,
        source: 'gps',
        timestamp: Date.now(),
        accuracyM: fix.accuracyM,
      };
      writeSavedLocation(location);
      setState({ location, status: 'ready', error: null });
      return true;
    } catch (error) {
      const code = error instanceof GeolocationFailed ? error.code : 'unavailable';
      setState((s) => ({ ...s, status: 'ready', error: code }));
      return false;
    }
  }, []);

  const setManual = useCallback((place: GeoSuggestion) => {
    const location: SavedLocation = {
      lat: place.lat,
      lon: place.lon,
      source: 'manual',
      timestamp: Date.now(),
      label: place.display_name,
    };
    writeSavedLocation(location);
    setState({ location, status: 'ready', error: null });
  }, []);

  const clear = useCallback(() => {
    clearSavedLocation();
    setState({ location: null, status: 'ready', error: null });
  }, []);

  return { ...state, locateMe, setManual, clear };
}
