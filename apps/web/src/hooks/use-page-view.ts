import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { analytics } from '@/lib/analytics';

/** Records a page_view analytics event (docs/product.md §7) once per path the visitor opens. */
export function usePageView(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    analytics.track('page_view', { path: pathname.slice(0, 300) });
  }, [pathname]);
}
