import type { GeoSuggestion } from '@aaspaas/domain';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { PlaceResults } from '@/components/place/place-results';
import { usePlaceStatusText } from '@/components/place/use-place-status-text';
import { usePlaceSearchAsYouType } from '@/lib/api/search-places';

type PlaceSearchDialogProps = { onSelect: (place: GeoSuggestion) => void; onClose: () => void };

/** Place search (docs/product.md §2): 'Search a city, area…', 300 ms debounce, 'Searching…', 'No places found', up to 8 results. */
export default function PlaceSearchDialog({ onSelect, onClose }: PlaceSearchDialogProps) {
  const { t } = useTranslation('dialogs');
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
          <DialogTitle>{t('placeSearch.title')}</DialogTitle>
          <DialogDescription>{t('placeSearch.description')}</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <label htmlFor={inputId} className="sr-only">
            {t('placeSearch.label')}
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
            placeholder={t('placeSearch.placeholder')}
            aria-describedby={statusId}
            className="pl-10"
          />
        </div>
        <p id={statusId} role="status" aria-live="polite" className="mt-3 min-h-6 text-sm text-muted-foreground">
          {searching ? <Spinner label={status ?? ''} className="size-4" /> : status}
        </p>
        <PlaceResults
          places={places}
          label={t('placeSearch.title')}
          onSelect={onSelect}
          className="mt-1 max-h-[50dvh]"
          hoverClassName="hover:bg-muted"
        />
      </DialogContent>
    </Dialog>
  );
}
