import { openExternal } from './open-external';
import {
  type AppPlugin,
  type KeyboardPlugin,
  loadApp,
  loadKeyboard,
  loadSplashScreen,
  loadStatusBar,
  type Loader,
  type SplashScreenPlugin,
  type StatusBarModule,
} from './plugins';

/** The brand's colour behind the status bar (the web manifest's theme_color). */
const STATUS_BAR_COLOR = '#c2410c';

export type ShellDeps = {
  /** The app's router: back, and links to the site that Android handed to the app. */
  navigate: (to: string) => void;
  back: () => void;
  currentPath: () => string;
  /** Asked on the feed before the back button leaves the app. */
  confirmLeave: () => boolean;
  /** Resolves when the first screen is drawn (lib/after-load): the splash screen stays until then. */
  firstScreen: Promise<void>;
  load?: {
    app?: Loader<AppPlugin>;
    splash?: Loader<SplashScreenPlugin>;
    statusBar?: Loader<StatusBarModule>;
    keyboard?: Loader<KeyboardPlugin>;
  };
};

/** The feed: the app's first page, where the back button leaves the app. */
const HOME_PATH = '/';

/**
 * The hardware back button: closes an open dialog first, then goes back through the app's history;
 * on the feed (the app's first page) it asks before leaving the app.
 */
export function onBackButton(
  event: { canGoBack: boolean },
  deps: Pick<ShellDeps, 'navigate' | 'back' | 'currentPath' | 'confirmLeave'>,
  app: Pick<AppPlugin, 'exitApp'>,
) {
  const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
  if (dialog) {
    // Radix dialogs close on Escape, as they do for a keyboard.
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    return;
  }
  if (deps.currentPath() === HOME_PATH) {
    if (deps.confirmLeave()) void app.exitApp();
    return;
  }
  if (event.canGoBack) deps.back();
  else deps.navigate(HOME_PATH);
}

/** A link to the site that Android opened in the app (App Links): its page inside the app. */
export function pathOfOpenedLink(url: string): string | null {
  try {
    const { pathname, search, hash } = new URL(url);
    return `${pathname}${search}${hash}`;
  } catch {
    return null;
  }
}

/**
 * A click on a link that leaves the app (another site, wa.me, tel:, mailto:, upi:): its URL, to hand
 * to Android (openExternal) instead of loading it in the app's WebView. Null for the app's own links.
 */
export function externalLinkOf(event: MouseEvent, appOrigin: string = window.location.origin): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.getAttribute('href') ?? '', appOrigin);
  if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === appOrigin) return null;
  return url.href;
}

/**
 * Starts what only the app does: the status bar in the brand's colour, the back button, links
 * opened in the app and links out handed to Android, a field scrolled into view above the keyboard, and the splash screen hidden
 * once the first screen is drawn. Each plugin failing alone leaves the others working.
 */
export async function startNativeShell(deps: ShellDeps): Promise<void> {
  const load = deps.load ?? {};
  document.addEventListener(
    'click',
    (event) => {
      const url = externalLinkOf(event);
      if (!url) return;
      event.preventDefault();
      void openExternal(url, { native: true });
    },
    true,
  );
  const tasks = [
    (load.splash ?? loadSplashScreen)().then(async (splash) => {
      await deps.firstScreen;
      await splash.hide({ fadeOutDuration: 200 });
    }),
    (load.statusBar ?? loadStatusBar)().then(async ({ StatusBar, Style }) => {
      await StatusBar.setStyle({ style: Style.Dark });
      await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
    }),
    (load.app ?? loadApp)().then(async (app) => {
      await app.addListener('backButton', (event) => onBackButton(event, deps, app));
      await app.addListener('appUrlOpen', ({ url }) => {
        const path = pathOfOpenedLink(url);
        if (path) deps.navigate(path);
      });
    }),
    (load.keyboard ?? loadKeyboard)().then((keyboard) =>
      keyboard.addListener('keyboardDidShow', () => {
        const field = document.activeElement;
        if (field instanceof HTMLElement) field.scrollIntoView({ block: 'center' });
      }),
    ),
  ];
  const results = await Promise.allSettled(tasks);
  for (const result of results) if (result.status === 'rejected') console.error('Native shell', result.reason);
}
