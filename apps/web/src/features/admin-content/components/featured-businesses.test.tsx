import type { BusinessCard, BusinessCardPage } from '@aaspaas/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { FeaturedBusinesses } from './featured-businesses';

const card = (n: number, overrides: Partial<BusinessCard> = {}): BusinessCard => ({
  userId: `6f1c2a7e-1111-4222-8333-44445555666${n}`,
  email: `shop${n}@example.in`,
  businessName: `Shop ${n}`,
  businessPhone: null,
  businessAddress: null,
  businessCategories: [],
  profileImageUrl: null,
  city: 'Pune',
  status: 'active',
  verified: false,
  featured: true,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

/** The server's answer to the featured list; the URL asked for is kept to check the filter. */
function serve(page: BusinessCardPage) {
  const fetchMock = vi.fn(async (_url: string) => Response.json(page));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('<FeaturedBusinesses>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the featured businesses the server sends, links each to its page, and says how many more there are', async () => {
    const fetchMock = serve({
      items: [card(1, { verified: true }), card(2)],
      total: 30,
      totalCapped: false,
      page: 1,
      pageSize: 25,
    });
    renderWithProviders(<FeaturedBusinesses />);
    const shop = await screen.findByRole('link', { name: 'Shop 1' });
    const section = screen.getByRole('region', { name: /Featured businesses/ });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('featured=true');
    expect(shop.getAttribute('href')).toBe(`/business/${card(1).userId}`);
    expect(within(section).getAllByRole('img', { name: 'Verified business' })).toHaveLength(1);
    expect(within(section).getByText('30 featured')).toBeTruthy();
    expect(within(section).getByText('and 28 more')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Manage on Business Cards' }).getAttribute('href')).toBe(
      '/admin/business-cards?featured=true',
    );
  });

  it('says so when no business is featured, and still links to Business Cards', async () => {
    serve({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 25 });
    renderWithProviders(<FeaturedBusinesses />);
    expect(await screen.findByText('No business is featured yet. Feature one from Business Cards.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage on Business Cards' })).toBeTruthy();
  });
});
