import { AuditPage } from '@/features/admin/components/audit-page';

/** /admin/audit (docs/product.md §2, Admin routes). */
export function Component() {
  return <AuditPage />;
}
