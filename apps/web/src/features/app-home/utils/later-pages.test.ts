import { describe, expect, it } from 'vitest';
import { LATER_APP_ROUTES, paths } from '@/config/paths';
import { LATER_PAGES, laterPageFor } from './later-pages';

describe('laterPageFor', () => {
  it('names the page from its path, parameters included', () => {
    expect(laterPageFor('/send-offers')).toBe('sendOffers');
    expect(laterPageFor('/template-preview/abc')).toBe('templatePreview');
    expect(laterPageFor('/success')).toBe('success');
    expect(laterPageFor('/app')).toBeNull();
    expect(laterPageFor('/wallet/extra')).toBeNull();
  });

  it('no longer claims the contacts pages, which are built', () => {
    for (const path of ['/contacts', '/add-contact', '/add-customer-contact', '/edit-contact/42']) {
      expect(laterPageFor(path), path).toBeNull();
    }
  });

  it('covers every route the router sends to the coming-soon page', () => {
    const routed = [...LATER_APP_ROUTES, paths.account.success].map((route) => route.path);
    expect(LATER_PAGES.map((page) => page.path)).toEqual(expect.arrayContaining(routed));
  });
});
