import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@/config/ui-timings';
import { afterLoad } from '@/lib/after-load';
import { isToasterWanted, loadSonner, requestToaster, subscribeToaster } from '@/lib/notify';

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** sonner's Toaster, at most one toast visible (docs/product.md §9), loaded once the page has loaded (or a toast is shown). */
export function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterWanted, () => false);
  useEffect(() => afterLoad(requestToaster), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={TOAST_MAX_VISIBLE} position="top-center" richColors closeButton duration={TOAST_DURATION_MS} />
    </Suspense>
  );
}
