import { nativeGeolocation } from './geolocation';
import { isNativeApp } from './platform';

/** Where a position comes from: the browser's Geolocation, or the app's location plugin. */
export type PositionSource = Pick<Geolocation, 'getCurrentPosition'>;

/** The device's position source: inside the app the native one (its permission dialog), else the browser's. */
export function deviceGeolocation(): PositionSource | undefined {
  return isNativeApp() ? nativeGeolocation() : globalThis.navigator?.geolocation;
}
