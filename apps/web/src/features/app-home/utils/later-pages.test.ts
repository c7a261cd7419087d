import { describe, expect, it } from 'vitest';
import { LATER_APP_ROUTES } from '@/config/paths';
import { LATER_PAGES, laterPageFor } from './later-pages';

describe('laterPageFor', () => {
  it('names the page from its path, parameters included', () => {
    expect(laterPageFor('/campaigns')).toBe('campaigns');
    expect(laterPageFor('/sms-history')).toBe('smsHistory');
    expect(laterPageFor('/app')).toBeNull();
    expect(laterPageFor('/campaigns/extra')).toBeNull();
  });

  it('no longer claims the pages that are built', () => {
    for (const path of [
      '/contacts',
      '/add-contact',
      '/add-customer-contact',
      '/edit-contact/42',
      '/send-post',
      '/send-offers',
      '/posts-history',
      '/add-templates',
      '/template-preview/abc',
      '/learn',
      '/wallet',
      '/success',
    ]) {
      expect(laterPageFor(path), path).toBeNull();
    }
  });

  it('lists exactly the routes the router sends to the coming-soon page', () => {
    const routed = LATER_APP_ROUTES.map((route) => route.path).sort();
    expect(LATER_PAGES.map((page) => page.path).sort()).toEqual(routed);
  });
});
