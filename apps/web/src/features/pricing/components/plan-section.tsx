import { formatRupees, type Plan, type Subscription, upgradeCostPaise } from '@aaspaas/domain';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatIndiaDate } from '@/lib/format';
import { isNetworkError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { useBuyPlan } from '../api/buy-plan';
import { useCancelPlan } from '../api/cancel-plan';
import { useChangePlan } from '../api/change-plan';
import { useCurrentSubscription } from '../api/get-current-subscription';
import { usePricing } from '../api/get-pricing';
import { PlanTerms } from './plan-terms';

/** What the owner asked for and is confirming. */
type Pending = { kind: 'buy' | 'change'; plan: Plan } | { kind: 'cancel' } | { kind: 'keep' };

/**
 * The plan part of /wallet (docs/product.md §10): the plan and its renewal date, the grace notice
 * when a renewal could not be paid, and buying, changing or cancelling, each confirmed first.
 */
export function PlanSection() {
  const { t } = useTranslation('pricing');
  const { t: tCommon } = useTranslation();
  const current = useCurrentSubscription();
  const pricing = usePricing();
  const [choosing, setChoosing] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const buy = useBuyPlan();
  const change = useChangePlan();
  const cancel = useCancelPlan();
  const mutation = pending?.kind === 'buy' ? buy : pending?.kind === 'cancel' ? cancel : change;

  const failed = current.error ?? pricing.error;
  if (failed && (!current.data || !pricing.data)) {
    return (
      <section aria-labelledby="plan-title" className="flex flex-col gap-3">
        <h2 id="plan-title" className="text-lg font-bold">
          {t('plan.title')}
        </h2>
        <ErrorCard
          title={t('plan.loadError')}
          message={isNetworkError(failed) ? tCommon('errors.offline') : failed.message}
          onRetry={() => void Promise.all([current.refetch(), pricing.refetch()])}
          retrying={current.isFetching || pricing.isFetching}
          retryLabel={tCommon('retry')}
        />
      </section>
    );
  }
  if (!current.data || !pricing.data) {
    return (
      <section aria-labelledby="plan-title" className="flex flex-col gap-3">
        <h2 id="plan-title" className="text-lg font-bold">
          {t('plan.title')}
        </h2>
        <p role="status" className="text-muted-foreground">
          {t('plan.loading')}
        </p>
      </section>
    );
  }

  const subscription = current.data.subscription;
  const offered = pricing.data.plans.filter((p) => p.code !== subscription?.planCode);

  function confirm() {
    if (!pending) return;
    const done = (message: string) => {
      void notify(message, 'success');
      setPending(null);
      setChoosing(false);
    };
    if (pending.kind === 'buy')
      buy.mutate(pending.plan.code, { onSuccess: () => done(t('plan.bought', { plan: pending.plan.name })) });
    else if (!subscription) setPending(null);
    else if (pending.kind === 'cancel') cancel.mutate(subscription.id, { onSuccess: () => done(t('plan.cancelled')) });
    else {
      const planCode = pending.kind === 'keep' ? subscription.planCode : pending.plan.code;
      change.mutate({ id: subscription.id, planCode }, { onSuccess: () => done(t('plan.changed')) });
    }
  }

  return (
    <section aria-labelledby="plan-title" className="flex flex-col gap-3" data-testid="plan-section">
      <h2 id="plan-title" className="text-lg font-bold">
        {t('plan.title')}
      </h2>
      {subscription ? (
        <CurrentPlan
          subscription={subscription}
          onChange={() => setChoosing((open) => !open)}
          onCancel={() => setPending({ kind: 'cancel' })}
          onKeep={() => setPending({ kind: 'keep' })}
        />
      ) : (
        <div className="rounded-md border p-4">
          <p className="font-semibold">{t('plan.free')}</p>
          <p className="text-sm text-muted-foreground">
            {t('plan.freeTerms', {
              count: pricing.data.freePostsPerMonth,
              price: formatRupees(pricing.data.pricePerPostPaise),
              sms: formatRupees(pricing.data.smsPricePaise),
            })}
          </p>
        </div>
      )}
      {(!subscription || choosing) && offered.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('plan.choices')}>
          {offered.map((plan) => (
            <li key={plan.code} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <PlanTerms plan={plan} />
              <Button
                variant={subscription ? 'secondary' : 'primary'}
                onClick={() => setPending({ kind: subscription ? 'change' : 'buy', plan })}
                aria-label={subscription ? t('plan.switchTo', { plan: plan.name }) : t('plan.buyNamed', { plan: plan.name })}
              >
                {subscription ? t('plan.switch') : t('plan.buy', { price: formatRupees(plan.monthlyPricePaise) })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPending(null);
            mutation.reset();
          }
        }}
        title={pending ? confirmTitle(t, pending) : ''}
        description={pending ? confirmText(t, pending, subscription) : ''}
        confirmLabel={pending?.kind === 'cancel' ? t('plan.confirmCancel') : t('plan.confirm')}
        cancelLabel={pending?.kind === 'cancel' ? t('plan.keepIt') : t('plan.notNow')}
        tone={pending?.kind === 'cancel' ? 'danger' : 'primary'}
        onConfirm={confirm}
        pending={mutation.isPending}
        pendingLabel={t('plan.working')}
        error={mutation.error ? (isNetworkError(mutation.error) ? tCommon('errors.offline') : mutation.error.message) : null}
      />
    </section>
  );
}

type T = ReturnType<typeof useTranslation<'pricing'>>['t'];

function confirmTitle(t: T, pending: Pending): string {
  if (pending.kind === 'buy') return t('plan.buyTitle', { plan: pending.plan.name });
  if (pending.kind === 'change') return t('plan.changeTitle', { plan: pending.plan.name });
  if (pending.kind === 'keep') return t('plan.keepTitle');
  return t('plan.cancelTitle');
}

function confirmText(t: T, pending: Pending, subscription: Subscription | null): string {
  if (pending.kind === 'buy') return t('plan.buyText', { price: formatRupees(pending.plan.monthlyPricePaise) });
  if (!subscription) return '';
  const end = formatIndiaDate(subscription.periodEnd);
  if (pending.kind === 'cancel') return t('plan.cancelText', { date: end });
  if (pending.kind === 'keep') return t('plan.keepText', { date: end });
  if (pending.plan.monthlyPricePaise <= subscription.monthlyPricePaise)
    return t('plan.downgradeText', { plan: pending.plan.name, date: end });
  const cost = upgradeCostPaise(
    subscription.monthlyPricePaise,
    pending.plan.monthlyPricePaise,
    new Date(subscription.periodStart),
    new Date(subscription.periodEnd),
    new Date(),
  );
  return t('plan.upgradeText', { price: formatRupees(cost), plan: pending.plan.name, date: end });
}

function CurrentPlan({
  subscription,
  onChange,
  onCancel,
  onKeep,
}: {
  subscription: Subscription;
  onChange: () => void;
  onCancel: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation('pricing');
  const end = formatIndiaDate(subscription.periodEnd);
  const undoable = subscription.cancelAtPeriodEnd || subscription.nextPlanCode !== null;
  return (
    <div className="flex flex-col gap-3 rounded-md border p-4" data-testid="current-plan">
      {subscription.status === 'grace' && subscription.graceUntil ? (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-danger/10 p-3 text-sm font-semibold text-danger">
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          {t('plan.grace', {
            price: formatRupees(subscription.monthlyPricePaise),
            date: formatIndiaDate(subscription.graceUntil),
          })}
        </p>
      ) : null}
      <PlanTerms plan={{ ...subscription, name: subscription.planName }} />
      <p className="text-sm">
        {subscription.cancelAtPeriodEnd
          ? t('plan.endsOn', { date: end })
          : subscription.nextPlanName
            ? t('plan.changesOn', { plan: subscription.nextPlanName, date: end })
            : t('plan.renewsOn', { date: end, price: formatRupees(subscription.monthlyPricePaise) })}
      </p>
      <div className="flex flex-wrap gap-2">
        {undoable ? (
          <Button variant="secondary" onClick={onKeep}>
            {t('plan.keep', { plan: subscription.planName })}
          </Button>
        ) : null}
        {subscription.status === 'active' ? (
          <Button variant="secondary" onClick={onChange}>
            {t('plan.change')}
          </Button>
        ) : null}
        {subscription.cancelAtPeriodEnd ? null : (
          <Button variant="ghost" onClick={onCancel}>
            {t('plan.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}
