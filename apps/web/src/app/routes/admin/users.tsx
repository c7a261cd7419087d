import { UsersPage } from '@/features/admin/components/users-page';

/** /admin/users (docs/product.md §2, Admin routes). */
export function Component() {
  return <UsersPage />;
}
