import { MAX_POST_IMAGES } from '@aaspaas/domain/rules';
import { z } from 'zod';
import { readJson, removeStorage, writeJson } from '@/lib/storage';
import type { ComposerMode, ComposerValues } from './form-values';

/**
 * The composer's draft in localStorage, so a reload, a closed tab or a dropped connection loses
 * nothing: one per user, per mode and per post being edited.
 */
const PREFIX = 'aaspaas_post_draft';

export type Draft = {
  values: ComposerValues;
  /** Photos already uploaded (their URLs); one still uploading cannot be kept. */
  images: string[];
  savedAt: number;
  templateId?: string;
};

export function draftKey(userId: string, mode: ComposerMode, editId?: string | null): string {
  return `${PREFIX}:${userId}:${mode}:${editId ?? 'new'}`;
}

const DraftSchema = z.object({
  values: z.object({
    content: z.string().catch(''),
    category: z.string().catch(''),
    tags: z.array(z.string()).catch([]),
    mrp: z.string().catch(''),
    price: z.string().catch(''),
    homeDelivery: z.enum(['yes', 'no', 'unset']).catch('unset'),
    validUntil: z.string().catch(''),
    location: z
      .object({ lat: z.number(), lon: z.number(), city: z.string().nullable(), state: z.string().nullable() })
      .nullable()
      .catch(null),
  }),
  images: z.array(z.string()).max(MAX_POST_IMAGES).catch([]),
  savedAt: z.number().catch(0),
  templateId: z.string().optional().catch(undefined),
});

/** The saved draft, or null when there is none (or it cannot be read: an old or damaged one is dropped). */
export function readDraft(key: string): Draft | null {
  const raw = readJson(key);
  if (raw === null) return null;
  const parsed = DraftSchema.safeParse(raw);
  if (!parsed.success) {
    removeStorage(key);
    return null;
  }
  return parsed.data;
}

/** Nothing typed, chosen or uploaded: not worth keeping. */
export function isBlankDraft(values: ComposerValues, images: readonly string[]): boolean {
  return (
    values.content.trim() === '' &&
    values.tags.length === 0 &&
    values.mrp.trim() === '' &&
    values.price.trim() === '' &&
    values.homeDelivery === 'unset' &&
    values.validUntil === '' &&
    values.location === null &&
    images.length === 0
  );
}

/** Whether a draft says something other than what the form would start with anyway. */
export function draftDiffers(
  draft: Pick<Draft, 'values' | 'images'>,
  base: ComposerValues,
  baseImages: readonly string[],
): boolean {
  return JSON.stringify([draft.values, draft.images]) !== JSON.stringify([base, baseImages]);
}

export function writeDraft(key: string, draft: Omit<Draft, 'savedAt'>, now = Date.now()): void {
  if (isBlankDraft(draft.values, draft.images)) {
    removeStorage(key);
    return;
  }
  writeJson(key, { ...draft, savedAt: now } satisfies Draft);
}

export function clearDraft(key: string): void {
  removeStorage(key);
}
