import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, serveFakeApi } from '@/lib/session-testing';
import { ModerationPage } from './moderation-page';

const post = {
  id: 'p1',
  businessId: 'b1',
  businessName: 'Sharma Kirana',
  businessStatus: 'active',
  content: 'Old stock of basmati',
  category: 'Grocery',
  city: 'Pune',
  image: null,
  createdAt: '2026-02-20T06:00:00.000Z',
  hiddenAt: null,
  hiddenReason: null,
  hiddenNote: null,
  reviewRequestedAt: null,
  openReports: 0,
  reportReasons: {},
  reportSources: [],
};

describe('/admin/feed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how far back a search looked when it stopped before filling the page, and goes on with “Load more”', async () => {
    const calls = serveFakeApi((call) =>
      new URLSearchParams(call.search).get('cursor')
        ? jsonResponse(200, { posts: [post], nextCursor: null, searchedTo: null })
        : jsonResponse(200, { posts: [], nextCursor: 'next', searchedTo: '2026-03-01T06:00:00.000Z' }),
    );
    renderRoutes([{ path: '/admin/feed', element: <ModerationPage /> }], '/admin/feed?q=sharma%20kirana%20basmati');
    expect(await screen.findByText('Searched the posts back to 1 Mar 2026. “Load more” searches older posts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Old stock of basmati')).toBeTruthy();
    expect(screen.queryByText(/Searched the posts back to/)).toBeNull();
    await waitFor(() => expect(new URLSearchParams(calls.at(-1)?.search).get('cursor')).toBe('next'));
  });
});
