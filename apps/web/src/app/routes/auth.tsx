import { SignInComingSoon } from '@/components/layouts/sign-in-coming-soon';

/** /auth and /login: business sign-in arrives with the accounts issue; no fake form until then. */
export function Component() {
  return <SignInComingSoon titleKey="loginTitle" bodyKey="loginBody" />;
}
