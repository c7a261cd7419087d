import { TemplatesPage } from '@/features/templates/components/templates-page';

/** /add-templates: ready designs by category. */
export function Component() {
  return <TemplatesPage />;
}
