import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { SessionPending } from '@/features/auth/components/session-gate';
import { useSession } from '@/lib/session';

/**
 * Layout route around the signed-in pages (docs/product.md §2): the loading text while the session resolves,
 * /login when signed out (which comes back here after signing in), the page when signed in.
 */
export function Component() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'signed-out') return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  if (status === 'loading') return <SessionPending withProductName />;
  return <Outlet />;
}
