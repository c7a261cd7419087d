import { AdminSmsHistoryPage } from '@/features/admin/components/admin-sms-history-page';

/** /admin/sms-history (docs/product.md §2, Admin routes). */
export function Component() {
  return <AdminSmsHistoryPage />;
}
