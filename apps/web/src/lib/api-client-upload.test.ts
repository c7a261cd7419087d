import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureAuth } from './api-client';
import { uploadWithProgress } from './upload-with-progress';

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

type Sent = { url: string; headers: Record<string, string>; body: unknown };

/**
 * A stand-in for the browser's XMLHttpRequest at the network boundary: each request is answered by
 * `respond` (status and body, or 'network' for no answer), after reporting upload progress.
 */
function serveXhr(respond: (sent: Sent, index: number) => { status: number; body?: unknown } | 'network' | 'hang') {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: Sent = { url: '', headers: {}, body: undefined };
    open(_method: string, url: string) {
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.request.body = body;
      const index = sent.push(this.request) - 1;
      const answer = respond(this.request, index);
      if (answer === 'hang') return;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        if (answer === 'network') {
          this.onerror?.();
          return;
        }
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function photoForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob(['x'], { type: 'image/jpeg' }), 'shop.jpg');
  return form;
}

describe('uploadWithProgress (XMLHttpRequest)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureAuth(null);
  });

  it('sends the form with the bearer token and visitor id, reports progress and answers the JSON', async () => {
    document.cookie = 'aaspaas_vid=0f8fad5b-d9cb-469f-a165-70867728950e.AbCdEfGhIjKlMnOpQrStUv; Path=/';
    const sent = serveXhr(() => ({ status: 201, body: { url: '/media/u/a.jpg', width: 10, height: 10, bytes: 5 } }));
    configureAuth({ getToken: () => 'token-1' });
    const form = photoForm();
    const progress: number[] = [];

    const answer = await uploadWithProgress<{ url: string }>('/api/uploads', form, {
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });

    expect(answer.url).toBe('/media/u/a.jpg');
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/uploads');
    expect(sent[0]?.body).toBe(form);
    expect(sent[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(sent[0]?.headers['x-visitor-id']).toBe('0f8fad5b-d9cb-469f-a165-70867728950e.AbCdEfGhIjKlMnOpQrStUv');
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('refreshes once on a 401 and sends the same form again with the new token', async () => {
    let token = 'old';
    const sent = serveXhr((request) =>
      request.headers.Authorization === 'Bearer new'
        ? { status: 201, body: { url: '/media/u/b.jpg' } }
        : { status: 401, body: { message: 'Authentication failed. Please log in again.' } },
    );
    const refreshToken = vi.fn(async () => {
      token = 'new';
      return true;
    });
    configureAuth({ getToken: () => token, refreshToken });
    const form = photoForm();

    await expect(uploadWithProgress('/api/uploads', form)).resolves.toEqual({ url: '/media/u/b.jpg' });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(refreshToken).toHaveBeenCalledWith('old');
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(sent[1]?.body).toBe(form);
  });

  it('does not refresh twice: a second 401 is an ApiError with the API message', async () => {
    serveXhr(() => ({ status: 401, body: { message: 'Authentication failed. Please log in again.' } }));
    const refreshToken = vi.fn(async () => true);
    configureAuth({ getToken: () => 't', refreshToken });
    const error = await uploadWithProgress('/api/uploads', photoForm()).catch((e: unknown) => e);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Authentication failed. Please log in again.');
  });

  it("throws the API's message, else 'Request failed with status {code}'", async () => {
    serveXhr(() => ({ status: 413, body: { message: 'This photo is larger than 10 MB. Please choose a smaller one.' } }));
    await expect(uploadWithProgress('/api/uploads', photoForm())).rejects.toThrow(
      'This photo is larger than 10 MB. Please choose a smaller one.',
    );
    serveXhr(() => ({ status: 502 }));
    const error = await uploadWithProgress('/api/uploads', photoForm()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Request failed with status 502');
  });

  it('fails like fetch when there is no answer (offline), and with an AbortError when cancelled', async () => {
    serveXhr(() => 'network');
    const offline = await uploadWithProgress('/api/uploads', photoForm()).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(TypeError);
    expect(offline).not.toBeInstanceOf(ApiError);

    serveXhr(() => 'hang');
    const controller = new AbortController();
    const pending = uploadWithProgress('/api/uploads', photoForm(), { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const cancelled = await pending;
    expect(cancelled).toBeInstanceOf(DOMException);
    expect((cancelled as DOMException).name).toBe('AbortError');
  });
});
