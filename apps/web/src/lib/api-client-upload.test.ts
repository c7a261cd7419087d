import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureAuth } from './api-client';

describe('api.upload (multipart)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureAuth(null);
  });

  it('posts the FormData as is, with the bearer token and no JSON content type', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ url: '/uploads/a.webp', width: 10, height: 10, bytes: 5 }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    configureAuth({ getToken: () => 'token-1' });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'shop.png');

    const answer = await api.upload<{ url: string }>('/api/uploads', form);

    expect(answer.url).toBe('/uploads/a.webp');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/uploads');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('refreshes once on a 401 and sends the same form again', async () => {
    let token = 'old';
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? new Response(JSON.stringify({ url: '/uploads/b.webp' }), { status: 201 })
        : new Response(JSON.stringify({ message: 'Authentication failed. Please log in again.' }), { status: 401 });
    });
    vi.stubGlobal('fetch', fetchMock);
    configureAuth({
      getToken: () => token,
      refreshToken: async () => {
        token = 'new';
        return true;
      },
    });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/jpeg' }), 'a.jpg');

    await expect(api.upload<{ url: string }>('/api/uploads', form)).resolves.toEqual({ url: '/uploads/b.webp' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body).toBe(form);
  });

  it("throws the API's message when the upload is refused", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Image is larger than 10 MB' }), { status: 413 }));
    const error = await api.upload('/api/uploads', new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Image is larger than 10 MB');
  });
});
