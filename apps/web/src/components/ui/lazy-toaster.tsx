import { TOAST_MAX_VISIBLE } from '@aaspaas/domain';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { isToasterWanted, loadSonner, requestToaster, subscribeToaster } from '@/lib/notify';

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** sonner's Toaster, at most one toast visible (spec §9), loaded after the first paint. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterWanted, () => false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 3000));
    idle(() => requestToaster());
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={TOAST_MAX_VISIBLE} position="top-center" richColors closeButton duration={4000} />
    </Suspense>
  );
}
