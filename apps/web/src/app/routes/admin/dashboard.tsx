import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

/** /admin: the admin dashboard. */
export function Component() {
  return <AdminDashboard />;
}
