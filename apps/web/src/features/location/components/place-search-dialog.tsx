import type { GeoSuggestion } from '@aaspaas/domain';
import { MapPin, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { usePlaceStatusText } from '@/components/place/use-place-status-text';
import { usePlaceSearchAsYouType } from '@/lib/api/search-places';

type PlaceSearchDialogProps = { onSelect: (place: GeoSuggestion) => void; onClose: () => void };

/** Place search (spec §2): 'Search a city, area…', 300 ms debounce, 'Searching…', 'No places found', up to 8 results. */
export default function PlaceSearchDialog({ onSelect, onClose }: PlaceSearchDialogProps) {
  const { t } = useTranslation('location');
  const [text, setText] = useState('');
  // 'Change' (or whatever had the focus) gets it back when the dialog closes: Radix only returns it
  // to a Dialog.Trigger, and this dialog is opened by the feed's state.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const { status: searchStatus, errorMessage, places } = usePlaceSearchAsYouType(text);
  const inputId = useId();
  const statusId = useId();
  const status = usePlaceStatusText(searchStatus, errorMessage);
  const searching = searchStatus === 'searching';

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
