import type { GeoSuggestion } from '@aaspaas/domain';
import { LocateFixed, MapPin, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { placeLabel, reverseGeocode } from '@/lib/api/reverse-geocode';
import { formatLatitude, formatLongitude } from '../utils/coordinates';
import { DevicePositionFailed, getDevicePosition } from '../utils/device-position';
import { PlaceSearchPanel } from '@/components/place/place-search-panel';

export type PickedLocation = {
  lat: number;
  lon: number;
  label: string;
  /** From a reverse look-up, to fill in the city and state when they are empty. */
  city?: string | null;
  state?: string | null;
};

type BusinessLocationFieldProps = {
  lat: number | null;
  lon: number | null;
  /** What to call the current point ('Koramangala, Bengaluru'), when known. */
  label: string | null;
  onPick: (location: PickedLocation) => void;
  onClear: () => void;
  error?: string;
};

/**
 * The point the business's posts are placed at: the device's position ('Use my location') or a
 * place search; shown as a name and its latitude/longitude in words.
 */
export function BusinessLocationField({ lat, lon, label, onPick, onClear, error }: BusinessLocationFieldProps) {
  const { t } = useTranslation('profile');
  const [searching, setSearching] = useState(false);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hasPoint = lat !== null && lon !== null;

  async function locateMe() {
    setProblem(null);
    setSearching(false);
    setLocating(true);
    try {
      const point = await getDevicePosition();
      const place = await reverseGeocode(point.lat, point.lon).catch(() => null);
      onPick({
        ...point,
        label: place ? placeLabel(place) : t('location.currentPosition'),
        city: place?.city,
        state: place?.state,
      });
    } catch (e) {
      const reason = e instanceof DevicePositionFailed ? e.reason : 'unavailable';
      setProblem(t(`location.errors.${reason}`));
    } finally {
      setLocating(false);
    }
  }

  async function pickPlace(place: GeoSuggestion) {
    setSearching(false);
    setProblem(null);
    // The search answers a name and a point; the reverse look-up adds the city and state.
    const reverse = await reverseGeocode(place.lat, place.lon).catch(() => null);
    onPick({ lat: place.lat, lon: place.lon, label: place.display_name, city: reverse?.city, state: reverse?.state });
  }

  return (
    <fieldset id="location" className="flex flex-col gap-2">
      <legend className="font-semibold">{t('location.legend')}</legend>
      <p className="text-sm text-muted-foreground">{t('location.why')}</p>
      <div className="rounded-2xl border border-border bg-surface p-3" data-testid="profile-location">
        {hasPoint ? (
          <div className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-semibold break-words">{label ?? t('location.saved')}</p>
              <p className="text-sm text-muted-foreground">
                {t('location.coordinates', { lat: formatLatitude(lat), lon: formatLongitude(lon) })}
              </p>
            </div>
          </div>
        ) : (
          <p className="text-muted-foreground">{t('location.none')}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void locateMe()} disabled={locating}>
          {locating ? <Spinner className="size-5" /> : <LocateFixed className="size-5" aria-hidden="true" />}
          {locating ? t('location.locating') : t('location.useMine')}
        </Button>
        <Button variant="secondary" onClick={() => setSearching(true)} aria-expanded={searching}>
          <Search className="size-5" aria-hidden="true" />
          {t('location.searchPlace')}
        </Button>
        {hasPoint ? (
          <Button variant="ghost" onClick={onClear}>
            {t('location.clear')}
          </Button>
        ) : null}
      </div>
      {searching ? (
        <PlaceSearchPanel
          className="mt-2"
          data-testid="profile-place-search"
          onSelect={(place) => void pickPlace(place)}
          onCancel={() => setSearching(false)}
        />
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
