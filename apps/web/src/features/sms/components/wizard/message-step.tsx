import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  channelUsesSms,
  channelUsesWhatsApp,
  type DltTemplate,
  type SmsVariable,
  type WhatsAppTemplate,
  whatsappVariableCount,
} from '@aaspaas/domain';
import { sampleText, variablesFor, whatsappSampleText, type WizardState } from '../../utils/wizard-state';
import { SegmentCounter } from '../segment-counter';
import { VariableFields } from './variable-fields';

const choiceClass =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft';

/**
 * Step 2: the templates the channel needs (a registered DLT template for SMS, an approved WhatsApp
 * template for WhatsApp; both for WhatsApp first) and what goes in each variable: fixed text, or the customer's name.
 */
export function MessageStep({
  state,
  templates,
  whatsappTemplates,
  onChange,
  errors,
}: {
  state: WizardState;
  templates: DltTemplate[];
  whatsappTemplates: WhatsAppTemplate[];
  onChange: (patch: Partial<WizardState>) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('sms');
  const id = useId();
  const template = templates.find((x) => x.id === state.templateId);
  const whatsapp = whatsappTemplates.find((x) => x.id === state.whatsappTemplateId);
  const field = (f: 'name' | 'firstName') => t(`wizard.message.sample.${f}`);
  const sample = template ? sampleText(template, state.variables, field, window.location.origin) : '';
  const whatsappSample = whatsapp ? whatsappSampleText(whatsapp, state.whatsappVariables, field) : '';
  const pickWhatsApp = (tpl: WhatsAppTemplate) =>
    onChange({
      whatsappTemplateId: tpl.id,
      whatsappVariables: Array.from(
        { length: whatsappVariableCount(tpl.body) },
        (_, i): SmsVariable => state.whatsappVariables[i] ?? { kind: 'text', value: '' },
      ),
    });

  return (
    <div className="flex flex-col gap-5">
      {channelUsesWhatsApp(state.channel) ? (
        <section className="flex flex-col gap-5" aria-labelledby={`${id}-wa`}>
          <h3 id={`${id}-wa`} className="text-lg font-bold">
            {t('wizard.message.whatsappTitle')}
          </h3>
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.whatsappTemplateId ? `${id}-wa-error` : undefined}>
            <legend className="mb-1 font-semibold">{t('wizard.message.whatsappTemplate')}</legend>
            {whatsappTemplates.map((tpl) => (
              <label key={tpl.id} className={choiceClass}>
                <input
                  type="radio"
                  name={`${id}-wa-template`}
                  value={tpl.id}
                  checked={state.whatsappTemplateId === tpl.id}
                  onChange={() => pickWhatsApp(tpl)}
                  className="mt-0.5 size-5 accent-primary"
                />
                <span className="min-w-0">
                  <span className="block font-semibold">
                    {tpl.name}{' '}
                    <span className="text-sm font-normal text-muted-foreground">
                      · {tpl.language} · {t(`wizard.message.whatsappCategories.${tpl.category}`)}
                    </span>
                  </span>
                  <span className="block text-sm break-words text-muted-foreground">{tpl.body}</span>
                </span>
              </label>
            ))}
            {errors.whatsappTemplateId ? (
              <p id={`${id}-wa-error`} role="alert" className="text-sm font-semibold text-danger">
                {errors.whatsappTemplateId}
              </p>
            ) : null}
          </fieldset>
          {whatsapp ? (
            <VariableFields
              variables={state.whatsappVariables}
              onChange={(whatsappVariables) => onChange({ whatsappVariables })}
              errors={errors}
              errorKey="whatsappVariables"
              legend={t('wizard.message.variables')}
            />
          ) : null}
          {whatsapp ? (
            <section className="flex flex-col gap-2 rounded-2xl bg-muted p-4">
              <h4 className="font-semibold">{t('wizard.message.sampleTitle')}</h4>
              <p className="break-words whitespace-pre-wrap" data-testid="whatsapp-sample">
                {whatsappSample}
              </p>
            </section>
          ) : null}
        </section>
      ) : null}

      {channelUsesSms(state.channel) ? (
        <section className="flex flex-col gap-5" aria-labelledby={`${id}-sms`}>
          {state.channel === 'whatsapp-first' ? (
            <h3 id={`${id}-sms`} className="text-lg font-bold">
              {t('wizard.message.smsTitle')}
            </h3>
          ) : null}
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.templateId ? `${id}-template-error` : undefined}>
            <legend className="mb-1 font-semibold">{t('wizard.message.template')}</legend>
            {templates.map((tpl) => (
              <label key={tpl.id} className={choiceClass}>
                <input
                  type="radio"
                  name={`${id}-template`}
                  value={tpl.id}
                  checked={state.templateId === tpl.id}
                  onChange={() => onChange({ templateId: tpl.id, variables: variablesFor(tpl, state.variables) })}
                  className="mt-0.5 size-5 accent-primary"
                />
                <span className="min-w-0">
                  <span className="block font-semibold">
                    {tpl.name}{' '}
                    <span className="text-sm font-normal text-muted-foreground">· {t(`dlt.categories.${tpl.category}`)}</span>
                  </span>
                  <span className="block text-sm break-words text-muted-foreground">{tpl.text}</span>
                </span>
              </label>
            ))}
            {errors.templateId ? (
              <p id={`${id}-template-error`} role="alert" className="text-sm font-semibold text-danger">
                {errors.templateId}
              </p>
            ) : null}
          </fieldset>

          {template ? (
            <VariableFields
              variables={state.variables}
              onChange={(variables) => onChange({ variables })}
              errors={errors}
              errorKey="variables"
              legend={t('wizard.message.variables')}
            />
          ) : null}

          {template ? (
            <section aria-labelledby={`${id}-sample`} className="flex flex-col gap-2 rounded-2xl bg-muted p-4">
              <h4 id={`${id}-sample`} className="font-semibold">
                {t('wizard.message.sampleTitle')}
              </h4>
              <p className="break-words whitespace-pre-wrap" data-testid="message-sample">
                {sample}
              </p>
              <SegmentCounter text={sample} />
              {template.category === 'promotional' ? (
                <p className="text-sm text-muted-foreground">{t('wizard.message.optOutNote')}</p>
              ) : null}
            </section>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
