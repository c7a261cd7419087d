import type { PlanInput, PlanVersion } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSetPlan } from '../api/set-plan';
import { useSaveHandler } from '../hooks/use-save-handler';
import { PriceFormFooter } from './price-form-footer';
import { PlanFormSchema, planFormValues, type PlanFormValues } from '../utils/price-forms';

/** Adds a plan (plan null) or saves a new version of one; the code names the plan and never changes. */
export function PlanForm({ plan, onDone }: { plan: PlanVersion | null; onDone: () => void }) {
  const { t } = useTranslation('pricing');
  const id = useId();
  const save = useSetPlan();
  const form = useForm<PlanFormValues, unknown, PlanInput>({
    resolver: zodResolver(PlanFormSchema),
    defaultValues: planFormValues(plan),
    mode: 'onTouched',
  });
  const onSubmit = useSaveHandler(
    form,
    async (values) => {
      await save.mutateAsync(values);
      onDone();
    },
    t('plans.saved'),
  );
  const { errors, isSubmitting } = form.formState;
  const f = (name: string) => `${id}-${name}`;

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-4 rounded-md border p-4"
      aria-label={plan ? t('plans.editNamed', { name: plan.name }) : t('plans.add')}
    >
      <h2 className="text-lg font-bold">{plan ? t('plans.editNamed', { name: plan.name }) : t('plans.add')}</h2>
      <FormField id={f('code')} label={t('plans.code')} hint={t('plans.codeHint')} error={errors.code?.message}>
        {(aria) => (
          <Input {...aria} {...form.register('code')} readOnly={plan !== null} autoComplete="off" className={invalidClass} />
        )}
      </FormField>
      <FormField id={f('name')} label={t('plans.name')} error={errors.name?.message}>
        {(aria) => <Input {...aria} {...form.register('name')} autoComplete="off" className={invalidClass} />}
      </FormField>
      <FormField id={f('price')} label={t('plans.priceLabel')} error={errors.monthlyPricePaise?.message}>
        {(aria) => <Input {...aria} {...form.register('monthlyPricePaise')} inputMode="decimal" className={invalidClass} />}
      </FormField>
      <FormField id={f('posts')} label={t('plans.postsLabel')} hint={t('plans.postsHint')} error={errors.postsPerMonth?.message}>
        {(aria) => <Input {...aria} {...form.register('postsPerMonth')} inputMode="numeric" className={invalidClass} />}
      </FormField>
      <FormField id={f('sms')} label={t('plans.smsLabel')} error={errors.smsPricePaise?.message}>
        {(aria) => <Input {...aria} {...form.register('smsPricePaise')} inputMode="decimal" className={invalidClass} />}
      </FormField>
      <CheckboxField
        id={f('active')}
        label={t('plans.activeLabel')}
        description={t('plans.activeHint')}
        {...form.register('active')}
      />
      <p className="text-sm text-muted-foreground">{t('plans.appliesNext')}</p>
      <div className="flex flex-wrap gap-2">
        <PriceFormFooter serverError={errors.root?.server?.message} submitting={isSubmitting} />
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
