import { MAX_BUSINESS_CATEGORIES } from '@aaspaas/domain/rules';
import { Plus } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RemovableChip } from '@/components/ui/removable-chip';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCategoryName } from '@/hooks/use-local-name';
import { useCategories } from '@/lib/api/get-categories';

const CATEGORY_MAX_LENGTH = 40;

function sameCategory(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

type CategoryPickerProps = {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
};

/** 'Business Categories': up to 5, picked from the feed's categories or typed in; shown as chips. */
export function CategoryPicker({ value, onChange, error }: CategoryPickerProps) {
  const { t } = useTranslation('profile');
  const categories = useCategories();
  // Profiles keep the English name (the feed's filter matches it); a Hindi screen shows the Hindi one.
  const categoryName = useCategoryName();
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const full = value.length >= MAX_BUSINESS_CATEGORIES;
  const suggestions = (categories.data ?? []).map((c) => c.name).filter((name) => !value.some((v) => sameCategory(v, name)));

  function add(name: string) {
    const trimmed = name.trim().replace(/\s+/g, ' ');
    if (!trimmed || full || value.some((v) => sameCategory(v, trimmed))) return;
    onChange([...value, trimmed]);
  }

  function addTyped() {
    // A category typed as it is shown (its Hindi name on a Hindi screen) is that category, kept in English.
    const known = (categories.data ?? []).find((c) => sameCategory(categoryName(c.name), text));
    add(known?.name ?? text);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the category instead of submitting the whole profile.
    if (event.key === 'Enter') {
      event.preventDefault();
      addTyped();
    }
  }

  return (
    <fieldset id="businessCategories" className="flex flex-col gap-2" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="font-semibold">{t('fields.categories.label')}</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('fields.categories.hint', { max: MAX_BUSINESS_CATEGORIES, count: value.length })}
      </p>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('fields.categories.chosen')}>
          {value.map((name) => (
            <RemovableChip
              key={name}
              className="py-1 pr-1"
              removeLabel={t('fields.categories.remove', { name: categoryName(name) })}
              onRemove={() => onChange(value.filter((v) => v !== name))}
            >
              {categoryName(name)}
            </RemovableChip>
          ))}
        </ul>
      ) : null}
      {suggestions.length > 0 ? (
        <div>
          <p className="text-sm font-semibold text-muted-foreground">{t('fields.categories.suggestions')}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {suggestions.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  disabled={full}
                  onClick={() => add(name)}
                  aria-label={t('fields.categories.add', { name: categoryName(name) })}
                  className="inline-flex min-h-11 items-center gap-1 rounded-full border border-border bg-surface px-3 hover:bg-muted disabled:opacity-50"
                >
                  <Plus className="size-4" aria-hidden="true" />
                  {categoryName(name)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {categories.isError ? <p className="text-sm text-muted-foreground">{t('fields.categories.listFailed')}</p> : null}
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('fields.categories.other')}
        </label>
        <Input
          id={inputId}
          value={text}
          maxLength={CATEGORY_MAX_LENGTH}
          disabled={full}
          placeholder={t('fields.categories.otherPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={addTyped} disabled={full || !text.trim()}>
          {t('fields.categories.addTyped')}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
