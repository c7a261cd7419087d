import type { GeoSuggestion } from '@aaspaas/domain';
import { MapPin } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Places found by a place search, each a large button (docs/product.md §2: up to 8 results). */
export function PlaceResults({
  places,
  label,
  onSelect,
  className,
  hoverClassName = 'hover:bg-surface',
}: {
  places: GeoSuggestion[];
  label: string;
  onSelect: (place: GeoSuggestion) => void;
  className?: string;
  hoverClassName?: string;
}) {
  if (places.length === 0) return null;
  return (
    <ul className={cn('overflow-y-auto', className)} aria-label={label}>
      {places.map((place) => (
        <li key={`${place.lat},${place.lon},${place.display_name}`}>
          <button
            type="button"
            onClick={() => onSelect(place)}
            className={cn('flex min-h-12 w-full items-center gap-3 rounded-xl px-2 py-2 text-left', hoverClassName)}
          >
            <MapPin className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <span className="break-words">{place.display_name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
