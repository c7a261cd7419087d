import { formatRupees } from '@aaspaas/domain/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './change-language';
import { formatCount, formatIndiaDate, formatRelativeTime } from './format';
import { i18n } from './i18n';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

afterEach(async () => {
  await changeLanguage('en');
});

describe('times, counts and prices in Hindi', () => {
  it('says relative times with Hindi plurals: अभी, 1 घंटा, 3 घंटे, 2 दिन', async () => {
    await changeLanguage('hi');
    const t = i18n.getFixedT('hi', 'feed');
    expect(formatRelativeTime(t, ago(10_000), now)).toBe('अभी');
    expect(formatRelativeTime(t, ago(5 * MINUTE), now)).toBe('5 मिनट पहले');
    expect(formatRelativeTime(t, ago(1 * HOUR), now)).toBe('1 घंटा पहले');
    expect(formatRelativeTime(t, ago(3 * HOUR), now)).toBe('3 घंटे पहले');
    expect(formatRelativeTime(t, ago(2 * DAY), now)).toBe('2 दिन पहले');
    expect(t('post.likes', { count: 1 })).toBe('1 लाइक');
    expect(t('post.views', { count: 12 })).toBe('12 बार देखी गई');
  });

  it('keeps English as it was', () => {
    const t = i18n.getFixedT('en', 'feed');
    expect(formatRelativeTime(t, ago(3 * HOUR), now)).toBe('3h ago');
    expect(t('post.likes', { count: 1 })).toBe('1 like');
  });

  it('writes dates in Hindi with Latin digits, and counts and rupees with Indian grouping', async () => {
    await changeLanguage('hi');
    const date = formatIndiaDate('2026-03-31T10:00:00Z');
    expect(date).toMatch(/^31 \S+ 2026$/);
    expect(date).toMatch(/[\u0900-\u097F]/);
    expect(formatCount(1234567)).toBe('12,34,567');
    expect(formatRupees(12345600)).toBe('₹1,23,456');
    expect(formatRupees(99950)).toBe('₹999.50');
  });
});
