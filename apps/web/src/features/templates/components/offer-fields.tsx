import { useTranslation } from 'react-i18next';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { validUntilBounds, type OfferDraft, type OfferField } from '../utils/offer-draft';

/** The API's limit for the offer line (RenderTemplateRequestSchema: TEMPLATE_MESSAGES.offerTooLong). */
export const OFFER_LINE_MAX = 80;

/** The id of a field's control, to focus the first one with a problem. */
export const offerFieldId = (field: OfferField) => `template-${field}`;

/** The words a template asks for: its line, and for an offer the MRP, our price and the last day. */
export function OfferFields({
  kind,
  fields,
  draft,
  errors,
  discount,
  onChange,
  onBlur,
}: {
  kind: 'post' | 'offer';
  fields: { offer: boolean; prices: boolean; validUntil: boolean };
  draft: OfferDraft;
  /** The problems to show now (of the fields already left, or all after "Use this"). */
  errors: Partial<Record<OfferField, string>>;
  discount: number | null;
  onChange: (field: OfferField, value: string) => void;
  onBlur: (field: OfferField) => void;
}) {
  const { t } = useTranslation('templates');
  const bounds = validUntilBounds();
  const control = (field: OfferField) => ({
    value: draft[field],
    onChange: (e: { currentTarget: HTMLInputElement }) => onChange(field, e.currentTarget.value),
    onBlur: () => onBlur(field),
    className: invalidClass,
  });
  const isOffer = kind === 'offer';

  return (
    <div className="flex flex-col gap-4">
      {fields.offer ? (
        <FormField
          id={offerFieldId('offer')}
          label={isOffer ? t('preview.form.offerLabel') : t('preview.form.postLineLabel')}
          optionalLabel={t('preview.form.optional')}
          hint={`${isOffer ? t('preview.form.offerHint') : t('preview.form.postLineHint')} · ${t('preview.form.counter', { count: draft.offer.length, max: OFFER_LINE_MAX })}`}
          error={errors.offer}
        >
          {(aria) => <Input {...aria} {...control('offer')} maxLength={OFFER_LINE_MAX} autoComplete="off" enterKeyHint="next" />}
        </FormField>
      ) : null}
      {fields.prices ? (
        <div className="grid grid-cols-2 gap-3">
          <FormField id={offerFieldId('mrp')} label={t('preview.form.mrpLabel')} error={errors.mrp}>
            {(aria) => <Input {...aria} {...control('mrp')} inputMode="decimal" autoComplete="off" placeholder="1299" />}
          </FormField>
          <FormField id={offerFieldId('price')} label={t('preview.form.priceLabel')} error={errors.price}>
            {(aria) => <Input {...aria} {...control('price')} inputMode="decimal" autoComplete="off" placeholder="999" />}
          </FormField>
          <p className="col-span-2 -mt-1 text-sm text-muted-foreground" aria-live="polite">
            {t('preview.form.priceHint')}
            {discount !== null ? (
              <span
                className="ml-2 inline-flex rounded-full bg-success-soft px-2.5 py-0.5 font-semibold text-success"
                data-testid="discount"
              >
                {t('preview.form.discount', { percent: discount })}
              </span>
            ) : null}
          </p>
        </div>
      ) : null}
      {fields.validUntil ? (
        <FormField
          id={offerFieldId('validUntil')}
          label={t('preview.form.validUntilLabel')}
          optionalLabel={t('preview.form.optional')}
          hint={t('preview.form.validUntilHint')}
          error={errors.validUntil}
        >
          {(aria) => (
            <Input
              {...aria}
              {...control('validUntil')}
              type="date"
              min={bounds.min}
              max={bounds.max}
              className={cn(invalidClass, 'sm:max-w-60')}
            />
          )}
        </FormField>
      ) : null}
    </div>
  );
}
