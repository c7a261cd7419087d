import { type GeolocationPlugin, loadGeolocation, type Loader } from './plugins';

/**
 * The app's location (@capacitor/geolocation: Android's own location service and its permission
 * dialog) behind the browser's Geolocation shape, so the feed's two-step lookup
 * (features/location/utils/geolocate.ts) runs unchanged inside the app.
 */
export function nativeGeolocation(load: Loader<GeolocationPlugin> = loadGeolocation): Pick<Geolocation, 'getCurrentPosition'> {
  return {
    getCurrentPosition(success, failure, options) {
      void load()
        .then(async (geo) => {
          // Asked once; a refusal is final (the feed then offers choosing a place by hand).
          const status = await geo.checkPermissions().catch(() => null);
          if (status && status.location !== 'granted' && status.coarseLocation !== 'granted') {
            const asked = await geo.requestPermissions({ permissions: ['location', 'coarseLocation'] });
            if (asked.location !== 'granted' && asked.coarseLocation !== 'granted')
              throw new Error('Location permission was denied');
          }
          return geo.getCurrentPosition({
            enableHighAccuracy: options?.enableHighAccuracy,
            timeout: options?.timeout,
            maximumAge: options?.maximumAge,
          });
        })
        .then(
          (position) => success(position as unknown as GeolocationPosition),
          (error: unknown) => failure?.(positionError(error)),
        );
    },
  };
}

/** The plugin's errors as the browser's codes: 1 refused, 3 timed out, 2 anything else. */
function positionError(error: unknown): GeolocationPositionError {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${error instanceof Error ? error.message : String(error)}`;
  const code = /denied|permission/i.test(text) ? 1 : /time ?out/i.test(text) ? 3 : 2;
  return { code, message: text.trim(), PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError;
}
