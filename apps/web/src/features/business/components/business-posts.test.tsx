import type { Post } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_POSTS_PAGE_SIZE, nextBusinessPostsOffset } from '../api/get-business-posts';
import { BusinessPosts } from './business-posts';

const USER = '6f1c2a7e-1111-4222-8333-444455556666';

function posts(n: number, from = 0): Pick<Post, 'id' | 'content'>[] {
  return Array.from({ length: n }, (_, i) => ({ id: `p${from + i}`, content: `Post ${from + i}` }));
}

function renderPosts() {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <BusinessPosts userId={USER} skeleton={<p>loading</p>} renderPost={(p) => <p>{p.content}</p>} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('nextBusinessPostsOffset', () => {
  it('asks for more only after a full page', () => {
    expect(nextBusinessPostsOffset(new Array(20) as Post[], [new Array(20) as Post[]], 20)).toBe(20);
    expect(
      nextBusinessPostsOffset(new Array(7) as Post[], [new Array(20) as Post[], new Array(7) as Post[]], 20),
    ).toBeUndefined();
  });
});

describe('<BusinessPosts>', () => {
  it("shows 'Load More Posts' after a full page and loads the next offset", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
      const body = offset === 0 ? posts(BUSINESS_POSTS_PAGE_SIZE) : posts(3, offset);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPosts();
    expect(await screen.findByText('Post 19')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load More Posts' }));
    expect(await screen.findByText('Post 22')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Posts' })).toBeNull();
    expect(screen.getByText('You have seen all posts from this business.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([u]) => new URL(u, 'http://x').search)).toEqual([
      '?limit=20&offset=0',
      '?limit=20&offset=20',
    ]);
  });

  it('says when the business has no posts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200 })),
    );
    renderPosts();
    expect(await screen.findByText('This business has not posted anything yet.')).toBeTruthy();
  });

  it("shows 'Failed to load posts' with a retry", async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? new Response(JSON.stringify({ message: 'Server is busy' }), { status: 503 })
          : new Response(JSON.stringify(posts(1)), { status: 200 }),
      ),
    );
    renderPosts();
    expect(await screen.findByText('Failed to load posts')).toBeTruthy();
    expect(screen.getByText('Server is busy')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Post 0')).toBeTruthy();
  });
});
