import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate, type Location, type To } from 'react-router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { RouteError } from '@/components/errors/route-error';
import { PageLoading, Splash } from '@/components/layouts/splash';
import { paths } from '@/config/paths';
import { ScrollRestoration } from './scroll-restoration';

/**
 * The app's router: react-router's declarative one (ADR 056). The feed's first load carries the
 * feed's route only; every other page's route is in route-table.tsx, a chunk loaded on the first
 * visit elsewhere. Navigations are transitions: the page on screen stays until the next one's code
 * is in.
 */
const FeedPage = lazy(() => import('./routes/feed').then((module) => ({ default: module.Component })));
const OtherRoutes = lazy(() => import('./route-table'));

/**
 * Scroll positions are restored on back/forward and reload, except for a deep link '/?post={id}':
 * the feed scrolls to that post itself, so such a location is never remembered.
 */
const scrollKey = (location: Location) => (new URLSearchParams(location.search).has('post') ? null : location.key);

function InitialFallback() {
  // The first paint while a page's code loads: the feed shows its splash, others a spinner.
  return window.location.pathname === paths.home.path ? <Splash /> : <PageLoading />;
}

let navigateInApp: ((to: To | number) => void) | null = null;

/** Navigation from outside React (the Android app's back button and opened links). */
export function appNavigate(to: To | number): void {
  navigateInApp?.(to);
}

function NavigateFromOutside() {
  const navigate = useNavigate();
  useEffect(() => {
    // navigate() has one signature for a step back or forward and one for a place.
    navigateInApp = (to) => void (typeof to === 'number' ? navigate(to) : navigate(to));
    return () => {
      navigateInApp = null;
    };
  }, [navigate]);
  return null;
}

function Pages() {
  const location = useLocation();
  return (
    // A page that fails to draw or load (e.g. offline after a deploy) shows the error in place of the
    // page; going to another page tries again.
    <ErrorBoundary resetKey={location.pathname} fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<InitialFallback />}>
        <Routes>
          <Route path={paths.home.path} element={<FeedPage />} />
          <Route path="*" element={<OtherRoutes />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollRestoration getKey={scrollKey} />
      <NavigateFromOutside />
      <Pages />
    </BrowserRouter>
  );
}
