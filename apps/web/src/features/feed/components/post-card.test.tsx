import { ENQUIRY_TEXT_MAX } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makePost } from '@/test/make-post';
import { PostCard } from './post-card';

const post = makePost;

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('<PostCard>', () => {
  it('shows the spec §2 post display: time, distance, prices, discount, delivery badge', () => {
    wrap(<PostCard post={post()} />);
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

  it("shows 'No Free Delivery' for false and nothing for null; Indian digit grouping", () => {
    const { unmount } = wrap(<PostCard post={post({ homeDelivery: false, ourPricePaise: 12_345_600, mrpPaise: null })} />);
    expect(screen.getByText('No Free Delivery')).toBeTruthy();
    expect(screen.getByText('₹1,23,456')).toBeTruthy();
    unmount();
    wrap(<PostCard post={post({ homeDelivery: null })} />);
    expect(screen.queryByText(/Free Delivery/)).toBeNull();
  });

  it('links the WhatsApp enquiry to wa.me with the 91 prefix and a text of at most 80 characters', () => {
    wrap(<PostCard post={post()} />);
    const link = screen.getByTestId('whatsapp-button') as HTMLAnchorElement;
    const url = new URL(link.href);
    expect(url.origin + url.pathname).toBe('https://wa.me/919820012345');
    const text = url.searchParams.get('text') ?? '';
    expect(text.startsWith('Hi Sharma Kirana Store')).toBe(true);
    expect(Array.from(text).length).toBeLessThanOrEqual(ENQUIRY_TEXT_MAX);
  });

  it('offers a button (and a message) when the business has no WhatsApp number', () => {
    wrap(<PostCard post={post({ businessPhone: null })} />);
    expect(screen.getByTestId('whatsapp-button').tagName).toBe('BUTTON');
  });
});
