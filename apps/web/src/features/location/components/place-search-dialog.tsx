import { PLACE_SEARCH_DEBOUNCE_MS, type GeoSuggestion } from '@aaspaas/domain';
import { MapPin, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { PLACE_QUERY_MIN, usePlaceSearch } from '@/lib/api/search-places';

type PlaceSearchDialogProps = { onSelect: (place: GeoSuggestion) => void; onClose: () => void };

/** Place search (spec §2): 'Search a city, area…', 300 ms debounce, 'Searching…', 'No places found', up to 8 results. */
export default function PlaceSearchDialog({ onSelect, onClose }: PlaceSearchDialogProps) {
  const { t } = useTranslation('location');
  const [text, setText] = useState('');
  // 'Change' (or whatever had the focus) gets it back when the dialog closes: Radix only returns it
  // to a Dialog.Trigger, and this dialog is opened by the feed's state.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const q = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const results = usePlaceSearch(q);
  const inputId = useId();
  const statusId = useId();
  const typed = text.trim();
  const typing = typed !== q;
  const tooShort = typed.length < PLACE_QUERY_MIN;
  const settled = !typing && !results.isFetching;

  let status: string | null = null;
  if (typed.length > 0 && tooShort) status = t('search.hint');
  else if (!tooShort && !settled) status = t('search.searching');
  else if (!tooShort && results.isError) status = results.error.message || t('search.failed');
  else if (!tooShort && results.data?.length === 0) status = t('search.noResults');
  const searching = status === t('search.searching');
  const places = !tooShort && settled ? (results.data ?? []) : [];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        placement="sheet"
        className="sm:top-24 sm:translate-y-0"
        data-testid="place-search"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          if (opener?.isConnected) opener.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('search.title')}</DialogTitle>
          <DialogDescription>{t('search.description')}</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <label htmlFor={inputId} className="sr-only">
            {t('search.label')}
          </label>
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
            placeholder={t('search.placeholder')}
            aria-describedby={statusId}
            className="pl-10"
          />
        </div>
        <p id={statusId} role="status" aria-live="polite" className="mt-3 min-h-6 text-sm text-muted-foreground">
          {searching ? <Spinner label={status ?? ''} className="size-4" /> : status}
        </p>
        {places.length > 0 ? (
          <ul className="mt-1 max-h-[50dvh] overflow-y-auto" aria-label={t('search.title')}>
            {places.map((place) => (
              <li key={`${place.lat},${place.lon},${place.display_name}`}>
                <button
                  type="button"
                  onClick={() => onSelect(place)}
                  className="flex min-h-12 w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-muted"
                >
                  <MapPin className="size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span className="break-words">{place.display_name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
