import { VISITOR_COOKIE, VISITOR_HEADER } from '@aaspaas/domain/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_STORAGE_KEY } from '@/config/storage-keys';
import { api, ApiError, apiRequest, configureAuth } from './api-client';
import { ensureVisitorId, resetVisitorIdCache } from './visitor-id';

const SIGNED = '0f8fad5b-d9cb-469f-a165-70867728950e.AbCdEfGhIjKlMnOpQrStUv';

function mockFetch(status: number, body: string, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : body, { status, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client (docs/product.md §7, §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetVisitorIdCache();
  });

  it('sends the server-issued visitor id of the cookie as a header, and keeps it in localStorage and the cookie', async () => {
    document.cookie = `${VISITOR_COOKIE}=${SIGNED}; Path=/`;
    const fetchMock = mockFetch(200, '[]');
    await api.get('/api/feed', { params: { lat: 18.5, q: '', category: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/feed?lat=18.5');
    expect((init.headers as Record<string, string>)[VISITOR_HEADER]).toBe(SIGNED);
    expect(localStorage.getItem(VISITOR_STORAGE_KEY)).toBe(SIGNED);
    expect(document.cookie).toContain(`${VISITOR_COOKIE}=${SIGNED}`);
  });

  it('never invents a visitor id: without one it sends no header, and asks the server for one when needed', async () => {
    document.cookie = `${VISITOR_COOKIE}=; Max-Age=0; Path=/`;
    localStorage.setItem(VISITOR_STORAGE_KEY, '0f8fad5b-d9cb-469f-a165-70867728950e');
    const fetchMock = mockFetch(200, JSON.stringify({ visitorId: SIGNED }));
    await api.get('/api/feed');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)[VISITOR_HEADER]).toBeUndefined();
    expect(await ensureVisitorId()).toBe(SIGNED);
    const [url, asked] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/visitor');
    expect(asked.method).toBe('POST');
    expect(localStorage.getItem(VISITOR_STORAGE_KEY)).toBe(SIGNED);
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

describe('api client auth seam (docs/product.md §7: bearer, one refresh on a 401, one retry)', () => {
  afterEach(() => {
    configureAuth(null);
    vi.unstubAllGlobals();
  });

  function authHeader(fetchMock: ReturnType<typeof vi.fn>, call: number): string | undefined {
    const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
    return (init?.headers as Record<string, string> | undefined)?.Authorization;
  }

  it('asks for a refresh with the token that failed, then retries once with the new one', async () => {
    let token = 'old';
    const refreshToken = vi.fn(async (failed: string) => {
      expect(failed).toBe('old');
      token = 'new';
      return true;
    });
    configureAuth({ getToken: () => token, refreshToken });
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? new Response('{"ok":true}', { status: 200 })
        : new Response('{"message":"Authentication failed. Please log in again."}', { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/api/user/me')).toEqual({ ok: true });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect([authHeader(fetchMock, 0), authHeader(fetchMock, 1)]).toEqual(['Bearer old', 'Bearer new']);
  });

  it('with auth: false sends no bearer token and never refreshes', async () => {
    const refreshToken = vi.fn(async () => true);
    configureAuth({ getToken: () => 'stale', refreshToken });
    const fetchMock = mockFetch(401, '{"message":"Invalid email or password"}');
    await expect(api.post('/api/auth/login', { username: 'a@b.in', password: 'secret1' }, { auth: false })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(authHeader(fetchMock, 0)).toBeUndefined();
    expect(refreshToken).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
