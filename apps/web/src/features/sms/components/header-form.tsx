import type { DltCategory } from '@aaspaas/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { DltCategoryField } from './dlt-category-field';

export type HeaderFormValues = { header: string; category: DltCategory };
export type HeaderFormErrors = Partial<Record<keyof HeaderFormValues | 'form', string>>;

/** A registered header (sender ID): six letters for transactional and service messages, six digits for promotional. */
export function HeaderForm({
  categories,
  pending,
  errors,
  onSubmit,
}: {
  categories: readonly DltCategory[];
  pending: boolean;
  errors: HeaderFormErrors;
  onSubmit: (values: HeaderFormValues) => void;
}) {
  const { t } = useTranslation('sms');
  const id = useId();
  const [values, setValues] = useState<HeaderFormValues>({ header: '', category: categories[0] ?? 'transactional' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label={t('dlt.headers.addTitle')}
    >
      <FormField
        id={`${id}-header`}
        label={t('dlt.headers.header')}
        hint={t('dlt.headers.headerHint')}
        error={errors.header}
        className="flex-1"
      >
        {(control) => (
          <Input
            {...control}
            value={values.header}
            maxLength={6}
            autoCapitalize="characters"
            onChange={(e) => setValues((v) => ({ ...v, header: e.target.value.toUpperCase().trim() }))}
            className={invalidClass}
          />
        )}
      </FormField>
      <DltCategoryField
        id={`${id}-category`}
        label={t('dlt.headers.type')}
        error={errors.category}
        className="flex-1"
        categories={categories}
        optionLabel={(c) => t(`dlt.headerTypes.${c}`)}
        value={values.category}
        onChange={(category) => setValues((v) => ({ ...v, category }))}
      />
      <Button type="submit" size="lg" disabled={pending} className="sm:mt-7">
        {pending ? <Spinner className="size-5" /> : null}
        {t('dlt.headers.add')}
      </Button>
      {errors.form ? (
        <p role="alert" className="font-semibold text-danger">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}
