import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, serveFakeApi, type FakeCall } from '@/lib/session-testing';
import { myPostsPage, testInsights, testOwnPost } from '../utils/posts-testing';
import { PostsHistoryPage } from './posts-history-page';

const offer = testOwnPost({
  id: '00000000-0000-4000-8000-00000000000a',
  content: 'Diwali sweets box, 1 kg, fresh today',
  category: 'Sweets',
  mrpPaise: 60_000,
  ourPricePaise: 45_000,
  images: ['/media/u1/box.jpg'],
  viewsCount: 120,
  likesCount: 4,
  sharesCount: 1,
  whatsappCount: 9,
});
const post = testOwnPost({
  id: '00000000-0000-4000-8000-00000000000b',
  content: 'We are open on Sunday from 8 am',
  viewsCount: 1,
});
const expired = testOwnPost({
  id: '00000000-0000-4000-8000-00000000000c',
  content: 'Holi colours, 20% off',
  mrpPaise: 10_000,
  ourPricePaise: 8_000,
  expiresAt: '2026-03-14T18:29:59.999Z',
  expired: true,
});

const businessInsights = testInsights([[3, 1]], { posts: 3, views: 121, likes: 4, shares: 1, whatsapp: 9 });

/** What a test answers itself; undefined leaves the call to the list and the business's insights. */
type Extra = (call: FakeCall) => Response | undefined;

/** The API of these tests: the list (and whatever `extra` answers first), the business's insights. */
function serve(list: (call: FakeCall) => Response, extra?: Extra) {
  return serveFakeApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/user/posts/insights') return jsonResponse(200, businessInsights);
    if (call.method === 'GET' && call.path === '/api/user/posts') return list(call);
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderHistory() {
  return renderAt(
    <>
      <Toaster />
      <PostsHistoryPage />
    </>,
    '/posts-history',
  );
}

const item = (text: string) => screen.getByRole('article', { name: new RegExp(text) });
const calls = (all: FakeCall[], method: string, path: string) => all.filter((c) => c.method === method && c.path === path);

describe('/posts-history', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows skeletons, then each post with its photo, price, counters, badge and actions', async () => {
    serve(() => jsonResponse(200, myPostsPage([offer, post, expired])));
    renderHistory();
    expect(screen.getByTestId('posts-loading')).toBeTruthy();
    expect(screen.getByText('Loading your posts…')).toBeTruthy();

    const card = await screen.findByRole('article', { name: /Diwali sweets box/ });
    expect(card.textContent).toContain('Sweets');
    expect(card.textContent).toContain('₹450');
    expect(within(card).getByLabelText('MRP ₹600')).toBeTruthy();
    expect(card.textContent).toContain('25% off');
    expect(card.querySelector('img')!.getAttribute('sizes')).toBe('96px');
    const results = within(card).getByRole('list', { name: 'Results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.sr-only')!.textContent),
    ).toEqual(['120 views', '4 likes', '1 share', '9 WhatsApp enquiries']);
    expect(within(card).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/send-offers?edit=${offer.id}`);
    expect(within(card).getByRole('link', { name: 'View in feed' }).getAttribute('href')).toBe(`/?post=${offer.id}`);
    expect(within(card).queryByTestId('expired-badge')).toBeNull();

    // A post without prices is edited in /send-post.
    expect(within(item('We are open on Sunday')).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/send-post?edit=${post.id}`,
    );
    expect(within(item('We are open on Sunday')).getByRole('list', { name: 'Results' }).textContent).toContain('1 view');

    // An expired offer: the badge, and no link into the feed it has left.
    const gone = item('Holi colours');
    expect(within(gone).getByTestId('expired-badge').textContent).toBe('Expired');
    expect(within(gone).queryByRole('link', { name: 'View in feed' })).toBeNull();
    expect(gone.textContent).toContain('Offer ended on 14 Mar 2026');

    expect(screen.getByTestId('posts-shown').textContent).toBe('Showing 3 of 3 posts');
    expect(await screen.findByTestId('total-views')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('total-views').textContent).toBe('121'));
    expect(screen.getByTestId('total-posts').textContent).toBe('3');
    expect(screen.getByTestId('total-whatsapp').textContent).toBe('9');
    expect(screen.getByTestId('total-whatsappReceived').textContent).toBe('0');
    expect(document.title).toBe('Your posts · Aaspaas');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/app');
  });

  it('says there are no posts yet and offers to write a post or an offer', async () => {
    serve(() => jsonResponse(200, myPostsPage([])));
    renderHistory();
    const empty = (await screen.findByRole('heading', { name: 'You have not posted yet' })).closest('section')!;
    expect(within(empty).getByRole('link', { name: 'Write your first post' }).getAttribute('href')).toBe('/send-post');
    expect(within(empty).getByRole('link', { name: 'Make an offer' }).getAttribute('href')).toBe('/send-offers');
    // Nothing to chart for a business without posts.
    expect(screen.queryByTestId('business-insights')).toBeNull();
  });

  it("shows a failed load with the server's message and a retry", async () => {
    let fail = true;
    serve(() => (fail ? jsonResponse(503, { message: 'Service busy, try again' }) : jsonResponse(200, myPostsPage([post]))));
    renderHistory();
    expect(await screen.findByText('Could not load your posts')).toBeTruthy();
    expect(screen.getByText('Service busy, try again')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /We are open on Sunday/ })).toBeTruthy();
  });

  it('loads the next page with the cursor, and says how many of how many are shown', async () => {
    const first = Array.from({ length: 20 }, (_, i) => testOwnPost({ content: `Page one post ${i}` }));
    const second = Array.from({ length: 5 }, (_, i) => testOwnPost({ content: `Page two post ${i}` }));
    const all = serve((call) =>
      new URLSearchParams(call.search).get('cursor') === 'c-20'
        ? jsonResponse(200, myPostsPage(second, { total: 25 }))
        : jsonResponse(200, myPostsPage(first, { total: 25, nextCursor: 'c-20' })),
    );
    renderHistory();
    await screen.findByRole('article', { name: /Page one post 0/ });
    expect(screen.getByTestId('posts-shown').textContent).toBe('Showing 20 of 25 posts');
    expect(new URLSearchParams(calls(all, 'GET', '/api/user/posts')[0]!.search).get('limit')).toBe('20');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    });
    await screen.findByRole('article', { name: /Page two post 4/ });
    expect(screen.getByTestId('posts-shown').textContent).toBe('Showing 25 of 25 posts');
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
    expect(screen.getAllByTestId('my-post')).toHaveLength(25);
  });

  it('asks before deleting, names the post; Cancel keeps it, Delete removes it with a toast', async () => {
    let posts = [offer, post];
    const all = serve(
      () => jsonResponse(200, myPostsPage(posts)),
      (call) => {
        if (call.method !== 'DELETE') return undefined;
        posts = posts.filter((p) => `/api/user/posts/${p.id}` !== call.path);
        return new Response(null, { status: 204 });
      },
    );
    renderHistory();
    const card = await screen.findByRole('article', { name: /Diwali sweets box/ });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    expect(dialog.textContent).toContain('“Diwali sweets box, 1 kg, fresh today”');
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(screen.getByRole('article', { name: /Diwali sweets box/ })).getByRole('button', { name: 'Delete' }),
      ),
    );
    expect(calls(all, 'DELETE', `/api/user/posts/${offer.id}`)).toHaveLength(0);
    expect(screen.getByRole('article', { name: /Diwali sweets box/ })).toBeTruthy();

    fireEvent.click(within(screen.getByRole('article', { name: /Diwali sweets box/ })).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(await screen.findByText('Post deleted')).toBeTruthy();
    expect(calls(all, 'DELETE', `/api/user/posts/${offer.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: /Diwali sweets box/ })).toBeNull());
    expect(screen.getByRole('article', { name: /We are open on Sunday/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('posts-shown').textContent).toBe('Showing 1 of 1 post'));
    // Its buttons are gone: focus waits on the list's heading, not lost on the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'All posts' })));
  });

  it("keeps the dialog open with the server's message when a delete fails, and never retries it", async () => {
    const all = serve(
      () => jsonResponse(200, myPostsPage([post])),
      (call) => (call.method === 'DELETE' ? jsonResponse(404, { message: 'Post not found' }) : undefined),
    );
    renderHistory();
    const card = await screen.findByRole('article', { name: /We are open on Sunday/ });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Post not found');
    expect(await screen.findByText('Failed to delete post')).toBeTruthy();
    expect(calls(all, 'DELETE', `/api/user/posts/${post.id}`)).toHaveLength(1);
  });

  it('reposts after a confirmation: the copy shows first, with a toast', async () => {
    const copy = testOwnPost({
      ...post,
      id: '00000000-0000-4000-8000-0000000000cc',
      viewsCount: 0,
      createdAt: new Date().toISOString(),
    });
    let posts = [offer, post];
    const all = serve(
      () => jsonResponse(200, myPostsPage(posts)),
      (call) => {
        if (call.method !== 'POST') return undefined;
        posts = [copy, ...posts];
        return jsonResponse(201, copy);
      },
    );
    renderHistory();
    const card = await screen.findByRole('article', { name: /We are open on Sunday/ });
    fireEvent.click(within(card).getByRole('button', { name: 'Repost' }));
    const dialog = screen.getByRole('dialog', { name: 'Post this again?' });
    expect(within(dialog).queryByLabelText('Valid until')).toBeNull();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Repost' }));
    });
    expect(await screen.findByText('Posted again')).toBeTruthy();
    const reposts = calls(all, 'POST', `/api/user/posts/${post.id}/repost`);
    expect(reposts).toHaveLength(1);
    expect(reposts[0]!.body).toEqual({});
    await waitFor(() => expect(screen.getAllByTestId('my-post')[0]!.getAttribute('data-post-id')).toBe(copy.id));
    expect(screen.getAllByTestId('my-post')).toHaveLength(3);
    // The copy takes focus, so a keyboard or screen-reader user is where it is.
    await waitFor(() => expect(document.activeElement?.getAttribute('data-post-id')).toBe(copy.id));
  });

  it('asks an expired offer for a new valid-until date and sends it', async () => {
    const all = serve(
      () => jsonResponse(200, myPostsPage([expired])),
      (call) =>
        call.method === 'POST'
          ? jsonResponse(201, { ...expired, id: '00000000-0000-4000-8000-0000000000dd', expired: false })
          : undefined,
    );
    renderHistory();
    const card = await screen.findByRole('article', { name: /Holi colours/ });
    fireEvent.click(within(card).getByRole('button', { name: 'Repost' }));
    const dialog = screen.getByRole('dialog', { name: 'Post this offer again?' });
    const date = within(dialog).getByLabelText('Valid until');
    fireEvent.change(date, { target: { value: '2001-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Repost' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The valid-until date must be in the future');
    expect(calls(all, 'POST', `/api/user/posts/${expired.id}/repost`)).toHaveLength(0);

    const future = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(date, { target: { value: future } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Repost' }));
    });
    await waitFor(() => expect(calls(all, 'POST', `/api/user/posts/${expired.id}/repost`)).toHaveLength(1));
    expect(calls(all, 'POST', `/api/user/posts/${expired.id}/repost`)[0]!.body).toEqual({ expiresAt: future });
  });

  it("opens one post's chart in place, fetched only then", async () => {
    const all = serve(
      () => jsonResponse(200, myPostsPage([offer, post])),
      (call) => {
        if (call.path !== `/api/user/posts/${offer.id}/insights`) return undefined;
        const insights = testInsights([[6, 2]]);
        return jsonResponse(200, { ...insights, lastDays: { ...insights.lastDays, whatsappReceived: 3 } });
      },
    );
    renderHistory();
    const card = await screen.findByRole('article', { name: /Diwali sweets box/ });
    expect(calls(all, 'GET', `/api/user/posts/${offer.id}/insights`)).toHaveLength(0);
    const toggle = within(card).getByRole('button', { name: 'Show daily chart' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = await within(card).findByTestId('post-insights');
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    await waitFor(() =>
      expect(within(panel).getByTestId('chart-readout').textContent).toBe('Last 30 days: 6 views, 2 WhatsApp enquiries'),
    );
    // The inbox's enquiries tied to the post are their own figure, not added to the button taps.
    expect(within(panel).getByTestId('whatsapp-received').textContent).toBe(
      '3 WhatsApp enquiries received in the inbox in the last 30 days',
    );
    expect(calls(all, 'GET', `/api/user/posts/${offer.id}/insights`)).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Hide daily chart' }));
    expect(within(card).queryByTestId('post-insights')).toBeNull();
  });
});
