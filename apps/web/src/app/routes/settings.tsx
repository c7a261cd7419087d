import { SpeechSetting } from '@/features/counter/components/speech-setting';
import { SettingsPage } from '@/features/profile/components/settings-page';
import { useSession } from '@/lib/session';

/** /settings (outside the app container). */
export function Component() {
  const { user } = useSession();
  // The auth guard renders this page only with a signed-in user.
  if (!user) return null;
  return <SettingsPage user={user} speech={<SpeechSetting />} />;
}
