import { formatRupees, paiseToRupeesText, type PostPricingInput } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { usePostPricing } from '../api/get-post-pricing';
import { useSetPostPricing } from '../api/set-post-pricing';
import { useSaveHandler } from '../hooks/use-save-handler';
import { PostPricingFormSchema, type PostPricingFormValues } from '../utils/price-forms';
import { CurrentPrice } from './current-price';
import { PriceFormFooter } from './price-form-footer';
import { PriceHistory } from './price-history';
import { PricingPageShell } from './pricing-page-shell';

/** /admin/post-pricing: free posts a month, the price of each further post, and every change. */
export function PostPricingPage() {
  const { t } = useTranslation('pricing');
  const query = usePostPricing();
  return (
    <PricingPageShell title={t('posts.title')} intro={t('posts.intro')} query={query}>
      {(data) => (
        <>
          <CurrentPrice
            label={t('posts.current')}
            value={t('posts.summary', {
              count: data.current.freePostsPerMonth,
              price: formatRupees(data.current.pricePerPostPaise),
            })}
          />
          <PostPricingForm current={data.current} />
          <PriceHistory
            rows={data.history}
            columns={[
              { header: t('posts.free'), cell: (r) => r.freePostsPerMonth },
              { header: t('posts.price'), cell: (r) => formatRupees(r.pricePerPostPaise) },
            ]}
          />
        </>
      )}
    </PricingPageShell>
  );
}

function PostPricingForm({ current }: { current: PostPricingInput }) {
  const { t } = useTranslation('pricing');
  const id = useId();
  const save = useSetPostPricing();
  const form = useForm<PostPricingFormValues, unknown, PostPricingInput>({
    resolver: zodResolver(PostPricingFormSchema),
    defaultValues: {
      freePostsPerMonth: String(current.freePostsPerMonth),
      pricePerPostPaise: paiseToRupeesText(current.pricePerPostPaise),
    },
    mode: 'onTouched',
  });
  const onSubmit = useSaveHandler(form, (values) => save.mutateAsync(values), t('posts.saved'));
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-4 rounded-md border p-4"
      aria-label={t('posts.formLabel')}
    >
      <FormField
        id={`${id}-free`}
        label={t('posts.newFree')}
        hint={t('posts.freeHint')}
        error={errors.freePostsPerMonth?.message}
      >
        {(aria) => <Input {...aria} {...form.register('freePostsPerMonth')} inputMode="numeric" className={invalidClass} />}
      </FormField>
      <FormField
        id={`${id}-price`}
        label={t('posts.newPrice')}
        hint={t('posts.priceHint')}
        error={errors.pricePerPostPaise?.message}
      >
        {(aria) => <Input {...aria} {...form.register('pricePerPostPaise')} inputMode="decimal" className={invalidClass} />}
      </FormField>
      <PriceFormFooter serverError={errors.root?.server?.message} submitting={isSubmitting} />
    </form>
  );
}
