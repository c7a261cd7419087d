import type { TemplateCategory } from '@aaspaas/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocalName } from '@/hooks/use-local-name';

/**
 * The category chips: a radio group (native radios, so arrow keys move between them and a screen
 * reader says "2 of 6"), "All" first.
 */
export function CategoryFilter({
  categories,
  loading,
  value,
  onChange,
}: {
  categories: readonly TemplateCategory[];
  loading: boolean;
  value: string | undefined;
  onChange: (category: string | undefined) => void;
}) {
  const { t } = useTranslation('templates');
  const localName = useLocalName();
  const name = useId();
  // A category from an old link that is no longer listed still shows as chosen.
  const names = categories.map((c) => c.name);
  const shown = value && !names.includes(value) ? [value, ...names] : names;
  const options: Array<{ key: string; label: string; value: string | undefined }> = [
    { key: '', label: t('browse.all'), value: undefined },
    ...shown.map((c) => ({ key: c, label: localName(c, categories.find((x) => x.name === c)?.nameHi), value: c })),
  ];

  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('browse.categories')}</legend>
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pt-1 pb-2">
        {options.map((option) => (
          <label
            key={option.key}
            className="relative inline-flex min-h-11 shrink-0 cursor-pointer items-center rounded-full border border-border bg-surface px-4 text-sm font-semibold text-foreground transition-colors select-none hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
        {loading
          ? [0, 1, 2].map((i) => <Skeleton key={i} className="h-11 w-28 shrink-0 rounded-full" data-testid="category-loading" />)
          : null}
      </div>
    </fieldset>
  );
}
