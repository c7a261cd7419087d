import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { DLT_VARIABLE_MAX_CHARS, SMS_CONTACT_FIELDS, type DltTemplate, type SmsVariable } from '@aaspaas/domain';
import { sampleText, variablesFor, type WizardState } from '../../utils/wizard-state';
import { SegmentCounter } from '../segment-counter';

/** Step 2: a registered template and what goes in each of its `{#var#}`: fixed text, or the customer's name. */
export function MessageStep({
  state,
  templates,
  onChange,
  errors,
}: {
  state: WizardState;
  templates: DltTemplate[];
  onChange: (patch: Partial<WizardState>) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('sms');
  const id = useId();
  const template = templates.find((x) => x.id === state.templateId);
  const setVariable = (i: number, value: SmsVariable) =>
    onChange({ variables: state.variables.map((v, j) => (j === i ? value : v)) });
  const sample = template
    ? sampleText(template, state.variables, (field) => t(`wizard.message.sample.${field}`), window.location.origin)
    : '';

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.templateId ? `${id}-template-error` : undefined}>
        <legend className="mb-1 font-semibold">{t('wizard.message.template')}</legend>
        {templates.map((tpl) => (
          <label
            key={tpl.id}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
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

      {template && state.variables.length > 0 ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-1 font-semibold">{t('wizard.message.variables')}</legend>
          {state.variables.map((v, i) => {
            const error = errors[`variables.${i}`];
            const label = t('wizard.message.variable', { n: i + 1 });
            return (
              <div key={i} className="flex flex-col gap-2 rounded-xl border border-border p-3">
                <span id={`${id}-v${i}`} className="font-semibold">
                  {label}
                </span>
                <div role="radiogroup" aria-labelledby={`${id}-v${i}`} className="flex flex-wrap gap-3">
                  <label className="flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name={`${id}-v${i}-kind`}
                      checked={v.kind === 'text'}
                      onChange={() => setVariable(i, { kind: 'text', value: '' })}
                      className="size-5 accent-primary"
                    />
                    {t('wizard.message.kinds.text')}
                  </label>
                  {SMS_CONTACT_FIELDS.map((field) => (
                    <label key={field} className="flex min-h-11 items-center gap-2">
                      <input
                        type="radio"
                        name={`${id}-v${i}-kind`}
                        checked={v.kind === 'field' && v.field === field}
                        onChange={() => setVariable(i, { kind: 'field', field })}
                        className="size-5 accent-primary"
                      />
                      {t(`wizard.message.kinds.${field}`)}
                    </label>
                  ))}
                </div>
                {v.kind === 'text' ? (
                  <>
                    <Input
                      aria-label={t('wizard.message.variableText', { n: i + 1 })}
                      aria-invalid={Boolean(error)}
                      aria-describedby={`${id}-v${i}-count${error ? ` ${id}-v${i}-error` : ''}`}
                      value={v.value}
                      onChange={(e) => setVariable(i, { kind: 'text', value: e.target.value })}
                      className={invalidClass}
                    />
                    <p id={`${id}-v${i}-count`} className="text-sm text-muted-foreground tabular-nums">
                      {t('wizard.message.variableCount', { used: [...v.value].length, max: DLT_VARIABLE_MAX_CHARS })}
                    </p>
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">{t('wizard.message.fieldHint')}</p>
                )}
                {error ? (
                  <p id={`${id}-v${i}-error`} role="alert" className="text-sm font-semibold text-danger">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}

      {template ? (
        <section aria-labelledby={`${id}-sample`} className="flex flex-col gap-2 rounded-2xl bg-muted p-4">
          <h3 id={`${id}-sample`} className="font-semibold">
            {t('wizard.message.sampleTitle')}
          </h3>
          <p className="break-words whitespace-pre-wrap" data-testid="message-sample">
            {sample}
          </p>
          <SegmentCounter text={sample} />
          {template.category === 'promotional' ? (
            <p className="text-sm text-muted-foreground">{t('wizard.message.optOutNote')}</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
