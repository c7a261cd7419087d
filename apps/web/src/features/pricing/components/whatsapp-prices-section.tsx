import { formatRupees, WHATSAPP_TEMPLATE_CATEGORIES, type WhatsAppPriceInput } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useSetWhatsAppPrice, useWhatsAppPricing } from '../api/whatsapp-pricing';
import { useSaveHandler } from '../hooks/use-save-handler';
import { WhatsAppPriceFormSchema, type WhatsAppPriceFormValues } from '../utils/price-forms';
import { PriceFormFooter } from './price-form-footer';
import { PriceHistory } from './price-history';

/** On /admin/sms-pricing, below the SMS price: the price of a delivered WhatsApp template message per category (ADR 050). */
export function WhatsAppPricesSection() {
  const { t } = useTranslation('pricing');
  const id = useId();
  const query = useWhatsAppPricing();
  const save = useSetWhatsAppPrice();
  const form = useForm<WhatsAppPriceFormValues, unknown, WhatsAppPriceInput>({
    resolver: zodResolver(WhatsAppPriceFormSchema),
    defaultValues: { category: 'MARKETING', pricePaise: '' },
    mode: 'onTouched',
  });
  const onSubmit = useSaveHandler(form, (values) => save.mutateAsync(values), t('whatsapp.saved'));
  const { errors, isSubmitting } = form.formState;
  const category = (value: string) => t(`whatsapp.categories.${value as (typeof WHATSAPP_TEMPLATE_CATEGORIES)[number]}`);

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid="whatsapp-prices">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('whatsapp.title')}
      </h2>
      <p className="text-muted-foreground">{t('whatsapp.intro')}</p>
      {query.data ? (
        <ul className="grid gap-2 sm:grid-cols-3">
          {query.data.current.map((p) => (
            <li key={p.category} className="rounded-md border bg-muted p-4">
              <p className="text-sm text-muted-foreground">{category(p.category)}</p>
              <p className="text-2xl font-bold">{t('whatsapp.perMessage', { price: formatRupees(p.pricePaise) })}</p>
            </li>
          ))}
        </ul>
      ) : (
        <Skeleton className="h-20 w-full" />
      )}
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="flex flex-col gap-4 rounded-md border p-4"
        aria-label={t('whatsapp.formLabel')}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-category`} className="font-semibold">
            {t('whatsapp.category')}
          </label>
          <select
            id={`${id}-category`}
            {...form.register('category')}
            className={`min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-base ${invalidClass}`}
          >
            {WHATSAPP_TEMPLATE_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {category(value)}
              </option>
            ))}
          </select>
        </div>
        <FormField id={`${id}-price`} label={t('whatsapp.newPrice')} hint={t('whatsapp.hint')} error={errors.pricePaise?.message}>
          {(aria) => <Input {...aria} {...form.register('pricePaise')} inputMode="decimal" className={invalidClass} />}
        </FormField>
        <PriceFormFooter serverError={errors.root?.server?.message} submitting={isSubmitting} />
      </form>
      {query.data ? (
        <PriceHistory
          rows={query.data.history}
          columns={[
            { header: t('whatsapp.category'), cell: (r) => category(r.category) },
            { header: t('whatsapp.price'), cell: (r) => formatRupees(r.pricePaise) },
          ]}
        />
      ) : null}
    </section>
  );
}
