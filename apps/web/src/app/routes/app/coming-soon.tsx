import { useLocation } from 'react-router';
import { ComingSoonPage } from '@/features/app-home/components/coming-soon-page';
import { laterPageFor } from '@/features/app-home/utils/later-pages';

/** Every business route a later issue builds (and /success, which sits outside the app container). */
export function Component() {
  const { pathname } = useLocation();
  const page = <ComingSoonPage pathname={pathname} />;
  // Inside the container the shell gives the <main>; /success stands alone.
  if (laterPageFor(pathname) !== 'success') return page;
  return (
    <main id="main" tabIndex={-1} className="min-h-dvh focus:outline-none">
      {page}
    </main>
  );
}
