import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BACK_TO_TOP_AFTER_PX } from '@/config/ui-timings';
import { useScrolledPast } from '@/hooks/use-scrolled-past';

/** Appears after 300 px of scroll (docs/product.md §2): back to the top, and refresh. */
export function BackToTop({ onActivate }: { onActivate: () => void }) {
  const { t } = useTranslation('feed');
  const visible = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      data-testid="back-to-top"
      onClick={onActivate}
      aria-label={t('backToTop')}
      className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover lg:right-[calc(50%-30rem)]"
    >
      <ArrowUp className="size-6" aria-hidden="true" />
    </button>
  );
}
