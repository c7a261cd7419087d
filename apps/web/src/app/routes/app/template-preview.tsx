import { useParams } from 'react-router';
import { TemplatePreviewPage } from '@/features/templates/components/template-preview-page';
import { useSession } from '@/lib/session';

/** /template-preview/{id}: a template filled with the business's details, then "Use this". */
export function Component() {
  const { id = '' } = useParams();
  const { user } = useSession();
  // The auth guard renders this page only with a signed-in user.
  if (!user) return null;
  // A new id is a new page: nothing typed for one template carries over to another.
  return <TemplatePreviewPage key={id} id={id} user={user} />;
}
