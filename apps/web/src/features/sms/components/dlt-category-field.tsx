import type { DltCategory } from '@aaspaas/domain';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

/** The DLT category a header or template is registered under, picked from those the business may use. */
export function DltCategoryField({
  id,
  label,
  hint,
  error,
  className,
  categories,
  optionLabel,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  categories: readonly DltCategory[];
  optionLabel: (category: DltCategory) => string;
  value: DltCategory;
  onChange: (category: DltCategory) => void;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => onChange(e.target.value as DltCategory)}>
          {categories.map((c) => (
            <option key={c} value={c}>
              {optionLabel(c)}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
