import { ComposerPage } from '@/features/publishing/components/composer-page';
import { useSession } from '@/lib/session';

/** /send-post (and `?edit={id}`): a post for people nearby. */
export function Component() {
  const { user } = useSession();
  // The auth guard renders this page only with a signed-in user.
  if (!user) return null;
  return <ComposerPage mode="post" user={user} />;
}
