import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminDashboard } from './admin-dashboard';

function renderWithProviders(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const ACTIVITY = {
  days: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    businesses: i % 3,
    posts: i,
    views: 10 * i,
  })),
  queue: { reported: 11, appeals: 12, hidden: 13 },
};

/**
 * The dashboard's calls: the counts from `stats`, the spikes from `spikes` and the new accounts paying
 * for SMS from `spenders` (none by default), the activity.
 */
function serveDashboard(
  stats: () => Response,
  spikes: () => Response = () => Response.json([]),
  spenders: () => Response = () => Response.json([]),
) {
  const fetchMock = vi.fn(async (url: string) =>
    String(url).endsWith('/api/admin/engagement-spikes')
      ? spikes()
      : String(url).endsWith('/api/admin/welcome-sms-spenders')
        ? spenders()
        : String(url).endsWith('/api/admin/activity')
          ? Response.json(ACTIVITY)
          : stats(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const SPIKE = {
  postId: '7d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b',
  businessId: '5d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b',
  businessName: 'Sharma Sweets',
  content: 'Fresh jalebi every evening',
  kind: 'likes',
  lastHour: 1240,
  hourlyAverage: 3.4,
};

describe('<AdminDashboard>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links the queue to the filtered moderation list and draws the last 30 days', async () => {
    serveDashboard(() =>
      Response.json({ businesses: 1, posts: 2, likes: 3, viewsToday: 4, views7Days: 5, newBusinesses7Days: 6 }),
    );
    renderWithProviders(<AdminDashboard />);
    const queue = await screen.findByTestId('admin-queue');
    expect(
      within(queue)
        .getByRole('link', { name: /11\s*Reported posts/ })
        .getAttribute('href'),
    ).toBe('/admin/feed?queue=reported');
    expect(
      within(queue)
        .getByRole('link', { name: /12\s*Review requests/ })
        .getAttribute('href'),
    ).toBe('/admin/feed?queue=appealed');
    expect(screen.getByRole('img', { name: 'New posts per day over the last 30 days' }).querySelectorAll('rect')).toHaveLength(
      30,
    );
    fireEvent.click(screen.getByRole('button', { name: /Views/ }));
    expect(screen.getByRole('img', { name: 'Views per day over the last 30 days' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Views/ }).textContent).toContain('Today 290 · 30 days 4,350');
  });

  it('shows the six counts from GET /api/admin/stats', async () => {
    const fetchMock = serveDashboard(() =>
      Response.json({
        businesses: 1520,
        posts: 48213,
        likes: 120345,
        viewsToday: 982,
        views7Days: 15003,
        newBusinesses7Days: 41,
        messaging: {
          whatsappConnected: 12,
          whatsappInbound: 340,
          sms: { sent: 25000, delivered: 24100, failed: 900 },
          whatsapp: { sent: 5200, delivered: 5000, failed: 150 },
        },
      }),
    );
    renderWithProviders(<AdminDashboard />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    // Skeletons first, then the figures.
    expect(screen.getByTestId('admin-stat-posts').textContent).toBe('');
    expect(await screen.findByText('48,213')).toBe(screen.getByTestId('admin-stat-posts'));
    expect(screen.getByTestId('admin-stat-likes').textContent).toBe('1,20,345');
    expect(screen.getByTestId('admin-stat-businesses').textContent).toBe('1,520');
    expect(screen.getByTestId('admin-stat-viewsToday').textContent).toBe('982');
    expect(screen.getByTestId('admin-stat-views7Days').textContent).toBe('15,003');
    expect(screen.getByTestId('admin-stat-newBusinesses7Days').textContent).toBe('41');
    expect(screen.getByText('Views in 7 days')).toBeTruthy();
    // Messaging over the same 7 days: SMS beside WhatsApp, the numbers connected and the enquiries received.
    expect(screen.getByTestId('messaging-connected').textContent).toBe('12');
    expect(screen.getByTestId('messaging-inbound').textContent).toBe('340');
    expect(screen.getByTestId('messaging-sms').textContent).toBe('SMS25,00024,100900');
    expect(screen.getByTestId('messaging-whatsapp').textContent).toBe('WhatsApp5,2005,000150');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/admin/stats');
    expect(await screen.findByText('No post is rising unusually fast right now.')).toBeTruthy();
  });

  it('lists the posts whose counts rise abnormally fast, each linking to the post', async () => {
    serveDashboard(
      () => Response.json({ businesses: 1, posts: 2, likes: 3, viewsToday: 4, views7Days: 5, newBusinesses7Days: 6 }),
      () => Response.json([SPIKE]),
    );
    renderWithProviders(<AdminDashboard />);
    const list = await screen.findByTestId('engagement-spikes');
    expect(within(list).getByRole('link', { name: 'Sharma Sweets' }).getAttribute('href')).toBe(`/?post=${SPIKE.postId}`);
    expect(within(list).getByText('1,240 likes in the last hour (usually 3 an hour)')).toBeTruthy();
  });

  it('says when the spikes could not be checked, and tries again', async () => {
    let spikeCalls = 0;
    serveDashboard(
      () => Response.json({ businesses: 1, posts: 2, likes: 3, viewsToday: 4, views7Days: 5, newBusinesses7Days: 6 }),
      () => {
        spikeCalls += 1;
        return spikeCalls === 1 ? Response.json({ message: 'Database unavailable' }, { status: 503 }) : Response.json([SPIKE]);
      },
    );
    renderWithProviders(<AdminDashboard />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not check for posts rising fast')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('engagement-spikes')).toBeTruthy();
  });

  it('says when the counts failed and tries again', async () => {
    let calls = 0;
    serveDashboard(() => {
      calls += 1;
      return calls === 1
        ? Response.json({ message: 'You do not have permission to do this.' }, { status: 403 })
        : Response.json({ businesses: 1, posts: 2, likes: 3, viewsToday: 4, views7Days: 5, newBusinesses7Days: 6 });
    });
    renderWithProviders(<AdminDashboard />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You do not have permission to do this.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4')).toBe(screen.getByTestId('admin-stat-viewsToday'));
  });

  it('lists new accounts that paid for SMS within the hour of signing up, each linking to the account', async () => {
    serveDashboard(
      () => Response.json({ businesses: 1, posts: 2, likes: 3, viewsToday: 4, views7Days: 5, newBusinesses7Days: 6 }),
      () => Response.json([]),
      () =>
        Response.json([
          {
            userId: '6d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b',
            email: 'quick@example.in',
            businessName: 'Quick Deals',
            emailVerified: true,
            createdAt: '2026-11-20T06:00:00.000Z',
            firstChargeAt: '2026-11-20T06:10:00.000Z',
            chargedPaise: 9_800,
            campaigns: 2,
          },
        ]),
    );
    renderWithProviders(<AdminDashboard />);
    const list = await screen.findByTestId('welcome-sms-spenders');
    expect(within(list).getByRole('link', { name: 'Quick Deals' }).getAttribute('href')).toBe(
      '/admin/users?q=quick%40example.in',
    );
    expect(list.textContent).toContain('2 campaigns, ₹98');
    expect(list.textContent).toContain('email confirmed');
    expect(screen.getByRole('button', { name: 'Open password sign-in again' })).toBeTruthy();
  });
});
