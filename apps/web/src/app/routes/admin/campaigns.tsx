import { AdminCampaignsPage } from '@/features/admin/components/admin-campaigns-page';

/** /admin/campaigns (docs/product.md §2, Admin routes): stop a running campaign with a reason. */
export function Component() {
  return <AdminCampaignsPage />;
}
