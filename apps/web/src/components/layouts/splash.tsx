import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Full-screen splash: 'Loading your local business feed...' (docs/product.md §2). */
export function Splash({ leaving = false }: { leaving?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="splash"
      role="status"
      aria-live="polite"
      className={cn(
        'fixed inset-0 z-[55] flex flex-col items-center justify-center gap-4 bg-background px-6 text-center transition-opacity duration-300',
        leaving && 'pointer-events-none opacity-0',
      )}
    >
      <img src="/favicon.svg" alt="" width={72} height={72} className="size-18" />
      <p className="text-3xl font-extrabold tracking-tight text-primary">{PRODUCT_NAME}</p>
      <p className="text-base text-muted-foreground">{t('splash')}</p>
      <span
        aria-hidden="true"
        className="mt-2 inline-block size-7 animate-spin rounded-full border-3 border-primary border-t-transparent"
      />
    </div>
  );
}

/** Route loading fallback for non-feed pages. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50dvh] items-center justify-center gap-3 text-muted-foreground">
      <span
        aria-hidden="true"
        className="inline-block size-6 animate-spin rounded-full border-2 border-primary border-t-transparent"
      />
      {t('loading')}
    </div>
  );
}
