import { formatRupees, paiseToRupeesText } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSmsPricing } from '../api/get-sms-pricing';
import { useSetSmsPrice } from '../api/set-sms-price';
import { useSaveHandler } from '../hooks/use-save-handler';
import { SmsPriceFormSchema, type SmsPriceFormValues } from '../utils/price-forms';
import { CurrentPrice } from './current-price';
import { PriceFormFooter } from './price-form-footer';
import { PriceHistory } from './price-history';
import { PricingPageShell } from './pricing-page-shell';
import { WhatsAppPricesSection } from './whatsapp-prices-section';

/** /admin/sms-pricing: the price of one SMS segment, a form for a new one, and every change; the WhatsApp prices below. */
export function SmsPricingPage() {
  const { t } = useTranslation('pricing');
  const query = useSmsPricing();
  return (
    <PricingPageShell title={t('sms.title')} intro={t('sms.intro')} query={query}>
      {(data) => (
        <>
          <CurrentPrice label={t('sms.current')} value={t('sms.perSegment', { price: formatRupees(data.current.pricePaise) })} />
          <SmsPriceForm pricePaise={data.current.pricePaise} />
          <PriceHistory rows={data.history} columns={[{ header: t('sms.price'), cell: (r) => formatRupees(r.pricePaise) }]} />
          <WhatsAppPricesSection />
        </>
      )}
    </PricingPageShell>
  );
}

function SmsPriceForm({ pricePaise }: { pricePaise: number }) {
  const { t } = useTranslation('pricing');
  const id = useId();
  const save = useSetSmsPrice();
  const form = useForm<SmsPriceFormValues, unknown, { pricePaise: number }>({
    resolver: zodResolver(SmsPriceFormSchema),
    defaultValues: { pricePaise: paiseToRupeesText(pricePaise) },
    mode: 'onTouched',
  });
  const onSubmit = useSaveHandler(form, (values) => save.mutateAsync(values), t('sms.saved'));
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-4 rounded-md border p-4"
      aria-label={t('sms.formLabel')}
    >
      <FormField id={`${id}-price`} label={t('sms.newPrice')} hint={t('sms.hint')} error={errors.pricePaise?.message}>
        {(aria) => <Input {...aria} {...form.register('pricePaise')} inputMode="decimal" className={invalidClass} />}
      </FormField>
      <PriceFormFooter serverError={errors.root?.server?.message} submitting={isSubmitting} />
    </form>
  );
}
