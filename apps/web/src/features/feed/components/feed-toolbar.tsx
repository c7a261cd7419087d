import { ChevronDown, Clock, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '@/hooks/use-local-name';
import { useCategories } from '@/lib/api/get-categories';
import { cn } from '@/lib/utils';

type FeedToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  category: string;
  onCategoryChange: (value: string) => void;
  /** The "Open now" filter (docs/product.md §3, Opening hours): only shops open now. */
  openNow?: boolean;
  onOpenNowChange?: (value: boolean) => void;
};

/**
 * Search box ('Search posts, #hashtags, or business') and the category filter ('All categories'
 * plus the server's categories). A native select: the phone's own picker, no menu code to load.
 */
export function FeedToolbar({
  search,
  onSearchChange,
  category,
  onCategoryChange,
  openNow = false,
  onOpenNowChange,
}: FeedToolbarProps) {
  const { t, i18n } = useTranslation('feed');
  const categories = useCategories();
  const hindi = i18n.language === 'hi';
  const [fontIn, setFontIn] = useState(false);
  useEffect(() => {
    // The server draws the box with its Hindi hint before the Devanagari font is in, and Chromium keeps
    // the boxes it shaped the hint with: once the font has arrived, a hair of letter spacing makes it
    // shape the hint again.
    if (!hindi || !document.fonts) return;
    let live = true;
    void document.fonts.load('400 1em "Noto Sans Devanagari"', 'क').then(() => live && setFontIn(true));
    return () => {
      live = false;
    };
  }, [hindi]);
  const localName = useLocalName();
  const searchId = useId();
  const categoryId = useId();
  const names = categories.data ?? [];
  const selectedMissing = category && !names.some((c) => c.name === category);

  return (
    // On a phone the search has the first row to itself, the category and "Open now" share the second.
    <div className="flex flex-wrap gap-2 sm:flex-nowrap" role="search">
      <div className="relative min-w-0 basis-full sm:flex-1 sm:basis-0">
        <label htmlFor={searchId} className="sr-only">
          {t('search.label')}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          id={searchId}
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          placeholder={t('search.placeholder')}
          className={cn(
            'min-h-11 w-full rounded-xl border border-border bg-muted pl-9 text-base placeholder:text-muted-foreground max-sm:placeholder:text-[15px] focus-visible:border-ring focus-visible:bg-surface [&::-webkit-search-cancel-button]:hidden',
            search ? 'pr-11' : 'pr-1',
            fontIn && 'placeholder:tracking-[0.01px]',
          )}
        />
        {search ? (
          <button
            type="button"
            onClick={() => onSearchChange('')}
            aria-label={t('search.clear')}
            className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-xl text-muted-foreground hover:text-foreground"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="relative min-w-0 flex-1 sm:w-[38%] sm:max-w-48 sm:flex-none sm:shrink-0">
        <label htmlFor={categoryId} className="sr-only">
          {t('category.label')}
        </label>
        <select
          id={categoryId}
          value={category}
          onChange={(e) => onCategoryChange(e.target.value)}
          className="min-h-11 w-full appearance-none truncate rounded-xl border border-border bg-muted pr-8 pl-3 text-base focus-visible:border-ring"
        >
          <option value="">{t('category.all')}</option>
          {selectedMissing ? <option value={category}>{category}</option> : null}
          {names.map((c) => (
            <option key={c.name} value={c.name}>
              {t('category.withCount', { name: localName(c.name, c.nameHi), count: c.postCount })}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-2 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
      </div>
      <button
        type="button"
        aria-pressed={openNow}
        data-testid="open-now-filter"
        onClick={() => onOpenNowChange?.(!openNow)}
        title={t('openNow.hint')}
        className={
          openNow
            ? 'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-xl border-2 border-primary bg-primary-soft px-2 text-sm font-semibold text-primary-hover'
            : 'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-xl border border-border bg-muted px-2 text-sm font-semibold'
        }
      >
        <Clock className="size-4" aria-hidden="true" />
        {t('openNow.label')}
      </button>
    </div>
  );
}
