import { formatRupees, nextSmsWindowStart, type DltTemplate, type WhatsAppTemplate } from '@aaspaas/domain';
import { ArrowLeft, ArrowRight, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatIndiaDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useSendCampaign } from '../../api/create-campaign';
import { useAudiencePreview } from '../../api/preview-audience';
import { useCampaignPreview } from '../../api/preview-campaign';
import {
  audienceOf,
  campaignDraft,
  campaignInput,
  emptyWizard,
  stepErrors,
  WIZARD_ERROR_MESSAGES,
  WIZARD_STEPS,
  type WizardState,
} from '../../utils/wizard-state';
import { AudienceStep } from './audience-step';
import { MessageStep } from './message-step';
import { ReviewStep } from './review-step';

type Failure = { message: string; needsMoney: boolean };

/** When sending really starts, as the review step says: null for "now" inside the window. */
function realStart(scheduledAt: string | null | undefined, windowApplies: boolean): Date | null {
  const asked = scheduledAt ? new Date(scheduledAt) : new Date();
  if (Number.isNaN(asked.getTime())) return null;
  const starts = windowApplies ? nextSmsWindowStart(asked) : asked;
  return scheduledAt || starts.getTime() !== asked.getTime() ? starts : null;
}

/**
 * Audience → template and variables → preview, cost and time → confirm. Nothing is charged before
 * the confirmation, which says what will be reserved from the wallet.
 */
export function CampaignWizard({
  templates,
  whatsappTemplates = [],
  onDone,
}: {
  templates: DltTemplate[];
  /** The connected WhatsApp number's approved templates (none: SMS only). */
  whatsappTemplates?: WhatsAppTemplate[];
  onDone: () => void;
}) {
  const { t } = useTranslation('sms');
  const [state, setState] = useState<WizardState>(() => emptyWizard(templates));
  const [stepIndex, setStepIndex] = useState(0);
  const [shownErrors, setShownErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [draft, setDraft] = useState<{ id: string; input: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const step = WIZARD_STEPS[stepIndex] ?? 'audience';
  const audience = useAudiencePreview(audienceOf(state), state.audienceKind === 'all' || state.tags.length > 0, state.channel);
  const messageReady = Object.keys(stepErrors('message', state)).length === 0;
  const preview = useCampaignPreview(campaignDraft(state), step === 'review' && messageReady);
  const send = useSendCampaign();
  const input = campaignInput(state);
  const q = preview.data;
  const startsAt = realStart(input.scheduledAt, q?.windowApplies ?? false);

  useEffect(() => {
    // Each new step is announced by moving focus to its heading; the first render leaves focus alone.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stepIndex]);

  const change = (patch: Partial<WizardState>) => {
    setState((s) => ({ ...s, ...patch }));
    setShownErrors({});
    setFailure(null);
  };
  const next = () => {
    const errors = stepErrors(step, state, { audienceCount: audience.data?.recipients });
    if (Object.keys(errors).length > 0) {
      setShownErrors(
        Object.fromEntries(
          Object.entries(errors).map(([k, v]) => [
            k,
            v === 'templateRequired' || v === 'whatsappTemplateRequired' ? t(`wizard.errors.${v}`) : WIZARD_ERROR_MESSAGES[v],
          ]),
        ),
      );
      return;
    }
    if (step === 'review') setConfirming(true);
    else setStepIndex((i) => i + 1);
  };
  const confirm = () => {
    if (!q) return;
    send.mutate(
      { input, expectedCostPaise: q.costPaise, draft },
      {
        onSuccess: (campaign) => {
          setConfirming(false);
          void notify(t(campaign.scheduledAt ? 'wizard.scheduled' : 'wizard.started', { name: campaign.name }), 'success');
          onDone();
        },
        onError: (error) => {
          setConfirming(false);
          const kept = (error as Error & { draft?: { id: string; input: string } }).draft;
          if (kept) setDraft(kept);
          const status = error instanceof ApiError ? error.status : 0;
          // A changed cost (409) is shown again before anything is charged.
          if (status === 409) void preview.refetch();
          setFailure({ message: error.message, needsMoney: status === 402 });
        },
      },
    );
  };

  return (
    <section aria-labelledby="wizard-title" className="flex flex-col gap-5" data-testid="campaign-wizard">
      <ol className="grid grid-cols-3 gap-1 text-center text-sm" aria-label={t('wizard.stepsLabel')}>
        {WIZARD_STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === stepIndex ? 'step' : undefined}
            className={cn(
              'rounded-lg px-1 py-2 font-semibold',
              i === stepIndex
                ? 'bg-primary text-primary-foreground'
                : i < stepIndex
                  ? 'bg-primary-soft'
                  : 'bg-muted text-muted-foreground',
            )}
          >
            {t('wizard.stepOf', { n: i + 1, name: t(`wizard.steps.${s}`) })}
          </li>
        ))}
      </ol>
      <h2 id="wizard-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        {t(`wizard.titles.${step}`)}
      </h2>

      {step === 'audience' ? (
        <AudienceStep
          state={state}
          onChange={change}
          errors={shownErrors}
          preview={audience}
          whatsappReady={whatsappTemplates.length > 0}
        />
      ) : null}
      {step === 'message' ? (
        <MessageStep
          state={state}
          templates={templates}
          whatsappTemplates={whatsappTemplates}
          onChange={change}
          errors={shownErrors}
        />
      ) : null}
      {step === 'review' ? <ReviewStep state={state} onChange={change} errors={shownErrors} preview={preview} /> : null}

      {failure ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-xl bg-danger-soft p-3" data-testid="send-failure">
          <p className="font-semibold text-danger">{failure.message}</p>
          {failure.needsMoney ? (
            <Link to={paths.app.wallet.getHref()} className={buttonVariants({ variant: 'primary' })}>
              {t('wizard.review.toWallet')}
            </Link>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" size="lg" onClick={() => (stepIndex === 0 ? onDone() : setStepIndex((i) => i - 1))}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          {stepIndex === 0 ? t('cancel') : t('wizard.back')}
        </Button>
        <Button
          size="lg"
          onClick={next}
          disabled={step === 'review' && (!q || q.costPaise > q.balancePaise || q.recipients === 0)}
        >
          {step === 'review' ? <Send className="size-5" aria-hidden="true" /> : null}
          {step === 'review' ? t(input.scheduledAt ? 'wizard.scheduleButton' : 'wizard.sendButton') : t('wizard.next')}
          {step === 'review' ? null : <ArrowRight className="size-5" aria-hidden="true" />}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(input.scheduledAt ? 'wizard.confirm.titleScheduled' : 'wizard.confirm.title', { name: input.name })}
        description={
          q
            ? t('wizard.confirm.body', {
                count: q.recipients,
                recipients: formatCount(q.recipients),
                amount: formatRupees(q.costPaise),
                when: startsAt ? formatIndiaDateTime(startsAt.toISOString()) : t('wizard.confirm.now'),
              })
            : ''
        }
        confirmLabel={t(input.scheduledAt ? 'wizard.confirm.schedule' : 'wizard.confirm.send', {
          amount: q ? formatRupees(q.costPaise) : '',
        })}
        cancelLabel={t('cancel')}
        pending={send.isPending}
        pendingLabel={t('wizard.confirm.pending')}
        onConfirm={confirm}
      />
    </section>
  );
}
