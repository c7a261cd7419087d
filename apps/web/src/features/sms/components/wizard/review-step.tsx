import { displayIndianPhone, formatRupees, nextSmsWindowStart, type SmsCostPreview } from '@aaspaas/domain';
import { Clock, Wallet } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCount, formatIndiaDateTime } from '@/lib/format';
import type { WizardState } from '../../utils/wizard-state';
import { SegmentCounter } from '../segment-counter';

export type PreviewState = {
  data: SmsCostPreview | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * Step 3: the message as one real recipient will get it, what it costs (every recipient's parts × the
 * price of a part, as confirming will reserve it), the balance it comes from, and when it goes: now or
 * at a chosen time, with the wait until 10:00 India time said plainly when the time is outside the window.
 */
export function ReviewStep({
  state,
  onChange,
  errors,
  preview,
}: {
  state: WizardState;
  onChange: (patch: Partial<WizardState>) => void;
  errors: Record<string, string>;
  preview: PreviewState;
}) {
  const { t } = useTranslation('sms');
  const id = useId();
  const q = preview.data;
  const shortfall = q ? Math.max(0, q.costPaise - q.balancePaise) : 0;
  const asked = state.when === 'later' && state.scheduledAt ? new Date(state.scheduledAt) : new Date();
  const startsAt = q?.windowApplies && !Number.isNaN(asked.getTime()) ? nextSmsWindowStart(asked) : asked;

  return (
    <div className="flex flex-col gap-5">
      {preview.isPending && !q ? (
        <div className="flex flex-col gap-2" data-testid="quote-loading">
          <span className="sr-only">{t('wizard.review.loading')}</span>
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : preview.isError ? (
        <div role="alert" className="rounded-2xl border border-danger/40 bg-danger-soft p-4">
          <p className="font-semibold text-danger">{preview.error?.message ?? t('wizard.review.failed')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void preview.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : q ? (
        <>
          {q.whatsapp?.sample ? (
            <section
              aria-labelledby={`${id}-wa-preview`}
              className="flex flex-col gap-2 rounded-2xl bg-muted p-4"
              data-testid="campaign-whatsapp-preview"
            >
              <h3 id={`${id}-wa-preview`} className="font-semibold">
                {t('wizard.review.whatsappPreviewFor', {
                  name: q.whatsapp.sample.contactName,
                  number: displayIndianPhone(q.whatsapp.sample.to) ?? q.whatsapp.sample.to,
                })}
              </h3>
              <p className="rounded-xl bg-surface p-3 break-words whitespace-pre-wrap">{q.whatsapp.sample.text}</p>
            </section>
          ) : null}
          {q.sample ? (
            <section
              aria-labelledby={`${id}-preview`}
              className="flex flex-col gap-2 rounded-2xl bg-muted p-4"
              data-testid="campaign-preview"
            >
              <h3 id={`${id}-preview`} className="font-semibold">
                {t('wizard.review.previewFor', {
                  name: q.sample.contactName,
                  number: displayIndianPhone(q.sample.to) ?? q.sample.to,
                })}
              </h3>
              <p className="rounded-xl bg-surface p-3 break-words whitespace-pre-wrap">{q.sample.text}</p>
              <SegmentCounter text={q.sample.text} pricePaise={q.pricePaise} />
            </section>
          ) : null}
          <section
            aria-labelledby={`${id}-cost`}
            className="rounded-2xl border border-border bg-surface p-4"
            data-testid="campaign-cost"
          >
            <h3 id={`${id}-cost`} className="font-semibold">
              {t('wizard.review.cost')}
            </h3>
            {q.whatsapp ? (
              <p className="mt-1 tabular-nums" data-testid="campaign-cost-whatsapp">
                {t('wizard.review.costWhatsApp', {
                  recipients: formatCount(q.whatsapp.recipients),
                  price: formatRupees(q.whatsapp.pricePaise),
                  amount: formatRupees(q.whatsapp.costPaise),
                })}
              </p>
            ) : null}
            {q.whatsapp && q.smsRecipients > 0 ? (
              <p className="mt-1 tabular-nums" data-testid="campaign-cost-sms">
                {t('wizard.review.costSms', {
                  recipients: formatCount(q.smsRecipients),
                  parts: t('counter.parts', { count: q.totalParts }),
                  price: formatRupees(q.pricePaise),
                  amount: formatRupees(q.smsCostPaise),
                })}
              </p>
            ) : null}
            <p className="mt-1 tabular-nums" hidden={Boolean(q.whatsapp)}>
              {q.minParts === q.maxParts
                ? t('wizard.review.costSum', {
                    recipients: formatCount(q.recipients),
                    parts: t('counter.parts', { count: q.minParts }),
                    price: formatRupees(q.pricePaise),
                  })
                : t('wizard.review.costSumMixed', {
                    recipients: formatCount(q.recipients),
                    parts: formatCount(q.totalParts),
                    price: formatRupees(q.pricePaise),
                  })}
            </p>
            <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="campaign-cost-total">
              {formatRupees(q.costPaise)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {t('wizard.review.balance', { amount: formatRupees(q.balancePaise) })}
            </p>
            {q.fallbackPricePaise !== null ? (
              <p className="mt-2 text-sm" data-testid="campaign-fallback-note">
                {t('wizard.review.fallback', { price: formatRupees(q.fallbackPricePaise) })}
              </p>
            ) : null}
            {shortfall > 0 ? (
              <div role="alert" className="mt-3 flex flex-col items-start gap-2 rounded-xl bg-danger-soft p-3">
                <p className="font-semibold text-danger">{t('wizard.review.shortfall', { amount: formatRupees(shortfall) })}</p>
                <Link to={paths.app.wallet.getHref()} className={buttonVariants({ variant: 'primary' })}>
                  <Wallet className="size-5" aria-hidden="true" />
                  {t('wizard.review.addMoney', { amount: formatRupees(shortfall) })}
                </Link>
              </div>
            ) : null}
          </section>
        </>
      ) : null}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('wizard.review.when')}</legend>
        {(['now', 'later'] as const).map((when) => (
          <label
            key={when}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border bg-surface p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              type="radio"
              name={`${id}-when`}
              checked={state.when === when}
              onChange={() => onChange({ when })}
              className="size-5 accent-primary"
            />
            <span className="font-semibold">{t(`wizard.review.whenOptions.${when}`)}</span>
          </label>
        ))}
        {state.when === 'later' ? (
          <FormField
            id={`${id}-at`}
            label={t('wizard.review.scheduleAt')}
            hint={t('wizard.review.scheduleHint')}
            error={errors.scheduledAt}
          >
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={state.scheduledAt}
                onChange={(e) => onChange({ scheduledAt: e.target.value })}
                className={invalidClass}
              />
            )}
          </FormField>
        ) : null}
      </fieldset>
      {startsAt.getTime() !== asked.getTime() ? (
        <p role="status" className="flex items-start gap-2 rounded-xl bg-primary-soft p-3" data-testid="window-notice">
          <Clock className="mt-0.5 size-5 shrink-0 text-primary-hover" aria-hidden="true" />
          {t(q?.whatsapp ? 'wizard.review.waitsWhatsApp' : 'wizard.review.waits', {
            at: formatIndiaDateTime(startsAt.toISOString()),
          })}
        </p>
      ) : null}
    </div>
  );
}
