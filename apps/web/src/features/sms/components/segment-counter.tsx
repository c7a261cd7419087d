import { formatRupees } from '@aaspaas/domain/rules';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { measureSms, unicodeHint } from '../utils/sms-measure';

/**
 * The composer's live count under a message: characters, encoding, parts and, with a price, what one
 * message costs; and a warning when a typed character alone (₹, a curly quote) makes it Unicode, with
 * the fix offered when the text is the business's to change (`onFix`).
 */
export function SegmentCounter({
  id,
  text,
  pricePaise,
  onFix,
}: {
  id?: string;
  text: string;
  /** The price of one part; omitted where the cost is shown elsewhere. */
  pricePaise?: number;
  onFix?: (fixed: string) => void;
}) {
  const { t } = useTranslation('sms');
  const measure = measureSms(text);
  const hint = unicodeHint(text);
  const culprits = hint?.culprits.join(' ');
  const standIns = hint?.standIns.join(' ');
  return (
    <div id={id} className="flex flex-col gap-2 text-sm" data-testid="segment-counter">
      <p className="text-muted-foreground tabular-nums">
        {t('counter.summary', {
          characters: formatCount(measure.characters),
          count: measure.characters,
          encoding: t(`counter.encoding.${measure.encoding}`),
          parts: t('counter.parts', { count: measure.parts }),
        })}
        {pricePaise !== undefined && measure.parts > 0
          ? ` · ${t('counter.cost', { amount: formatRupees(measure.parts * pricePaise) })}`
          : null}
      </p>
      {hint ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-xl bg-primary-soft p-3 text-foreground"
          data-testid="unicode-hint"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-primary-hover" aria-hidden="true" />
          <div className="flex flex-col items-start gap-2">
            <p>
              {hint.partsNow > hint.partsWithStandIns
                ? t('counter.unicodeCostly', {
                    culprits,
                    count: hint.culprits.length,
                    partsNow: hint.partsNow,
                    partsWithout: hint.partsWithStandIns,
                    standIns,
                  })
                : t('counter.unicodeSame', { culprits, count: hint.culprits.length, standIns })}
            </p>
            {onFix ? (
              <Button type="button" size="sm" variant="secondary" onClick={() => onFix(hint.fixed)}>
                {t('counter.fix', { standIns })}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
