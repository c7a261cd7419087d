import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { SessionPending } from '@/features/auth/components/session-gate';
import { useSession } from '@/lib/session';

/**
 * Layout route around the admin pages (docs/product.md §2): 'Loading...' while the session resolves; once it
 * has, anything but an admin session goes to /admin/login. The server checks again on every call.
 */
export function Component() {
  const { status, isAdmin } = useSession();
  const location = useLocation();
  if (status === 'loading') return <SessionPending withProductName={false} />;
  if (!isAdmin) return <Navigate to={paths.admin.login.getHref()} replace state={{ from: location }} />;
  return <Outlet />;
}
