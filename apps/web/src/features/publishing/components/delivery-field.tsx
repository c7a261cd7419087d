import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ComposerValues, DeliveryChoice } from '../utils/form-values';

const CHOICES: DeliveryChoice[] = ['yes', 'no', 'unset'];

/** Home delivery: yes / no / not stated, as the feed's 'Free Delivery' / 'No Free Delivery' badges (or none). */
export function DeliveryField({ idPrefix, register }: { idPrefix: string; register: UseFormRegister<ComposerValues> }) {
  const { t } = useTranslation('publishing');
  const hintId = `${idPrefix}-delivery-hint`;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="font-semibold">{t('delivery.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border bg-surface px-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
          >
            <input type="radio" value={choice} {...register('homeDelivery')} className="size-5 shrink-0 accent-primary" />
            <span className="font-semibold">{t(`delivery.${choice}`)}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('delivery.hint')}
      </p>
    </fieldset>
  );
}
