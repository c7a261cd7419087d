import { ComposerPage } from '@/features/publishing/components/composer-page';
import { useSession } from '@/lib/session';

/** /send-offers (and `?edit={id}`): an offer with prices, delivery and an optional last day. */
export function Component() {
  const { user } = useSession();
  // The auth guard renders this page only with a signed-in user.
  if (!user) return null;
  return <ComposerPage mode="offer" user={user} />;
}
