import { GEO_HIGH_ACCURACY, GEO_LOW_ACCURACY } from '@/config/geolocation';
import { deviceGeolocation, type PositionSource } from '@/lib/native/device-geolocation';

export type DevicePositionError = 'denied' | 'unavailable' | 'unsupported';

export class DevicePositionFailed extends Error {
  readonly reason: DevicePositionError;
  constructor(reason: DevicePositionError) {
    super(`Device position failed: ${reason}`);
    this.name = 'DevicePositionFailed';
    this.reason = reason;
  }
}

function once(geo: PositionSource, options: PositionOptions): Promise<{ lat: number; lon: number }> {
  return new Promise((resolve, reject) => {
    geo.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lon: pos.coords.longitude }),
      (err) => reject(new DevicePositionFailed(err.code === 1 ? 'denied' : 'unavailable')),
      options,
    );
  });
}

/** docs/product.md §4: a quick low-accuracy fix first, then GPS; a refused permission is final. */
export async function getDevicePosition(
  geo: PositionSource | undefined = deviceGeolocation(),
): Promise<{ lat: number; lon: number }> {
  if (!geo) throw new DevicePositionFailed('unsupported');
  try {
    return await once(geo, { enableHighAccuracy: false, ...GEO_LOW_ACCURACY });
  } catch (error) {
    if (error instanceof DevicePositionFailed && error.reason === 'denied') throw error;
    return once(geo, { enableHighAccuracy: true, maximumAge: 0, ...GEO_HIGH_ACCURACY });
  }
}
