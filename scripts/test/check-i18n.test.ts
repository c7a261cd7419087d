import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, checked by its own tests
import { checkLocaleKeys, findHardCodedStrings } from '../check-i18n.mjs';

type Check = (dir: string) => string[];
const keys = checkLocaleKeys as Check;
const hardCoded = findHardCodedStrings as Check;

/** A throwaway folder of files, from a map of relative paths to contents. */
const made: string[] = [];
function fixture(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  made.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const english = {
  title: 'Feed',
  time: { minutes: '{{count}}m ago' },
  likes_one: '{{count}} like',
  likes_other: '{{count}} likes',
};
const hindi = {
  title: 'फ़ीड',
  time: { minutes_one: '{{count}} मिनट पहले', minutes_other: '{{count}} मिनट पहले' },
  likes_one: '{{count}} लाइक',
  likes_other: '{{count}} लाइक',
};

describe('the locales check', () => {
  it('passes complete languages, whatever plural forms each grammar needs', () => {
    expect(keys(fixture({ 'en/feed.json': english, 'hi/feed.json': hindi }))).toEqual([]);
  });

  it('fails on a key one language lacks, and names it', () => {
    const { title: _dropped, ...withoutTitle } = hindi;
    expect(keys(fixture({ 'en/feed.json': english, 'hi/feed.json': withoutTitle }))).toEqual(['hi/feed.json: missing key title']);
  });

  it('fails on a key English does not have, and on a namespace missing as a whole', () => {
    const problems = keys(
      fixture({ 'en/feed.json': english, 'en/auth.json': { login: 'Login' }, 'hi/feed.json': { ...hindi, stray: 'x' } }),
    );
    expect(problems).toEqual([
      'hi/auth.json: missing (every key of en/auth.json)',
      'hi/feed.json: key stray is not in en/feed.json',
    ]);
  });
});

describe('the hard-coded text check', () => {
  it('names JSX text and literal accessible names, not translated ones or symbols', () => {
    const dir = fixture({
      'features/x/card.tsx': [
        "export const A = () => <button aria-label={t('close')}>{t('ok')}</button>;",
        'export const B = () => <p>Free Delivery</p>;',
        'export const C = () => <img alt="Shop photo" src="/a.webp" />;',
        "export const D = () => <span aria-hidden='true'>₹ · / 42</span>;",
      ].join('\n'),
      'features/x/card.test.tsx': 'export const T = () => <p>Only in a test</p>;',
    });
    expect(hardCoded(dir)).toEqual(['features/x/card.tsx:2: Free Delivery', 'features/x/card.tsx:3: alt="Shop photo"']);
  });

  it('finds none in the web app', () => {
    expect(hardCoded(path.resolve(import.meta.dirname, '../../apps/web/src'))).toEqual([]);
  });
});
