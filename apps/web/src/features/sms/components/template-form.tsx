import type { DltCategory } from '@aaspaas/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { DltCategoryField } from './dlt-category-field';
import { SegmentCounter } from './segment-counter';

export type TemplateFormValues = { name: string; headerId: string; category: DltCategory; text: string; dltTemplateId: string };
export type TemplateFormErrors = Partial<Record<keyof TemplateFormValues | 'form', string>>;

/**
 * A DLT content template as registered: its text with `{#var#}` where the message changes, its
 * category, the header it goes out with and the template ID DLT gave it. The counter shows what the
 * text costs before any variable is filled in.
 */
export function TemplateForm({
  headers,
  categories,
  pending,
  errors,
  onSubmit,
  onCancel,
}: {
  headers: { id: string; label: string }[];
  categories: readonly DltCategory[];
  pending: boolean;
  errors: TemplateFormErrors;
  onSubmit: (values: TemplateFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sms');
  const id = useId();
  const [values, setValues] = useState<TemplateFormValues>({
    name: '',
    headerId: headers[0]?.id ?? '',
    category: categories[0] ?? 'transactional',
    text: '',
    dltTemplateId: '',
  });
  const set = (key: Exclude<keyof TemplateFormValues, 'category'>) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-base font-bold">
        {t('dlt.templates.addTitle')}
      </h3>
      <FormField id={`${id}-name`} label={t('dlt.templates.name')} hint={t('dlt.templates.nameHint')} error={errors.name}>
        {(control) => (
          <Input {...control} value={values.name} onChange={(e) => set('name')(e.target.value)} className={invalidClass} />
        )}
      </FormField>
      <FormField id={`${id}-header`} label={t('dlt.templates.header')} error={errors.headerId}>
        {(control) => (
          <Select {...control} value={values.headerId} onChange={(e) => set('headerId')(e.target.value)}>
            {headers.map((h) => (
              <option key={h.id} value={h.id}>
                {h.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <DltCategoryField
        id={`${id}-category`}
        label={t('dlt.category')}
        hint={t('dlt.templates.categoryHint')}
        error={errors.category}
        categories={categories}
        optionLabel={(c) => t(`dlt.categories.${c}`)}
        value={values.category}
        onChange={(category) => setValues((v) => ({ ...v, category }))}
      />
      <FormField id={`${id}-text`} label={t('dlt.templates.text')} hint={t('dlt.templates.textHint')} error={errors.text}>
        {(control) => (
          <>
            <Textarea {...control} value={values.text} onChange={(e) => set('text')(e.target.value)} rows={4} />
            <SegmentCounter text={values.text} onFix={set('text')} />
          </>
        )}
      </FormField>
      <FormField
        id={`${id}-dlt-id`}
        label={t('dlt.templates.dltTemplateId')}
        hint={t('dlt.templates.dltTemplateIdHint')}
        error={errors.dltTemplateId}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            value={values.dltTemplateId}
            onChange={(e) => set('dltTemplateId')(e.target.value.trim())}
            className={invalidClass}
          />
        )}
      </FormField>
      {errors.form ? (
        <p role="alert" className="font-semibold text-danger">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="lg" onClick={onCancel} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? <Spinner className="size-5" /> : null}
          {t('dlt.templates.save')}
        </Button>
      </div>
    </form>
  );
}
