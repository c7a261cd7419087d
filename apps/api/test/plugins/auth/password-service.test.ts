import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helper';

describe('passwords', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('hashes with argon2id, salted, and verifies only the right password', async () => {
    const a = await app.passwordService.hash('chai-and-samosa');
    const b = await app.passwordService.hash('chai-and-samosa');
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    expect(await app.passwordService.verify(a, 'chai-and-samosa')).toBe(true);
    expect(await app.passwordService.verify(b, 'chai-and-samosa')).toBe(true);
    expect(await app.passwordService.verify(a, 'chai-and-samosa ')).toBe(false);
  });

  it('answers false for a missing or malformed hash instead of throwing', async () => {
    expect(await app.passwordService.verify(null, 'anything')).toBe(false);
    expect(await app.passwordService.verify('not-a-phc-string', 'anything')).toBe(false);
  });

  it('spends real argon2 time on a missing hash, like on a wrong password', async () => {
    const stored = await app.passwordService.hash('right-password');
    const time = async (fn: () => Promise<boolean>) => {
      const started = performance.now();
      await fn();
      return performance.now() - started;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
    await time(() => app.passwordService.verify(null, 'x'));
    const wrong: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 7; i++) {
      wrong.push(await time(() => app.passwordService.verify(stored, 'wrong-password')));
      missing.push(await time(() => app.passwordService.verify(null, 'wrong-password')));
    }
    // What this guards against is a missing hash answered without argon2: thousands of times faster
    // than a verification (microseconds against tens of milliseconds). Medians and wide bounds, so
    // that other tests loading the machine's two cores cannot fail it.
    expect(median(missing)).toBeGreaterThan(median(wrong) * 0.2);
    expect(median(missing)).toBeLessThan(median(wrong) * 5);
  });
});
