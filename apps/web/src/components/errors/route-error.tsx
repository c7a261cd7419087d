import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RenderErrorFallback } from './render-error-fallback';

/** Route-level errorElement: render failures and failed lazy chunks (e.g. after a deploy, offline). */
export function RouteError() {
  const error = useRouteError();
  const err = isRouteErrorResponse(error)
    ? new Error(`${error.status} ${error.statusText}`)
    : error instanceof Error
      ? error
      : new Error(String(error));
  return (
    <main id="main" className="px-4">
      <RenderErrorFallback error={err} />
    </main>
  );
}
