import { PLACE_SEARCH_DEBOUNCE_MS, type GeoSuggestion } from '@aaspaas/domain';
import { MapPin, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { PLACE_QUERY_MIN, usePlaceSearch } from '@/lib/api/search-places';

/** Inline place search for one post's location: 300 ms debounce (spec §9), a status line, the results. */
export function PlaceSearchPanel({ onSelect, onCancel }: { onSelect: (place: GeoSuggestion) => void; onCancel: () => void }) {
  const { t } = useTranslation('publishing');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const results = usePlaceSearch(q);
  const inputId = useId();
  const statusId = useId();
  const typed = text.trim();
  const tooShort = typed.length < PLACE_QUERY_MIN;
  const settled = typed === q && !results.isFetching;

  let status: string | null = null;
  let searching = false;
  if (typed.length > 0 && tooShort) status = t('location.search.hint');
  else if (!tooShort && !settled) {
    status = t('location.search.searching');
    searching = true;
  } else if (!tooShort && results.isError) status = results.error.message || t('location.search.failed');
  else if (!tooShort && results.data?.length === 0) status = t('location.search.noResults');
  const places = !tooShort && settled ? (results.data ?? []) : [];

  return (
    <div className="rounded-2xl border border-border bg-muted/40 p-3" data-testid="post-place-search">
      <label htmlFor={inputId} className="font-semibold">
        {t('location.search.label')}
      </label>
      <div className="relative mt-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={inputId}
          type="search"
          autoFocus
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          // Enter must not publish the post.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          placeholder={t('location.search.placeholder')}
          aria-describedby={statusId}
          className="pl-10"
        />
      </div>
      <p id={statusId} role="status" aria-live="polite" className="mt-2 min-h-6 text-sm text-muted-foreground">
        {searching && status ? <Spinner label={status} className="size-4" /> : status}
      </p>
      {places.length > 0 ? (
        <ul className="max-h-72 overflow-y-auto" aria-label={t('location.search.results')}>
          {places.map((place) => (
            <li key={`${place.lat},${place.lon},${place.display_name}`}>
              <button
                type="button"
                onClick={() => onSelect(place)}
                className="flex min-h-12 w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-surface"
              >
                <MapPin className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="break-words">{place.display_name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="ghost" size="sm" className="mt-1" onClick={onCancel}>
        {t('location.search.cancel')}
      </Button>
    </div>
  );
}
