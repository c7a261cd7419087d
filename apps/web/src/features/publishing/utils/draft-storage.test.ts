import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftDiffers, draftKey, readDraft, writeDraft } from './draft-storage';
import { emptyComposerValues } from './form-values';

describe('composer drafts in localStorage', () => {
  afterEach(() => localStorage.clear());

  it('one per user, mode and edited post', () => {
    expect(draftKey('u1', 'offer')).toBe('aaspaas_post_draft:u1:offer:new');
    expect(draftKey('u1', 'post', 'p9')).toBe('aaspaas_post_draft:u1:post:p9');
  });

  it('saves and restores text, tags, prices, delivery, date, photos and the place', () => {
    const key = draftKey('u1', 'offer');
    const values = {
      ...emptyComposerValues(),
      content: 'Diwali sale',
      tags: ['diwali'],
      mrp: '1999',
      price: '1499',
      homeDelivery: 'yes' as const,
      validUntil: '2026-11-30',
      location: { lat: 18.52, lon: 73.85, city: 'Pune', state: 'Maharashtra' },
    };
    writeDraft(key, { values, images: ['/media/u/a.jpg'], templateId: 't1' }, 1000);
    expect(readDraft(key)).toEqual({ values, images: ['/media/u/a.jpg'], templateId: 't1', savedAt: 1000 });
    expect(readDraft(draftKey('u2', 'offer'))).toBeNull();
    clearDraft(key);
    expect(readDraft(key)).toBeNull();
  });

  it('keeps nothing for an empty form, and drops a damaged draft', () => {
    const key = draftKey('u1', 'post');
    writeDraft(key, { values: { ...emptyComposerValues(), content: 'x' }, images: [] });
    writeDraft(key, { values: emptyComposerValues(), images: [] });
    expect(localStorage.getItem(key)).toBeNull();

    localStorage.setItem(key, '{not json');
    expect(readDraft(key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ values: 'nope' }));
    expect(readDraft(key)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('reads a draft with an unknown field value as the default, not as an error', () => {
    const key = draftKey('u1', 'post');
    localStorage.setItem(key, JSON.stringify({ values: { content: 'Hi', homeDelivery: 'maybe' }, images: [], savedAt: 5 }));
    expect(readDraft(key)?.values).toEqual({ ...emptyComposerValues(), content: 'Hi' });
  });

  it('tells a draft that only repeats the starting point', () => {
    const base = { ...emptyComposerValues(), content: 'Post' };
    expect(draftDiffers({ values: base, images: ['/a.jpg'] }, base, ['/a.jpg'])).toBe(false);
    expect(draftDiffers({ values: { ...base, content: 'Post!' }, images: ['/a.jpg'] }, base, ['/a.jpg'])).toBe(true);
  });
});
