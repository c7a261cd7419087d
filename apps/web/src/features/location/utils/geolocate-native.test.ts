import { describe, expect, it } from 'vitest';
import { geolocate, GeolocationFailed } from '@/features/location/utils/geolocate';
import { nativeGeolocation } from '@/lib/native/geolocation';
import type { GeolocationPlugin } from '@/lib/native/plugins';

type State = 'granted' | 'denied' | 'prompt';

function fakePlugin(opts: { state: State; onRequest?: State; positions?: (() => Promise<unknown>)[] }) {
  const log: string[] = [];
  const positions = [...(opts.positions ?? [])];
  const plugin = {
    checkPermissions: async () => ({ location: opts.state, coarseLocation: opts.state }),
    requestPermissions: async () => {
      log.push('request');
      const answer = opts.onRequest ?? 'denied';
      return { location: answer, coarseLocation: answer };
    },
    getCurrentPosition: async (options: { enableHighAccuracy?: boolean }) => {
      log.push(`position high=${String(options.enableHighAccuracy)}`);
      const next = positions.shift();
      if (!next) throw new Error('Location unavailable');
      return next();
    },
  } as unknown as GeolocationPlugin;
  return { log, load: async () => plugin };
}

const at = (lat: number, lon: number) => async () => ({ timestamp: 1, coords: { latitude: lat, longitude: lon, accuracy: 30 } });

describe("the app's location through the feed's own lookup (geolocate)", () => {
  it('gives the fix of the location plugin when permission is granted', async () => {
    const fake = fakePlugin({ state: 'granted', positions: [at(19.07, 72.87)] });
    await expect(geolocate(nativeGeolocation(fake.load))).resolves.toEqual({ lat: 19.07, lon: 72.87, accuracyM: 30 });
    expect(fake.log).toEqual(['position high=false']);
  });

  it("asks Android's permission dialog first when it has not been answered", async () => {
    const fake = fakePlugin({ state: 'prompt', onRequest: 'granted', positions: [at(12.97, 77.59)] });
    await expect(geolocate(nativeGeolocation(fake.load))).resolves.toMatchObject({ lat: 12.97 });
    expect(fake.log[0]).toBe('request');
  });

  it('reports a refusal as denied, final: no second try with GPS', async () => {
    const fake = fakePlugin({ state: 'prompt', onRequest: 'denied' });
    const failure = await geolocate(nativeGeolocation(fake.load)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GeolocationFailed);
    expect((failure as GeolocationFailed).code).toBe('denied');
    expect(fake.log).toEqual(['request']);
  });

  it('tries GPS (high accuracy) after a quick fix fails, as on the web', async () => {
    const fake = fakePlugin({
      state: 'granted',
      positions: [async () => Promise.reject(new Error('Timeout waiting for location')), at(28.61, 77.2)],
    });
    await expect(geolocate(nativeGeolocation(fake.load))).resolves.toMatchObject({ lat: 28.61 });
    expect(fake.log).toEqual(['position high=false', 'position high=true']);
  });
});
