import { isNativeApp } from './platform';

/** Where a position comes from: the browser's Geolocation, or the app's location plugin. */
export type PositionSource = Pick<Geolocation, 'getCurrentPosition'>;

/** The app's location plugin, its code loaded on the first ask (never part of the web's first load). */
const appGeolocation: PositionSource = {
  getCurrentPosition(success, failure, options) {
    void import('./geolocation').then(({ nativeGeolocation }) =>
      nativeGeolocation().getCurrentPosition(success, failure, options),
    );
  },
};

/** The device's position source: inside the app the native one (its permission dialog), else the browser's. */
export function deviceGeolocation(): PositionSource | undefined {
  return isNativeApp() ? appGeolocation : globalThis.navigator?.geolocation;
}
