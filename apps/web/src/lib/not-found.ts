import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

/**
 * The API answers 404 (or 400 for a malformed id, with the same 'not found' message) when the
 * thing asked for does not exist: a page shows its 'not found' state instead of an error.
 */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The app's retry rule (docs/product.md §8), but never retry what does not exist. */
export function retryUnlessNotFound(failureCount: number, error: Error): boolean {
  return !isNotFoundError(error) && shouldRetry(failureCount, error);
}

/** No answer from the server at all (offline, DNS, connection reset): not an API error. */
export function isNetworkError(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof DOMException && error.name === 'AbortError');
}
