import { describe, expect, it } from 'vitest';
import { LATER_APP_ROUTES, paths } from '@/config/paths';
import { laterPageFor } from './later-pages';

describe('laterPageFor', () => {
  it('names the page from its path, parameters included', () => {
    expect(laterPageFor('/send-offers')).toBe('sendOffers');
    expect(laterPageFor('/edit-contact/42')).toBe('editContact');
    expect(laterPageFor('/template-preview/abc')).toBe('templatePreview');
    expect(laterPageFor('/success')).toBe('success');
    expect(laterPageFor('/app')).toBeNull();
    expect(laterPageFor('/contacts/extra')).toBeNull();
  });

  it('knows every route the router sends to the coming-soon page', () => {
    for (const route of [...LATER_APP_ROUTES, paths.account.success]) {
      expect(laterPageFor(route.path.replace(':id', '1')), route.path).not.toBeNull();
    }
  });
});
