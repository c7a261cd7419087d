import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { DLT_VARIABLE_MAX_CHARS, SMS_CONTACT_FIELDS, type SmsVariable } from '@aaspaas/domain';

/**
 * What goes in each variable of a template (a DLT `{#var#}` or a WhatsApp `{{n}}`): fixed text, or the
 * customer's name. `errorKey` names this list's errors (`variables.0`, `whatsappVariables.1`, …).
 */
export function VariableFields({
  variables,
  onChange,
  errors,
  errorKey,
  legend,
}: {
  variables: SmsVariable[];
  onChange: (variables: SmsVariable[]) => void;
  errors: Record<string, string>;
  errorKey: string;
  legend: string;
}) {
  const { t } = useTranslation('sms');
  const id = useId();
  const setVariable = (i: number, value: SmsVariable) => onChange(variables.map((v, j) => (j === i ? value : v)));
  if (variables.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {variables.map((v, i) => {
        const error = errors[`${errorKey}.${i}`];
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
  );
}
