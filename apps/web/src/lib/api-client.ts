import { VISITOR_HEADER } from '@aaspaas/domain/rules';
import { env } from '@/config/env';
import { getVisitorId } from './visitor-id';

/**
 * The one HTTP client of the web app (docs/product.md §7, §8): JSON in and out; the X-Visitor-Id header on
 * every call; a failure throws an ApiError whose message is the API's `message` field, else
 * 'Request failed with status {code}'; an empty body or 204 gives an empty result (null).
 */
// The app installs the translation of server messages (lib/translate-message.ts) when it starts: the
// feed's first module uses this client too, and must not carry i18next for it.
let translate: (message: string) => string = (message) => message;

/** Show the API's messages (English sentences of the contracts) in the language shown. */
export function configureMessageTranslation(fn: (message: string) => string): void {
  translate = fn;
}

/** A message of a successful answer ('You have joined …'), in the language shown as an error's is. */
export function translatedServerMessage(message: string): string {
  return translate(message);
}

export class ApiError extends Error {
  readonly status: number;
  /** The parsed answer, for errors that carry more than a message (a 409 naming the existing record). */
  readonly body: unknown;
  /** The request's property the server's error is about (the answer's `field`), when it named one. */
  readonly field: string | null;
  /** The server's message as it wrote it (English, the contracts' texts): compare with this, show `message`. */
  readonly serverMessage: string;
  constructor(message: string, status: number, body?: unknown) {
    super(translate(message));
    this.serverMessage = message;
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const field = body && typeof body === 'object' && 'field' in body ? (body as { field: unknown }).field : null;
    this.field = typeof field === 'string' && field ? field : null;
  }
}

/**
 * The form field a server error belongs to: the answer's `field` (a property of the request) looked
 * up in the form's map from request properties to its own field names; null for the form's top.
 */
export function serverErrorField<F extends string>(error: ApiError, fieldOf: Readonly<Partial<Record<string, F>>>): F | null {
  return (error.field !== null && Object.hasOwn(fieldOf, error.field) ? fieldOf[error.field] : null) ?? null;
}

/**
 * Auth seam (docs/product.md §4, §7): lib/session calls configureAuth({ getToken, refreshToken }). A call with
 * a token that answers 401 asks for one refresh, then is retried once with the new token.
 */
export type AuthHooks = {
  /** The current bearer token, or null when signed out. */
  getToken: () => string | null;
  /**
   * Refresh after a 401 answered the call that carried `failedToken`; resolve true when a retry may
   * succeed. Concurrent 401s arrive here together: the implementation shares one refresh.
   */
  refreshToken?: (failedToken: string) => Promise<boolean>;
};
let auth: AuthHooks | null = null;
export function configureAuth(hooks: AuthHooks | null): void {
  auth = hooks;
}

/** The hooks the app installed (upload-with-progress.ts sends with them too). */
export function authHooks(): AuthHooks | null {
  return auth;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  params?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  keepalive?: boolean;
  /**
   * false: send no bearer token and never refresh on a 401 (the refresh and logout calls, which
   * identify the device by its cookie; a refresh that triggered a refresh would wait on itself).
   */
  auth?: boolean;
};

export type ApiResponse<T> = { data: T; headers: Headers; status: number };

export function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return `${env.API_URL}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The API's `message` of a failed answer, else 'Request failed with status {code}'. */
export function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return `Request failed with status ${status}`;
}

async function send(method: string, path: string, options: RequestOptions, retried: boolean): Promise<Response> {
  const visitorId = getVisitorId();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(visitorId ? { [VISITOR_HEADER]: visitorId } : {}),
    ...options.headers,
  };
  const token = options.auth === false ? null : (auth?.getToken() ?? null);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  // Multipart: the browser writes the Content-Type with its boundary itself.
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(buildUrl(path, options.params), {
    method,
    headers,
    body,
    signal: options.signal,
    keepalive: options.keepalive,
    credentials: 'same-origin',
  });
  if (res.status === 401 && token && !retried && auth?.refreshToken && (await auth.refreshToken(token))) {
    return send(method, path, options, true);
  }
  return res;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const res = await send(method, path, options, false);
  const data = await readBody(res);
  if (!res.ok) throw new ApiError(errorMessage(data, res.status), res.status, data);
  return { data: data as T, headers: res.headers, status: res.status };
}

/** A file the API answers (a PDF receipt), with the bearer token a plain link could not send. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; headers: Headers }> {
  const res = await send('GET', path, options, false);
  if (!res.ok) throw new ApiError(errorMessage(await readBody(res), res.status), res.status, null);
  return { blob: await res.blob(), headers: res.headers };
}

export const api = {
  get: async <T>(path: string, options?: RequestOptions) => (await apiRequest<T>('GET', path, options)).data,
  post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await apiRequest<T>('POST', path, { ...options, body })).data,
  put: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await apiRequest<T>('PUT', path, { ...options, body })).data,
  delete: async <T>(path: string, options?: RequestOptions) => (await apiRequest<T>('DELETE', path, options)).data,
  /** POST multipart/form-data (an image upload), with the same bearer token, refresh and errors as JSON calls. */
  upload: async <T>(path: string, form: FormData, options?: RequestOptions) =>
    (await apiRequest<T>('POST', path, { ...options, body: form })).data,
};
