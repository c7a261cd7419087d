import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-layout/app-shell';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { PolicyUpdateBanner } from '@/features/pages/components/policy-update-banner';
import { useSession, useSignOut } from '@/lib/session';

/** The app container for /app and the business pages (the auth guard above guarantees a user). */
export function Component() {
  const { user } = useSession();
  const { signOut, pending } = useSignOut();
  return (
    <AppShell businessName={user?.businessName ?? ''} onSignOut={() => void signOut()} signingOut={pending}>
      {user && !user.emailVerified ? <VerifyEmailBanner email={user.username} /> : null}
      <PolicyUpdateBanner />
      <Outlet />
    </AppShell>
  );
}
