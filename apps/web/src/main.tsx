import { imageCandidates } from '@aaspaas/domain/rules';
import './index.css';
import { avifSupported, preloadResponsiveImage } from './components/ui/image-sources';
import { paths } from './config/paths';
import { normaliseFilters } from './features/feed/api/get-feed-page';
import { startFirstFeedPage } from './features/feed/utils/first-feed-page';
import { IP_GUESS_TIMEOUT_MS, startEarlyIpLookup } from './features/location/utils/early-ip-lookup';
import { ipGuessFrom, startingLocation, writeIpGuess, writeIpUnknown } from './features/location/utils/saved-location';
import { captureInstallPrompt } from './lib/install-prompt';
import { serverFirstPhoto, startAfterFirstScreen } from './lib/server-first-screen';

/**
 * The app's first module, kept small so it runs as soon as it arrives: on the feed it asks for the
 * visitor's place (first visit) and the feed's first page, and preloads the first post's photo (the
 * LCP), while the rest of the app (index.html preloads it) is still downloading. The feed's hooks
 * take these answers instead of asking again.
 */
function startFeedEarly(): void {
  const url = new URL(window.location.href);
  if (url.pathname !== paths.home.path) return;
  // Answered (a 1×1 data URL) long before the page arrives, so the photo's preload does not wait for it.
  void avifSupported();
  // A deep link shows its post first: no photo to guess.
  const linked = url.searchParams.has('post');
  // The server's first screen (ADR 009) has asked for its first photo already; a visitor with a
  // saved place gets another page, whose photo is asked for here.
  const shown = serverFirstPhoto();
  const fetchPage = (lat?: number, lon?: number) =>
    startFirstFeedPage(normaliseFilters({ lat, lon }))
      .then((page) => {
        const photo = page.posts[0]?.images[0];
        if (photo && !linked && imageCandidates(photo)[0] !== shown) void preloadResponsiveImage(photo);
      })
      .catch(() => undefined);

  const start = startingLocation();
  if (!start.resolving) {
    void fetchPage(start.location?.lat, start.location?.lon);
    return;
  }
  const startedAt = Date.now();
  startEarlyIpLookup()
    .then((answer) => {
      // Past the feed's own wait it shows all posts: a page for the guess would go unused.
      if (Date.now() - startedAt > IP_GUESS_TIMEOUT_MS) return;
      const guess = ipGuessFrom(answer);
      // Remembered as useUserLocation does, so a feed that starts after this has its place at once.
      if (guess) writeIpGuess(guess);
      else writeIpUnknown();
      void fetchPage(guess?.lat, guess?.lon);
    })
    .catch(() => undefined);
}

startFeedEarly();
// The browser offers installing once, early: kept for the menu's "Download Android App".
captureInstallPrompt();
// The app's first render in a task of its own, not in the one that evaluated its code: two shorter
// tasks instead of one long one on a slow phone. Its code runs once the server's first screen, if
// any, is on screen with its photo.
startAfterFirstScreen(() => void import('./app').then(({ startApp }) => setTimeout(startApp, 0)));
