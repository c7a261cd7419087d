import { Outlet } from 'react-router';
import { AdminShell } from '@/components/layouts/admin-layout/admin-shell';
import { paths } from '@/config/paths';
import { useSession, useSignOut } from '@/lib/session';

/** The admin layout (the admin guard above guarantees an admin session). */
export function Component() {
  const { user } = useSession();
  const { signOut, pending } = useSignOut({ redirectTo: paths.admin.login.getHref() });
  return (
    <AdminShell email={user?.username ?? ''} onSignOut={() => void signOut()} signingOut={pending}>
      <Outlet />
    </AdminShell>
  );
}
