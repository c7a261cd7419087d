import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { CAMPAIGN_CHANNELS, type SmsAudiencePreview } from '@aaspaas/domain';
import { useContactTags } from '../../api/get-contact-tags';
import type { WizardState } from '../../utils/wizard-state';

/**
 * Step 1: the campaign's name, its channel (when WhatsApp is connected) and who gets it: every customer
 * who agreed, or those with chosen tags; counted live per channel, with who is left out and why.
 */
export function AudienceStep({
  state,
  onChange,
  errors,
  preview,
  whatsappReady,
}: {
  whatsappReady: boolean;
  state: WizardState;
  onChange: (patch: Partial<WizardState>) => void;
  errors: Record<string, string>;
  preview: {
    data: SmsAudiencePreview | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
}) {
  const { t } = useTranslation('sms');
  const id = useId();
  const tags = useContactTags();
  const toggleTag = (tag: string) =>
    onChange({ tags: state.tags.includes(tag) ? state.tags.filter((x) => x !== tag) : [...state.tags, tag] });
  const canCount = state.audienceKind === 'all' || state.tags.length > 0;
  return (
    <div className="flex flex-col gap-5">
      <FormField id={`${id}-name`} label={t('wizard.audience.name')} hint={t('wizard.audience.nameHint')} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={state.name}
            maxLength={80}
            onChange={(e) => onChange({ name: e.target.value })}
            className={invalidClass}
          />
        )}
      </FormField>

      {whatsappReady ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t('wizard.audience.channel')}</legend>
          {CAMPAIGN_CHANNELS.map((channel) => (
            <label
              key={channel}
              className="flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="radio"
                name={`${id}-channel`}
                value={channel}
                checked={state.channel === channel}
                onChange={() => onChange({ channel })}
                className="mt-0.5 size-5 accent-primary"
              />
              <span>
                <span className="block font-semibold">{t(`wizard.audience.channels.${channel}`)}</span>
                <span className="block text-sm text-muted-foreground">{t(`wizard.audience.channelsHint.${channel}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('wizard.audience.who')}</legend>
        {(['all', 'tags'] as const).map((kind) => (
          <label
            key={kind}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              type="radio"
              name={`${id}-kind`}
              value={kind}
              checked={state.audienceKind === kind}
              onChange={() => onChange({ audienceKind: kind })}
              className="mt-0.5 size-5 accent-primary"
            />
            <span>
              <span className="block font-semibold">{t(`wizard.audience.kinds.${kind}`)}</span>
              <span className="block text-sm text-muted-foreground">{t(`wizard.audience.kindsHint.${kind}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {state.audienceKind === 'tags' ? (
        <div className="flex flex-col gap-2">
          <div
            role="group"
            aria-labelledby={`${id}-tags`}
            aria-describedby={errors.tags ? `${id}-tags-error` : undefined}
            className="flex flex-wrap gap-2"
          >
            <span id={`${id}-tags`} className="w-full font-semibold">
              {t('wizard.audience.tags')}
            </span>
            {tags.isPending ? (
              <Skeleton className="h-11 w-48" />
            ) : tags.isError ? (
              <p role="alert" className="text-danger">
                {t('wizard.audience.tagsFailed')}
              </p>
            ) : tags.data.length === 0 ? (
              <p className="text-muted-foreground">{t('wizard.audience.noTags')}</p>
            ) : (
              tags.data.map((tag) => (
                <Button
                  key={tag}
                  size="sm"
                  variant={state.tags.includes(tag) ? 'primary' : 'secondary'}
                  aria-pressed={state.tags.includes(tag)}
                  onClick={() => toggleTag(tag)}
                >
                  {tag}
                </Button>
              ))
            )}
          </div>
          {errors.tags ? (
            <p id={`${id}-tags-error`} role="alert" className="text-sm font-semibold text-danger">
              {errors.tags}
            </p>
          ) : null}
        </div>
      ) : null}

      <section
        aria-live="polite"
        aria-busy={preview.isFetching}
        className="rounded-2xl bg-muted p-4"
        data-testid="audience-count"
      >
        {!canCount ? (
          <p className="text-muted-foreground">{t('wizard.audience.pickTags')}</p>
        ) : preview.isError ? (
          <div role="alert">
            <p>{t('wizard.audience.countFailed')}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void preview.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : !preview.data ? (
          <p className="text-muted-foreground">{t('wizard.audience.counting')}</p>
        ) : (
          <>
            <p className="text-lg font-bold">
              {t('wizard.audience.count', { count: preview.data.recipients, shown: formatCount(preview.data.recipients) })}
            </p>
            {state.channel === 'whatsapp-first' && preview.data.recipients > 0 ? (
              <p className="mt-1" data-testid="audience-per-channel">
                {t('wizard.audience.perChannel', {
                  whatsapp: formatCount(preview.data.whatsappRecipients),
                  sms: formatCount(preview.data.recipients - preview.data.whatsappRecipients),
                })}
              </p>
            ) : null}
            {preview.data.leftOut.noWhatsApp > 0 ? (
              <p className="mt-1 text-sm text-muted-foreground">
                {t('wizard.audience.noWhatsApp', {
                  count: preview.data.leftOut.noWhatsApp,
                  shown: formatCount(preview.data.leftOut.noWhatsApp),
                })}
              </p>
            ) : null}
            {preview.data.leftOut.noConsent + preview.data.leftOut.optedOut > 0 ? (
              <p className="mt-1 text-sm text-muted-foreground">
                {t('wizard.audience.leftOut', {
                  count: preview.data.leftOut.noConsent + preview.data.leftOut.optedOut,
                  noConsent: formatCount(preview.data.leftOut.noConsent),
                  optedOut: formatCount(preview.data.leftOut.optedOut),
                })}
              </p>
            ) : null}
          </>
        )}
        {errors.audience ? (
          <p role="alert" className="mt-1 text-sm font-semibold text-danger">
            {errors.audience}
          </p>
        ) : null}
      </section>
    </div>
  );
}
