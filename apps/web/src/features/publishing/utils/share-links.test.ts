import { describe, expect, it } from 'vitest';
import { SHARE_TEXT_MAX } from '@/config/message-limits';
import { postUrl, shareText, whatsappShareHref } from './share-links';

describe('sharing a published post', () => {
  it('links to the post in the feed and keeps the text within the share length', () => {
    const url = postUrl('https://aaspaas.in', 'a1b2');
    expect(url).toBe('https://aaspaas.in/?post=a1b2');
    const text = shareText('Sharma Sweets', 'Kaju katli '.repeat(30));
    expect(Array.from(text).length).toBeLessThanOrEqual(SHARE_TEXT_MAX);
    expect(text.startsWith('Sharma Sweets: Kaju katli')).toBe(true);
    const href = whatsappShareHref(text, url);
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe(`${text} ${url}`);
  });
});
