import { CounterSettingsForm } from '@/features/counter/components/counter-settings-form';
import { EditProfilePage } from '@/features/profile/components/edit-profile-page';
import { useSession } from '@/lib/session';

/** /edit-profile (outside the app container). */
export function Component() {
  const { user } = useSession();
  // The auth guard renders this page only with a signed-in user.
  if (!user) return null;
  return <EditProfilePage user={user} counter={<CounterSettingsForm user={user} />} />;
}
