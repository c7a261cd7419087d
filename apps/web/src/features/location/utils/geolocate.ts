import { GEO_HIGH_ACCURACY, GEO_LOW_ACCURACY } from '@/config/geolocation';
import { deviceGeolocation, type PositionSource } from '@/lib/native/device-geolocation';

export type GeoFix = { lat: number; lon: number; accuracyM: number };
export type GeoErrorCode = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class GeolocationFailed extends Error {
  readonly code: GeoErrorCode;
  constructor(code: GeoErrorCode) {
    super(`Geolocation failed: ${code}`);
    this.name = 'GeolocationFailed';
    this.code = code;
  }
}

function codeOf(error: GeolocationPositionError): GeoErrorCode {
  if (error.code === error.PERMISSION_DENIED || error.code === 1) return 'denied';
  if (error.code === error.TIMEOUT || error.code === 3) return 'timeout';
  return 'unavailable';
}

function once(geo: PositionSource, options: PositionOptions): Promise<GeoFix> {
  return new Promise((resolve, reject) => {
    geo.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lon: pos.coords.longitude, accuracyM: pos.coords.accuracy }),
      (err) => reject(new GeolocationFailed(codeOf(err))),
      options,
    );
  });
}

/**
 * docs/product.md §4: low accuracy first (8 s time-out, 5 min maximum age: quick, cell/Wi-Fi), then high
 * accuracy (GPS, 15 s) when that fails. A refused permission is final.
 */
export async function geolocate(geo: PositionSource | undefined = deviceGeolocation()): Promise<GeoFix> {
  if (!geo) throw new GeolocationFailed('unsupported');
  try {
    return await once(geo, {
      enableHighAccuracy: false,
      timeout: GEO_LOW_ACCURACY.timeout,
      maximumAge: GEO_LOW_ACCURACY.maximumAge,
    });
  } catch (error) {
    if (error instanceof GeolocationFailed && error.code === 'denied') throw error;
    return once(geo, { enableHighAccuracy: true, timeout: GEO_HIGH_ACCURACY.timeout, maximumAge: 0 });
  }
}
