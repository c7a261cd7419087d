import { useLocation } from 'react-router';
import { AdminComingSoon } from '@/features/admin/components/admin-coming-soon';

/** Every admin page a later issue builds, titled from its path. */
export function Component() {
  const { pathname } = useLocation();
  return <AdminComingSoon pathname={pathname} />;
}
