import { CategoriesPage } from '@/features/admin-content/components/categories-page';

/** /admin/categories: business categories (the feed's menu) and template categories. */
export function Component() {
  return <CategoriesPage />;
}
