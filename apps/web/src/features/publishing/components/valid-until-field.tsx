import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ComposerValues } from '../utils/form-values';
import { validUntilBounds } from '../utils/valid-until';

/** An optional last day for the offer (India's day): after it the offer leaves the feed by itself. */
export function ValidUntilField({
  id,
  register,
  value,
  onClear,
  error,
}: {
  id: string;
  register: UseFormRegister<ComposerValues>;
  value: string;
  onClear: () => void;
  error?: string;
}) {
  const { t } = useTranslation('publishing');
  const { min, max } = validUntilBounds();
  return (
    <FormField id={id} label={t('validUntil.label')} hint={t('validUntil.hint')} error={error} optionalLabel={t('optional')}>
      {(aria) => (
        <div className="flex gap-2">
          <Input {...aria} {...register('validUntil')} type="date" min={min} max={max} className={`max-w-56 ${invalidClass}`} />
          {value ? (
            <Button variant="ghost" onClick={onClear}>
              {t('validUntil.clear')}
            </Button>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
