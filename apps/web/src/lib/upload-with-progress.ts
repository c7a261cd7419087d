import { VISITOR_HEADER } from '@aaspaas/domain/rules';
import { ApiError, authHooks, buildUrl, errorMessage } from './api-client';
import { getVisitorId } from './visitor-id';

// Apart from api-client.ts: only the business app uploads photos, so the feed's first load does not
// carry it (docs/performance.md).

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  /** Called as the request body goes out (bytes sent of the total). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

type XhrAnswer = { status: number; body: unknown };

function sendXhr(path: string, form: FormData, token: string | null, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const visitorId = getVisitorId();
    if (visitorId) xhr.setRequestHeader(VISITOR_HEADER, visitorId);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      done();
      let body: unknown = null;
      const text = xhr.status === 204 ? '' : xhr.responseText;
      if (text) {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
        }
      }
      resolve({ status: xhr.status, body });
    };
    // The same kinds of failure fetch gives: a TypeError for no answer at all, an AbortError when cancelled.
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', abort);
    // Multipart: the browser writes the Content-Type with its boundary itself.
    xhr.send(form);
  });
}

/**
 * POST multipart/form-data with upload progress (fetch cannot report it): XMLHttpRequest, with the
 * same bearer token, refresh-once-on-401 and ApiError messages as the other calls.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const auth = authHooks();
  const token = auth?.getToken() ?? null;
  let answer = await sendXhr(path, form, token, options);
  if (answer.status === 401 && token && auth?.refreshToken && (await auth.refreshToken(token))) {
    answer = await sendXhr(path, form, auth.getToken(), options);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiError(errorMessage(answer.body, answer.status), answer.status, answer.body);
  }
  return answer.body as T;
}
