/** The one error type our code throws; the error handler maps its code to a status (docs/product.md §8 shape `{ message }`). */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly statusCode: number;

  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = APP_ERROR_STATUS[code];
  }

  static notFound(message: string): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static badRequest(message: string): AppError {
    return new AppError('BAD_REQUEST', message);
  }

  /** No route, file or page at this address: the not-found handler's answer, and the page route's for /api and /media. */
  static noRoute(request: { method: string; url: string }): AppError {
    return AppError.notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`);
  }
}
