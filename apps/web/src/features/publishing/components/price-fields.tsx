import { discountPercent, formatRupees } from '@aaspaas/domain/rules';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { FormField, PrefixedInput } from '@/components/ui/form-field';
import { parseRupeesToPaise, type ComposerValues } from '../utils/form-values';

function RupeeInput(props: React.ComponentProps<'input'>) {
  return (
    <PrefixedInput prefix="₹" prefixClassName="font-semibold" type="text" inputMode="decimal" autoComplete="off" {...props} />
  );
}

/**
 * MRP and our price in rupees (sent as paise), and what the feed will show: the price with Indian
 * digit grouping, the MRP struck through and the discount percent, computed as the feed does.
 */
export function PriceFields({
  idPrefix,
  register,
  mrp,
  price,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<ComposerValues>;
  mrp: string;
  price: string;
  errors: { mrp?: string; price?: string };
}) {
  const { t } = useTranslation('publishing');
  const mrpPaise = parseRupeesToPaise(mrp);
  const pricePaise = parseRupeesToPaise(price);
  const valid =
    mrpPaise !== null && pricePaise !== null && !Number.isNaN(mrpPaise) && !Number.isNaN(pricePaise) && pricePaise <= mrpPaise;
  const discount = valid ? discountPercent(mrpPaise, pricePaise) : null;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-semibold">{t('prices.legend')}</legend>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${idPrefix}-mrp`} label={t('prices.mrp')} error={errors.mrp}>
          {(aria) => <RupeeInput {...aria} {...register('mrp', { deps: ['price'] })} placeholder="1999" maxLength={14} />}
        </FormField>
        <FormField id={`${idPrefix}-price`} label={t('prices.price')} error={errors.price}>
          {(aria) => <RupeeInput {...aria} {...register('price')} placeholder="1499" maxLength={14} />}
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">{t('prices.hint')}</p>
      {valid ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-muted/60 p-3" data-testid="price-preview">
          <span className="text-sm text-muted-foreground">{t('prices.preview')}</span>
          <span className="text-xl font-extrabold">{formatRupees(pricePaise)}</span>
          {mrpPaise !== pricePaise ? (
            <span className="text-sm text-muted-foreground">
              {t('prices.mrpShort')} <s>{formatRupees(mrpPaise)}</s>
            </span>
          ) : null}
          {discount !== null ? (
            <Badge variant="success">{t('prices.off', { percent: discount })}</Badge>
          ) : (
            <span className="text-sm text-muted-foreground">{t('prices.noDiscount')}</span>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
