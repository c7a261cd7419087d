import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Search by name or number (the server searches; the page debounces). */
export function ContactsSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('contacts');
  return (
    <div role="search" className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        enterKeyHint="search"
        autoComplete="off"
        className="min-h-12 w-full rounded-xl border border-border bg-surface pr-12 pl-10 text-base placeholder:text-muted-foreground focus-visible:border-ring [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('search.clear')}
          className="absolute top-1/2 right-1 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground hover:bg-muted"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

const chipClass = 'inline-flex min-h-11 shrink-0 items-center rounded-full border px-4 text-sm font-semibold transition-colors';

/** Tag chips: All, then every tag the business uses. */
export function TagFilter({
  tags,
  value,
  onChange,
}: {
  tags: readonly string[];
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
}) {
  const { t } = useTranslation('contacts');
  const shown = value && !tags.includes(value) ? [value, ...tags] : tags;
  if (!shown.length) return null;
  const chip = (active: boolean) =>
    cn(
      chipClass,
      active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-surface text-foreground hover:bg-muted',
    );
  return (
    <div role="group" aria-label={t('tags.label')} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
      <button type="button" aria-pressed={!value} className={chip(!value)} onClick={() => onChange(undefined)}>
        {t('tags.all')}
      </button>
      {shown.map((tag) => (
        <button
          key={tag}
          type="button"
          aria-pressed={value === tag}
          className={chip(value === tag)}
          onClick={() => onChange(value === tag ? undefined : tag)}
        >
          {tag}
        </button>
      ))}
    </div>
  );
}
