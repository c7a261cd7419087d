import { CONSENT_CHANNELS, type ConsentChannel, type Contact } from '@aaspaas/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegister } from 'react-hook-form';
import type { ContactFormValues } from '../utils/form-values';
import { formatIndiaDate } from '@/lib/format';
import { CheckboxField, invalidClass } from '@/components/ui/form-field';

/**
 * The consent record India's rules ask for: that the customer agreed, and how. On an existing
 * contact it says when and how consent was recorded, and whether the customer opted out.
 */
export function ConsentFields({
  register,
  consent,
  contact,
  error,
}: {
  register: UseFormRegister<ContactFormValues>;
  consent: boolean;
  contact?: Contact;
  error?: string;
}) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const channel = (value: ConsentChannel) => t(`consentChannels.${value}`);
  const recorded = contact?.consentAt
    ? t('form.consent.recorded', {
        date: formatIndiaDate(contact.consentAt),
        channel: contact.consentChannel ? channel(contact.consentChannel) : t('consentChannels.other'),
      })
    : undefined;

  const whatsappNote = contact?.whatsappConsentAt
    ? t('form.whatsappConsent.recorded', {
        date: formatIndiaDate(contact.whatsappConsentAt),
        how: t(`form.whatsappConsent.methods.${contact.whatsappConsentMethod ?? 'in_person'}`),
      })
    : contact?.whatsappOptedOutAt
      ? t('form.whatsappConsent.stopped', { date: formatIndiaDate(contact.whatsappOptedOutAt) })
      : undefined;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-lg font-bold">{t('form.sections.consent')}</legend>
      <CheckboxField
        id={`${id}-consent`}
        label={t('form.consent.label')}
        description={recorded}
        error={error}
        {...register('consent')}
      />
      {/* An existing consent keeps its date and channel (the API records it once): the channel is asked only when it is new. */}
      {consent && !contact?.consentAt ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-channel`} className="font-semibold">
            {t('form.consent.channel')}
          </label>
          <select
            id={`${id}-channel`}
            {...register('consentChannel')}
            className={`min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-base ${invalidClass}`}
          >
            {CONSENT_CHANNELS.map((value) => (
              <option key={value} value={value}>
                {channel(value)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {/* WhatsApp is a consent of its own (ADR 050): a STOP on WhatsApp ends it and leaves the SMS consent. */}
      <CheckboxField
        id={`${id}-whatsapp`}
        label={t('form.whatsappConsent.label')}
        description={whatsappNote}
        {...register('whatsappConsent')}
      />
      {contact ? (
        <CheckboxField
          id={`${id}-opted-out`}
          role="switch"
          label={t('form.optedOut.label')}
          description={
            contact.optedOut && contact.optedOutAt
              ? t('form.optedOut.since', { date: formatIndiaDate(contact.optedOutAt) })
              : t('form.optedOut.hint')
          }
          {...register('optedOut')}
        />
      ) : null}
    </fieldset>
  );
}
