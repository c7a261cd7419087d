import type { AppUser, GeoSuggestion, PostLocation } from '@aaspaas/domain';
import { AlertTriangle, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { reverseGeocode } from '@/lib/api/reverse-geocode';
import { PlaceSearchPanel } from '@/components/place/place-search-panel';

/** The first part of a place search answer ('Kothrud, Pune, Maharashtra' → 'Kothrud'). */
function firstPart(displayName: string): string {
  return displayName.split(',')[0]?.trim() || displayName;
}

/** A place search answer as a post's own location: the reverse look-up names its city and state. */
async function locationFor(place: GeoSuggestion): Promise<PostLocation> {
  const reverse = await reverseGeocode(place.lat, place.lon).catch(() => null);
  return {
    lat: place.lat,
    lon: place.lon,
    city: reverse?.city ?? reverse?.locality ?? firstPart(place.display_name),
    state: reverse?.state ?? null,
  };
}

export function profileHasLocation(user: Pick<AppUser, 'lat' | 'lon'>): boolean {
  return user.lat !== null && user.lon !== null;
}

/**
 * Where the post will be seen: the business profile's place ("People near Pune will see this"),
 * or a place chosen for this one post. Without a profile location it says so first, with the way
 * to set it.
 */
export function LocationField({
  user,
  value,
  onChange,
  error,
}: {
  user: AppUser;
  value: PostLocation | null;
  onChange: (location: PostLocation | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('publishing');
  const [searching, setSearching] = useState(false);
  const hasProfilePlace = profileHasLocation(user);

  async function pick(place: GeoSuggestion) {
    setSearching(false);
    onChange(await locationFor(place));
  }

  const city = value ? value.city : user.city;
  const seenBy = city ? t('location.nearCity', { city }) : t('location.nearProfile');

  return (
    <fieldset className="flex flex-col gap-2" id="post-location">
      <legend className="font-semibold">{t('location.legend')}</legend>
      {value || hasProfilePlace ? (
        <div className="flex items-start gap-2 rounded-2xl border border-border bg-surface p-3" data-testid="post-location">
          <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold break-words">{seenBy}</p>
            <p className="text-sm text-muted-foreground">{value ? t('location.overridden') : t('location.fromProfile')}</p>
          </div>
        </div>
      ) : (
        <div role="alert" className="flex items-start gap-2 rounded-2xl border border-danger/40 bg-danger-soft p-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
          <div className="flex min-w-0 flex-col gap-2">
            <p className="font-semibold text-danger">{t('location.missingTitle')}</p>
            <Link
              to={`${paths.account.editProfile.getHref()}#location`}
              className={buttonVariants({ size: 'sm', className: 'self-start' })}
            >
              {t('location.editProfile')}
            </Link>
            <p className="text-sm">{t('location.orPick')}</p>
          </div>
        </div>
      )}
      {searching ? (
        <PlaceSearchPanel
          data-testid="post-place-search"
          onSelect={(place) => void pick(place)}
          onCancel={() => setSearching(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setSearching(true)} aria-expanded={searching}>
            <MapPin className="size-5" aria-hidden="true" />
            {value ? t('location.changeAgain') : hasProfilePlace ? t('location.change') : t('location.pick')}
          </Button>
          {value && hasProfilePlace ? (
            <Button variant="ghost" onClick={() => onChange(null)}>
              {t('location.useProfile')}
            </Button>
          ) : null}
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
