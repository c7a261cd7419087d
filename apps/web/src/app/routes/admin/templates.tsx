import { TemplatesListPage } from '@/features/admin-content/components/templates-list-page';

/** /admin/templates: the post templates businesses use. */
export function Component() {
  return <TemplatesListPage />;
}
