import { accuracyLabel, type SavedLocation } from '@aaspaas/domain';
import { Crosshair, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LOCATION_BAR_BLINK_MS } from '@/config/ui-timings';
import { cn } from '@/lib/utils';
import { placeLabel, useReverseGeocode } from '@/lib/api/reverse-geocode';
import type { GeoErrorCode } from '../utils/geolocate';

type LocationBarProps = {
  location: SavedLocation | null;
  locating: boolean;
  error: GeoErrorCode | null;
  onUseMyLocation: () => void;
  onChange: () => void;
  className?: string;
};

/**
 * The blink: a glow layer behind the bar's content whose opacity is animated. Opacity runs on the
 * compositor; animating the bar's own box-shadow and background (the earlier way) repainted it on
 * the main thread every frame for the whole 21 s, time a slow phone needs for the first render.
 */
function useGlow(on: boolean) {
  const glow = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = glow.current;
    if (!on || !el || typeof el.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const blink = el.animate([{ opacity: 0, easing: 'ease-in-out' }, { opacity: 1, easing: 'ease-in-out' }, { opacity: 0 }], {
      duration: 1500,
      iterations: Infinity,
    });
    return () => blink.cancel();
  }, [on]);
  return glow;
}

/**
 * 'Show business posts from my area' with 'Use my location' and 'Change' (docs/product.md §2). It blinks for
 * 21 s as a highlight (a steady outline instead when the user prefers reduced motion).
 */
export function LocationBar({ location, locating, error, onUseMyLocation, onChange, className }: LocationBarProps) {
  const { t } = useTranslation('location');
  const [blinking, setBlinking] = useState(true);
  useEffect(() => {
    const id = setTimeout(() => setBlinking(false), LOCATION_BAR_BLINK_MS);
    return () => clearTimeout(id);
  }, []);
  const glow = useGlow(blinking);

  const needsReverse = location && !location.label ? { lat: location.lat, lon: location.lon } : null;
  const reverse = useReverseGeocode(needsReverse);
  const place = location?.label ?? (reverse.data ? placeLabel(reverse.data) : null);

  // The bar always asks in the spec's words; the place in use, if any, is the line under it.
  let current: string | null = null;
  if (location?.source === 'ip') current = t('bar.approximate', { place: place ?? t('bar.myLocation') });
  else if (location) current = t('bar.near', { place: place ?? t('bar.myLocation') });

  const accuracy = location?.source === 'gps' && location.accuracyM !== undefined ? accuracyLabel(location.accuracyM) : null;

  return (
    <section
      data-testid="location-bar"
      aria-label={t('bar.label')}
      className={cn(
        'relative isolate rounded-2xl border border-border bg-surface p-3',
        blinking && 'motion-reduce:border-primary motion-reduce:ring-2 motion-reduce:ring-primary/40',
        className,
      )}
    >
      {blinking ? (
        <span
          ref={glow}
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 rounded-[calc(1rem-1px)] bg-primary-soft opacity-0 outline-3 outline-offset-1 outline-[rgb(194_65_12/0.55)] outline-solid"
        />
      ) : null}
      <div className="flex items-start gap-2">
        <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{t('bar.prompt')}</p>
          {current ? (
            <p className="line-clamp-2 text-sm break-words text-foreground" data-testid="location-label">
              {current}
            </p>
          ) : null}
          {accuracy ? <p className="text-sm text-muted-foreground">{t(`bar.accuracy.${accuracy}`)}</p> : null}
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {t(`errors.${error}`)}
        </p>
      ) : null}
      <div className="mt-2 flex gap-2">
        <Button variant="soft" size="sm" className="flex-1" onClick={onUseMyLocation} disabled={locating}>
          {locating ? (
            <Spinner label={t('bar.locating')} className="size-4" />
          ) : (
            <>
              <Crosshair className="size-4" aria-hidden="true" />
              {t('bar.useMyLocation')}
            </>
          )}
        </Button>
        <Button variant="secondary" size="sm" className="flex-1" onClick={onChange}>
          {t('bar.change')}
        </Button>
      </div>
    </section>
  );
}
