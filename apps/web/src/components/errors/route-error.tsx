import { RenderErrorFallback } from './render-error-fallback';

/** A page's error (router.tsx): render failures and failed lazy chunks (e.g. after a deploy, offline). */
export function RouteError({ error }: { error: Error }) {
  return (
    <main id="main" className="px-4">
      <RenderErrorFallback error={error} />
    </main>
  );
}
