import type { GeoSuggestion } from '@aaspaas/domain';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { usePlaceSearchAsYouType } from '@/lib/api/search-places';
import { cn } from '@/lib/utils';
import { PlaceResults } from './place-results';
import { usePlaceStatusText } from './use-place-status-text';

type PlaceSearchPanelProps = {
  onSelect: (place: GeoSuggestion) => void;
  onCancel: () => void;
  className?: string;
  'data-testid'?: string;
};

/**
 * Inline place search inside a form (the profile's business location, one post's location): the
 * feed's place search texts, a status line read out as it changes, the results as large buttons.
 */
export function PlaceSearchPanel({ onSelect, onCancel, className, 'data-testid': testId }: PlaceSearchPanelProps) {
  const { t } = useTranslation('dialogs');
  const [text, setText] = useState('');
  const { status, errorMessage, places } = usePlaceSearchAsYouType(text);
  const inputId = useId();
  const statusId = useId();
  const statusText = usePlaceStatusText(status, errorMessage);

  return (
    <div className={cn('rounded-2xl border border-border bg-muted/40 p-3', className)} data-testid={testId}>
      <label htmlFor={inputId} className="font-semibold">
        {t('placeSearch.panelLabel')}
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
          // Enter picks nothing here and must not submit the form around the panel.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          placeholder={t('placeSearch.placeholder')}
          aria-describedby={statusId}
          className="pl-10"
        />
      </div>
      <p id={statusId} role="status" aria-live="polite" className="mt-2 min-h-6 text-sm text-muted-foreground">
        {status === 'searching' && statusText ? <Spinner label={statusText} className="size-4" /> : statusText}
      </p>
      <PlaceResults places={places} label={t('placeSearch.results')} onSelect={onSelect} className="max-h-72" />
      <Button variant="ghost" size="sm" className="mt-1" onClick={onCancel}>
        {t('placeSearch.cancel')}
      </Button>
    </div>
  );
}
