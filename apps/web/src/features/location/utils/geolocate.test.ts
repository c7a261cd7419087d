import { afterEach, describe, expect, it } from 'vitest';
import { GEO_HIGH_ACCURACY, GEO_LOW_ACCURACY } from '@/config/geolocation';
import { GeolocationFailed, geolocate } from './geolocate';

const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

type Answer = { fix: { latitude: number; longitude: number; accuracy: number } } | { error: number };

/** A device whose getCurrentPosition answers each call with the next answer, and remembers the options it was asked with. */
function fakeGeolocation(...answers: Answer[]) {
  const calls: PositionOptions[] = [];
  const geo = {
    getCurrentPosition(ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) {
      calls.push(options ?? {});
      const answer = answers.shift();
      if (!answer) throw new Error('getCurrentPosition asked more often than the test expected');
      if ('fix' in answer) {
        ok({ coords: answer.fix, timestamp: Date.now() } as unknown as GeolocationPosition);
      } else {
        fail?.({
          code: answer.error,
          message: 'test',
          PERMISSION_DENIED,
          POSITION_UNAVAILABLE,
          TIMEOUT,
        } as GeolocationPositionError);
      }
    },
  } as unknown as Geolocation;
  return { geo, calls };
}

const pune = { latitude: 18.5204, longitude: 73.8567, accuracy: 1800 };
const puneGps = { latitude: 18.52043, longitude: 73.85674, accuracy: 12 };

const lowAccuracy: PositionOptions = {
  enableHighAccuracy: false,
  timeout: GEO_LOW_ACCURACY.timeout,
  maximumAge: GEO_LOW_ACCURACY.maximumAge,
};

describe('geolocate (docs/product.md §4: low accuracy first, then high accuracy)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('asks for a quick, low-accuracy fix first (8 s time-out, 5 min maximum age) and stops there when it comes', async () => {
    const { geo, calls } = fakeGeolocation({ fix: pune });
    await expect(geolocate(geo)).resolves.toEqual({ lat: 18.5204, lon: 73.8567, accuracyM: 1800 });
    expect(calls).toEqual([lowAccuracy]);
  });

  it.each([
    ['times out', TIMEOUT],
    ['is unavailable', POSITION_UNAVAILABLE],
  ])('asks again with high accuracy (15 s time-out) when the low-accuracy fix %s', async (_, error) => {
    const { geo, calls } = fakeGeolocation({ error }, { fix: puneGps });
    await expect(geolocate(geo)).resolves.toEqual({ lat: 18.52043, lon: 73.85674, accuracyM: 12 });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual(lowAccuracy);
    expect(calls[1]).toMatchObject({ enableHighAccuracy: true, timeout: GEO_HIGH_ACCURACY.timeout });
  });

  it('fails with the high-accuracy error when both attempts fail', async () => {
    const { geo, calls } = fakeGeolocation({ error: TIMEOUT }, { error: POSITION_UNAVAILABLE });
    const error = await geolocate(geo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeolocationFailed);
    expect((error as GeolocationFailed).code).toBe('unavailable');
    expect(calls).toHaveLength(2);
  });

  it('does not ask again when the visitor refused the permission', async () => {
    const { geo, calls } = fakeGeolocation({ error: PERMISSION_DENIED });
    const error = await geolocate(geo).catch((e: unknown) => e);
    expect((error as GeolocationFailed).code).toBe('denied');
    expect(calls).toEqual([lowAccuracy]);
  });

  it("uses the browser's navigator.geolocation, and says 'unsupported' without one", async () => {
    const { geo, calls } = fakeGeolocation({ error: TIMEOUT }, { fix: puneGps });
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geo });
    await expect(geolocate()).resolves.toMatchObject({ accuracyM: 12 });
    expect(calls.map((o) => o.enableHighAccuracy)).toEqual([false, true]);

    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    const error = await geolocate().catch((e: unknown) => e);
    expect((error as GeolocationFailed).code).toBe('unsupported');
  });
});
