import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A made-up offer drawn like a feed card: price, MRP, discount, deadline and delivery in one look. */
export function OfferExample() {
  const { t } = useTranslation('learn');
  return (
    <figure className="max-w-md rounded-2xl border border-border bg-surface p-4 shadow-sm">
      <figcaption className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t('offers.example.label')}
      </figcaption>
      <p className="font-semibold">{t('offers.example.text')}</p>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-xl font-extrabold">{t('offers.example.price')}</span>
        <s className="text-sm text-muted-foreground">{t('offers.example.mrp')}</s>
        <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success">
          {t('offers.example.off')}
        </span>
        <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success">
          {t('offers.example.delivery')}
        </span>
      </p>
      <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-primary-hover">
        <CalendarClock className="size-4" aria-hidden="true" />
        {t('offers.example.until')}
      </p>
    </figure>
  );
}
