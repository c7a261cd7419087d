import type { AppUser } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/lib/session-testing';
import { statsStorageKey } from '../utils/stats-storage';
import { AppHome } from './app-home';
import { ProfileCompletenessCard } from './profile-completeness-card';

const user = (overrides: Partial<AppUser> = {}): AppUser =>
  testUser({
    id: '5d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b',
    name: 'Ravi Sharma',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });

const complete = user({
  businessPhone: '9820012345',
  businessCategories: ['Grocery'],
  businessAddress: 'Shop 4, Karve Road',
  lat: 18.5,
  lon: 73.8,
  city: 'Pune',
  profileImageUrl: '/uploads/a.webp',
});

function renderWithProviders(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('<ProfileCompletenessCard>', () => {
  it('shows the percent and each missing step in plain words, linked to its field on /edit-profile', () => {
    renderWithProviders(<ProfileCompletenessCard user={user({ businessPhone: '9820012345' })} />);
    // Name and phone are done: 2 of 6 steps.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText('33% complete')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Steps still to do' })).getAllByRole('link');
    expect(steps.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Choose what your business sells (categories)', '/edit-profile#businessCategories'],
      ['Add your shop address', '/edit-profile#businessAddress'],
      ['Set your business location, so people nearby see your posts', '/edit-profile#location'],
      ['Add a photo or logo of your business', '/edit-profile#profileImage'],
    ]);
    expect(screen.queryByText(/Your posts reach people near/)).toBeNull();
  });

  it('says where the posts reach once the profile is complete', () => {
    renderWithProviders(<ProfileCompletenessCard user={complete} />);
    expect(screen.getByRole('heading', { name: 'Your profile is complete' })).toBeTruthy();
    expect(screen.getByText('Your posts reach people near Pune.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Steps still to do' })).toBeNull();
  });
});

describe('<AppHome>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('greets the business, fetches the figures (balance in rupees) and keeps them for next time', async () => {
    const fetchMock = vi.fn(async () => json({ contacts: 1234, sentSms: 56, balancePaise: 12_345_650, posts: 7 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AppHome user={complete} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Sharma Kirana Store' })).toBeTruthy();
    expect(screen.getByText('Namaste, Ravi Sharma')).toBeTruthy();
    expect(screen.getByTestId('stats-loading')).toBeTruthy();
    expect((await screen.findByTestId('stat-balance')).textContent).toBe('₹1,23,456.50');
    expect(screen.getByTestId('stat-contacts').textContent).toBe('1,234');
    expect(screen.getByTestId('stat-sent-sms').textContent).toBe('56');
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/user/stats');
    expect(JSON.parse(localStorage.getItem(statsStorageKey(complete.id)) ?? 'null')).toEqual({
      contacts: 1234,
      sentSms: 56,
      balance: 12_345_650,
      posts: 7,
    });
  });

  it('shows the kept figures at once while the server answers', async () => {
    localStorage.setItem(statsStorageKey(complete.id), JSON.stringify({ contacts: 3, sentSms: 2 }));
    let answer: (res: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<AppHome user={complete} />);

    expect(screen.getByTestId('stat-contacts').textContent).toBe('3');
    expect(screen.getByTestId('stat-balance').textContent).toBe('₹0');
    expect(screen.getByText('Updating...')).toBeTruthy();
    answer(json({ contacts: 4, sentSms: 2, balancePaise: 500, posts: 1 }));
    expect(await screen.findByText('₹5')).toBeTruthy();
    expect(screen.getByTestId('stat-contacts').textContent).toBe('4');
  });

  it('says when the figures failed to load and tries again on request', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      return calls === 1
        ? json({ message: 'Database unavailable' }, 503)
        : json({ contacts: 9, sentSms: 0, balancePaise: 0, posts: 0 });
    });
    renderWithProviders(<AppHome user={complete} />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load your figures')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('stat-contacts')).textContent).toBe('9');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
