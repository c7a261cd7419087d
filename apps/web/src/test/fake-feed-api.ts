import { NEXT_CURSOR_HEADER, type Post } from '@aaspaas/domain';
import { vi } from 'vitest';

/**
 * GET /api/feed at the network boundary (globalThis.fetch): `first` with a next cursor ('page-2')
 * when `second` is given, `second` for that cursor; any other path answers an empty list. Returns
 * the query of every feed request, in order.
 */
export function serveFeedPages(first: Post[], second?: Post[]): URLSearchParams[] {
  const requests: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname !== '/api/feed') return Response.json([]);
      requests.push(u.searchParams);
      if (u.searchParams.get('cursor') === 'page-2') return Response.json(second ?? []);
      return Response.json(first, second ? { headers: { [NEXT_CURSOR_HEADER]: 'page-2' } } : undefined);
    }),
  );
  return requests;
}
