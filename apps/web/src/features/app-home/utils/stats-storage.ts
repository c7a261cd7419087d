import type { UserStats } from '@aaspaas/domain';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readJson, writeJson } from '@/lib/storage';

/**
 * docs/product.md §3 keeps each user's figures in localStorage under user_stats_{userId}: contacts, sentSms
 * and balance (each 0 when missing). Balance is in paise like all our money; posts is kept too.
 * The /app home shows them at once, and offline, while the server answers.
 */
type StoredStats = { contacts: number; sentSms: number; balance: number; posts: number };

export function statsStorageKey(userId: string): string {
  return `${STORAGE_KEYS.userStatsPrefix}${userId}`;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
}

/** The last figures fetched for this user, or null when none were ever kept. */
export function readStoredStats(userId: string): UserStats | null {
  const raw = readJson<Partial<Record<keyof StoredStats, unknown>>>(statsStorageKey(userId));
  if (!raw || typeof raw !== 'object') return null;
  return {
    contacts: count(raw.contacts),
    sentSms: count(raw.sentSms),
    balancePaise: count(raw.balance),
    posts: count(raw.posts),
  };
}

export function writeStoredStats(userId: string, stats: UserStats): void {
  const stored: StoredStats = {
    contacts: stats.contacts,
    sentSms: stats.sentSms,
    balance: stats.balancePaise,
    posts: stats.posts,
  };
  writeJson(statsStorageKey(userId), stored);
}
