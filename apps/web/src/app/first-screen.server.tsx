import { imageCandidates, type Language, LANGUAGES, type Post, type RenderFirstScreen } from '@aaspaas/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { Splash } from '@/components/layouts/splash';
import { FEED_IMAGE_SIZES, responsiveAvifSrcSet, responsiveSrcSet } from '@/components/ui/image-sources';
import { OnlyPriorityImages } from '@/components/ui/only-priority-images';
import { paths } from '@/config/paths';
import { FeedAside } from '@/features/feed/components/feed-aside';
import { FIRST_PAINT_CARDS } from '@/features/feed/components/feed-list';
import { PostCardList } from '@/features/feed/components/post-card-list';
import { ipGuessFrom } from '@/features/location/utils/saved-location';
import { DEFAULT_LANGUAGE, i18n } from '@/lib/i18n';
import enCommon from '@/locales/en/common.json';
import enFeed from '@/locales/en/feed.json';
import enLocation from '@/locales/en/location.json';
import hiCommon from '@/locales/hi/common.json';
import hiFeed from '@/locales/hi/feed.json';
import hiLocation from '@/locales/hi/location.json';
import { createQueryClient } from '@/lib/query-client';
import { FeedScreen } from './routes/feed-screen';

const nothing = () => undefined;

// One i18next instance per language, with every language's first-screen namespaces in it and no
// backend: a render in any language is synchronous (the browser's app loads these lazily).
const FIRST_SCREEN_RESOURCES = {
  en: { common: enCommon, feed: enFeed, location: enLocation },
  hi: { common: hiCommon, feed: hiFeed, location: hiLocation },
} satisfies Record<Language, unknown>;
const translators = Object.fromEntries(
  LANGUAGES.map((lng) => {
    const instance = i18n.createInstance({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      resources: FIRST_SCREEN_RESOURCES,
      ns: Object.keys(FIRST_SCREEN_RESOURCES.en),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    void instance.init();
    return [lng, instance];
  }),
) as Record<Language, typeof i18n>;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The first card's photo, preloaded from the head at high priority, ahead of the app's scripts: the
 * very file its <picture> takes (SmartImage: the AVIF srcset where there is one, for browsers that
 * decode AVIF, which skip a preload of a type they cannot; else the WebP one; the same sizes).
 */
function firstPhotoPreload(post: Post | undefined): string {
  const photo = post?.images[0];
  const href = photo ? imageCandidates(photo)[0] : undefined;
  if (!photo || !href) return '';
  const avif = responsiveAvifSrcSet(photo);
  const srcSet = avif ?? responsiveSrcSet(photo);
  const attributes = [
    'rel="preload"',
    'as="image"',
    `href="${escapeAttribute(href)}"`,
    ...(srcSet ? [`imagesrcset="${escapeAttribute(srcSet)}"`, `imagesizes="${escapeAttribute(FEED_IMAGE_SIZES)}"`] : []),
    ...(avif ? ['type="image/avif"'] : []),
    'fetchpriority="high"',
  ];
  return `<link ${attributes.join(' ')}>`;
}

/**
 * The feed's first screen as the API writes it into the feed's HTML (ADR 009): the frame, the
 * location bar for the visitor's IP guess, the first cards of the page the HTML's data block
 * carries, and the splash above them (first in the HTML), in the page's language. It shows from the first paint, and the
 * first photo loads with the HTML instead of after the app's code. The app replaces it with its own
 * render (app/index.tsx), which starts from the same data block and the same language; a saved place
 * is drawn then, under the splash. Built for Node by `vite build --ssr` (dist-ssr/first-screen.js), with
 * its packages left as imports of the server's own copies; nothing here runs in the browser.
 */
export const renderFirstScreen: RenderFirstScreen = ({ ipGuess, page, language }) => {
  const location = ipGuessFrom(ipGuess);
  const noop = { onSearchChange: nothing, onCategoryChange: nothing };
  // The queries the frame's hooks make (categories, a place's name) are never fetched here; clearing
  // them afterwards drops their garbage-collection timers, which would hold each render's cache.
  const queryClient = createQueryClient();
  try {
    const root = renderToString(
      <I18nextProvider i18n={translators[language]}>
        <QueryClientProvider client={queryClient}>
          {/* First in the HTML: the browser parses and may paint a page before it has all of it, and a
              splash after the cards let a phone show (and a finger tap) cards it then covered. */}
          <Splash />
          <StaticRouter location={paths.home.getHref()}>
            <FeedScreen
              onBrandClick={nothing}
              onRefresh={nothing}
              refreshing={false}
              toolbar={{ search: '', category: '', ...noop }}
              locationBar={{ location, locating: false, error: null, onUseMyLocation: nothing, onChange: nothing }}
              aside={<FeedAside />}
            >
              <div aria-busy="false">
                <OnlyPriorityImages.Provider value>
                  <PostCardList posts={page.posts.slice(0, FIRST_PAINT_CARDS)} firstIsPriority />
                </OnlyPriorityImages.Provider>
              </div>
            </FeedScreen>
          </StaticRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    return { head: firstPhotoPreload(page.posts[0]), root };
  } finally {
    queryClient.clear();
  }
};
