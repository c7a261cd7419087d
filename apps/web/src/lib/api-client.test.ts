import { VISITOR_COOKIE, VISITOR_HEADER, VISITOR_STORAGE_KEY } from '@aaspaas/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRequest } from './api-client';
import { resetVisitorIdCache } from './visitor-id';

function mockFetch(status: number, body: string, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : body, { status, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client (spec §7, §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetVisitorIdCache();
  });

  it('sends the visitor id header and keeps the id in localStorage and a one-year cookie', async () => {
    const fetchMock = mockFetch(200, '[]');
    await api.get('/api/feed', { params: { lat: 18.5, q: '', category: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/feed?lat=18.5');
    const id = (init.headers as Record<string, string>)[VISITOR_HEADER];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem(VISITOR_STORAGE_KEY)).toBe(id);
    expect(document.cookie).toContain(`${VISITOR_COOKIE}=${id}`);
  });

  it("throws the API's message, else 'Request failed with status {code}'", async () => {
    mockFetch(429, JSON.stringify({ message: 'Too many requests, try again in a minute' }));
    await expect(api.post('/api/posts/x/like')).rejects.toThrow('Too many requests, try again in a minute');
    mockFetch(502, '<html>Bad gateway</html>');
    const error = await api.get('/api/feed').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Request failed with status 502');
    expect((error as ApiError).status).toBe(502);
  });

  it('gives an empty result for 204 and for an empty body, and exposes headers', async () => {
    mockFetch(204, '');
    expect(await api.delete('/api/x')).toBeNull();
    mockFetch(200, '', { 'x-next-cursor': 'abc' });
    const res = await apiRequest('GET', '/api/feed');
    expect(res.data).toBeNull();
    expect(res.headers.get('x-next-cursor')).toBe('abc');
  });
});
