import { FeaturedBusinesses } from '@/features/admin-content/components/featured-businesses';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

/** /admin: the admin dashboard, with the businesses the admin featured. */
export function Component() {
  return (
    <AdminDashboard>
      <FeaturedBusinesses />
    </AdminDashboard>
  );
}
