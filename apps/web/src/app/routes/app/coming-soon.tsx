import { useLocation } from 'react-router';
import { ComingSoonPage } from '@/features/app-home/components/coming-soon-page';

/** Every business route a later issue builds, inside the app container. */
export function Component() {
  const { pathname } = useLocation();
  return <ComingSoonPage pathname={pathname} />;
}
