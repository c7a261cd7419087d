import { fireEvent, screen, within } from '@testing-library/react';
import { whatsappPostReference } from '@aaspaas/domain/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENQUIRY_TEXT_MAX } from '@/config/message-limits';
import { makePost } from '@/test/make-post';
import { renderWithProviders } from '@/test/render-with-providers';
import { PostCard } from './post-card';

const post = makePost;

describe('<PostCard>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the docs/product.md §2 post display: time, distance, prices, discount, delivery badge', () => {
    renderWithProviders(<PostCard post={post()} />);
    const card = screen.getByTestId('post-card');
    expect(card.dataset.city).toBe('Pune');
    expect(within(card).getByText('5m ago')).toBeTruthy();
    expect(within(card).getByText(/2\.3 km away/)).toBeTruthy();
    expect(within(card).getByText('₹999')).toBeTruthy();
    expect(within(card).getByText('₹1,250').tagName).toBe('S');
    expect(within(card).getByText('20% off')).toBeTruthy();
    expect(within(card).getByText('Free Delivery')).toBeTruthy();
    expect(within(card).getByTestId('likes-count').textContent).toBe('3 likes');
    // #mango is in the text (tappable there); #fruit is not, so it gets its own row.
    expect(within(card).getByRole('listitem').textContent).toBe('#fruit');
  });

  it("shows the 'Verified business' badge beside the name of a verified business only", () => {
    const { unmount } = renderWithProviders(<PostCard post={post({ businessVerified: true })} />);
    const heading = within(screen.getByTestId('post-card')).getByRole('heading', { level: 2 });
    const badge = within(heading).getByRole('img', { name: 'Verified business' });
    expect(badge.textContent).toBe('Verified');
    unmount();
    renderWithProviders(<PostCard post={post()} />);
    expect(screen.queryByRole('img', { name: 'Verified business' })).toBeNull();
    expect(screen.queryByText('Verified')).toBeNull();
  });

  it("shows 'No Free Delivery' for false and nothing for null; Indian digit grouping", () => {
    const { unmount } = renderWithProviders(
      <PostCard post={post({ homeDelivery: false, ourPricePaise: 12_345_600, mrpPaise: null })} />,
    );
    expect(screen.getByText('No Free Delivery')).toBeTruthy();
    expect(screen.getByText('₹1,23,456')).toBeTruthy();
    unmount();
    renderWithProviders(<PostCard post={post({ homeDelivery: null })} />);
    expect(screen.queryByText(/Free Delivery/)).toBeNull();
  });

  it('links the WhatsApp enquiry to wa.me with the 91 prefix and a text of at most 80 characters', () => {
    renderWithProviders(<PostCard post={post()} />);
    const link = screen.getByTestId('whatsapp-button') as HTMLAnchorElement;
    const url = new URL(link.href);
    expect(url.origin + url.pathname).toBe('https://wa.me/919820012345');
    const text = url.searchParams.get('text') ?? '';
    expect(text.startsWith('Hi Sharma Kirana Store')).toBe(true);
    expect(Array.from(text).length).toBeLessThanOrEqual(ENQUIRY_TEXT_MAX);
    // The business's inbox ties the chat to the post by this reference.
    expect(text.endsWith(whatsappPostReference(post().id))).toBe(true);
  });

  it('offers a button (and a message) when the business has no WhatsApp number', () => {
    renderWithProviders(<PostCard post={post({ businessPhone: null })} />);
    expect(screen.getByTestId('whatsapp-button').tagName).toBe('BUTTON');
  });

  it("links the business's name and photo to its page and opens its popup from the info button (docs/product.md §2)", async () => {
    const p = post({ profileImageUrl: '/media/seed/avatars/a.webp' });
    renderWithProviders(<PostCard post={p} />);
    const card = screen.getByTestId('post-card');
    const href = `/business/${p.userId}`;
    const links = within(card)
      .getAllByRole('link', { hidden: true })
      .filter((a) => a.getAttribute('href') === href);
    expect(links).toHaveLength(2);
    // One stop for the keyboard: the name; the photo is the same link for a finger.
    expect(within(card).getByRole('link', { name: p.businessName }).getAttribute('href')).toBe(href);
    expect(links.filter((a) => a.getAttribute('tabindex') === '-1' && a.getAttribute('aria-hidden') === 'true')).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: `About ${p.businessName}` }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("shows the badge in the business's popup when the server says it is verified", async () => {
    const p = post();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          userId: p.userId,
          businessName: p.businessName,
          businessPhone: null,
          businessAddress: null,
          businessDetails: null,
          businessCategories: [],
          profileImageUrl: null,
          city: null,
          state: null,
          postCount: 1,
          verified: true,
          featured: false,
        }),
      ),
    );
    renderWithProviders(<PostCard post={p} />);
    fireEvent.click(screen.getByRole('button', { name: `About ${p.businessName}` }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: 'Verified business' })).toBeTruthy();
  });

  it("shows the name without links or info button on the business's own page", () => {
    const p = post();
    renderWithProviders(<PostCard post={p} businessLinks={false} />);
    const card = screen.getByTestId('post-card');
    expect(
      within(card)
        .queryAllByRole('link', { hidden: true })
        .filter((a) => a.getAttribute('href')?.startsWith('/business/')),
    ).toHaveLength(0);
    expect(within(card).queryByRole('button', { name: `About ${p.businessName}` })).toBeNull();
    expect(within(card).getByRole('heading', { name: p.businessName })).toBeTruthy();
  });
});
