import { SignInComingSoon } from '@/components/layouts/sign-in-coming-soon';

/** /app: the business dashboard arrives with the accounts issue. */
export function Component() {
  return <SignInComingSoon titleKey="appTitle" bodyKey="appBody" />;
}
