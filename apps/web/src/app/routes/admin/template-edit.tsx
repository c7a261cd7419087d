import { useParams } from 'react-router';
import { TemplateFormPage } from '@/features/admin-content/components/template-form-page';

/** /admin/templates/add and /admin/templates/edit/{id}: one form for both. */
export function Component() {
  const { id } = useParams();
  return <TemplateFormPage key={id ?? 'new'} id={id} />;
}
