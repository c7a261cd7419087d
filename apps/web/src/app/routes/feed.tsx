import { matchesSearch, parseSearchTerms, type GeoSuggestion } from '@aaspaas/domain';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Splash } from '@/components/layouts/splash';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { SPLASH_MIN_MS, SUPPORT_LOCAL_POPUP_DELAY_MS } from '@/config/ui-timings';
import { BackToTop } from '@/features/feed/components/back-to-top';
import { FeedList } from '@/features/feed/components/feed-list';
import { FeedEmpty } from '@/features/feed/components/feed-states';
import { WideScreenAside } from '@/features/feed/components/wide-screen-aside';
import { useFeed } from '@/features/feed/hooks/use-feed';
import { useOfflineSync } from '@/features/feed/hooks/use-offline-sync';
import { useLinkedPost } from '@/features/feed/hooks/use-linked-post';
import { useUserLocation } from '@/features/location/hooks/use-user-location';
import { FeedScreen } from './feed-screen';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { firstScreenShown } from '@/lib/after-load';
import { analytics, installAnalyticsFlush } from '@/lib/analytics';
import { splashShownForMs } from '@/lib/server-first-screen';
import { readStorage, writeStorage } from '@/lib/storage';

const SupportLocalDialog = lazy(() => import('@/features/feed/components/support-local-dialog'));
const PlaceSearchDialog = lazy(() => import('@/features/location/components/place-search-dialog'));

const SEARCH_DEBOUNCE_MS = 400;

/**
 * The splash shows on the app's first load only, on screen for at least SPLASH_MIN_MS: counted from
 * the first paint when the server drew it into the HTML.
 */
let splashShown = false;

function useSplash(): boolean {
  const [visible, setVisible] = useState(() => !splashShown);
  useEffect(() => {
    if (!visible) return;
    const id = setTimeout(
      () => {
        splashShown = true;
        setVisible(false);
      },
      Math.max(0, SPLASH_MIN_MS - splashShownForMs()),
    );
    return () => clearTimeout(id);
  }, [visible]);
  return visible;
}

/**
 * 'Support Local' popup (docs/product.md §2), 800 ms after the feed is on screen: after the splash, which
 * would hide it. Once per visit (ADR 010): every new visit asks again, a reload or a way back to
 * the feed in the same tab does not.
 */
function useSupportLocal(feedVisible: boolean): [boolean, () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!feedVisible || readStorage(STORAGE_KEYS.supportLocalSeen, 'session')) return;
    const id = setTimeout(() => setOpen(true), SUPPORT_LOCAL_POPUP_DELAY_MS);
    return () => clearTimeout(id);
  }, [feedVisible]);
  const close = useCallback(() => {
    writeStorage(STORAGE_KEYS.supportLocalSeen, String(Date.now()), 'session');
    setOpen(false);
  }, []);
  return [open, close];
}

function scrollToTop(): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

/** The public feed (docs/product.md §2 'Public feed screen'). */
export function Component() {
  const { t } = useTranslation('feed');
  useOfflineSync();
  const [params] = useSearchParams();
  const linkedPostId = params.get('post');

  const place = useUserLocation();
  const [placeOpen, setPlaceOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [category, setCategory] = useState('');
  const [openNow, setOpenNow] = useState(false);
  const q = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  const loc = place.location;
  const feed = useFeed({ lat: loc?.lat, lon: loc?.lon, q, category, openNow }, { enabled: place.status !== 'resolving' });

  // While the server answers a new search, filter what is loaded at once (same rules: docs/product.md §5).
  const terms = useMemo(() => parseSearchTerms(searchText), [searchText]);
  const posts = useMemo(
    () => (feed.isPlaceholderData && terms.length > 0 ? feed.posts.filter((p) => matchesSearch(p, terms)) : feed.posts),
    [feed.isPlaceholderData, feed.posts, terms],
  );

  const ready = !feed.isPending || feed.isError;

  const splash = useSplash();
  // The linked post is scrolled to and highlighted once the splash is gone, so its 2 s are seen.
  const { pinned, highlightedId } = useLinkedPost(linkedPostId, feed.posts, ready && !splash);
  const [supportOpen, closeSupport] = useSupportLocal(!splash && ready);

  useEffect(() => {
    analytics.track('page_view', { path: '/' });
  }, []);
  // Work that waits for the first screen (afterLoad: prefetches, the toaster, other translations)
  // starts once the first posts, or the empty or error state, are drawn.
  useEffect(() => {
    if (ready) firstScreenShown();
  }, [ready]);

  // Engagement summary when the visitor leaves: how deep they scrolled and how many posts loaded.
  const loadedCount = useRef(0);
  const loaded = feed.posts.length;
  useEffect(() => {
    loadedCount.current = loaded;
  }, [loaded]);
  useEffect(() => {
    const started = Date.now();
    let maxScroll = 0;
    const onScroll = () => {
      maxScroll = Math.max(maxScroll, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    installAnalyticsFlush(() => ({
      path: '/',
      props: { ms: Date.now() - started, maxScrollPx: Math.round(maxScroll), postsLoaded: loadedCount.current },
    }));
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const { refresh } = feed;
  const refreshAndTop = useCallback(() => {
    scrollToTop();
    void refresh();
  }, [refresh]);

  const onSelectPlace = useCallback(
    (s: GeoSuggestion) => {
      place.setManual(s);
      setPlaceOpen(false);
      scrollToTop();
    },
    [place],
  );

  const onHashtag = useCallback((tag: string) => {
    setSearchText(`#${tag}`);
    scrollToTop();
  }, []);

  const hasFilters = Boolean(q || category || openNow);
  const refreshing = feed.isRefetching && !feed.isFetchingNextPage;

  return (
    <FeedScreen
      onBrandClick={refreshAndTop}
      onRefresh={() => void refresh()}
      refreshing={refreshing}
      toolbar={{
        search: searchText,
        onSearchChange: setSearchText,
        category,
        onCategoryChange: setCategory,
        openNow,
        onOpenNowChange: setOpenNow,
      }}
      locationBar={{
        location: loc,
        locating: place.status === 'locating',
        error: place.error,
        onUseMyLocation: () => void place.locateMe(),
        onChange: () => setPlaceOpen(true),
      }}
      aside={<WideScreenAside />}
    >
      <FeedList
        feed={feed}
        posts={posts}
        pinned={pinned}
        highlightedId={highlightedId}
        onHashtag={onHashtag}
        errorTitle={loc ? t('errors.loadNear') : t('errors.load')}
        empty={
          <FeedEmpty
            hasLocation={Boolean(loc)}
            hasFilters={hasFilters}
            actions={{
              onUseMyLocation: () => void place.locateMe(),
              onSearchPlace: () => setPlaceOpen(true),
              onShowAll: place.clear,
              onClearFilters: () => {
                setSearchText('');
                setCategory('');
                setOpenNow(false);
              },
            }}
          />
        }
      />
      <BackToTop onActivate={refreshAndTop} />
      <Suspense fallback={null}>
        {placeOpen ? <PlaceSearchDialog onSelect={onSelectPlace} onClose={() => setPlaceOpen(false)} /> : null}
        {supportOpen ? <SupportLocalDialog onClose={closeSupport} /> : null}
      </Suspense>
      {splash ? <Splash /> : null}
    </FeedScreen>
  );
}
