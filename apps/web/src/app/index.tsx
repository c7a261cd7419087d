import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers, showErrorBox } from '@/components/errors/global-error-box';
import { paths } from '@/config/paths';
import { afterLoad, firstScreenDrawn, firstScreenShown } from '@/lib/after-load';
import { configureMessageTranslation } from '@/lib/api-client';
import { currentLanguage, DEFAULT_LANGUAGE, i18n, languageReady, preloadNamespaces } from '@/lib/i18n';
import { isNativeApp } from '@/lib/native/platform';
import { noteServerFirstScreen } from '@/lib/server-first-screen';
import { AppProvider } from './provider';
import { appNavigate, AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}

/**
 * The feed's first screen needs only the bundled translations: the others are fetched once the page
 * has loaded and the browser is idle. Any other page needs its namespace now, alongside its code.
 */
function preloadTranslations(): void {
  if (window.location.pathname !== paths.home.path) void preloadNamespaces();
  else afterLoad(() => void preloadNamespaces());
}

/** The feed says when its first posts are on screen (routes/feed.tsx); any other page with its first render. */
function markFirstScreen(): void {
  if (window.location.pathname !== paths.home.path) requestAnimationFrame(firstScreenShown);
}

/** Inside the Android app: its status bar, back button, links and splash screen (never loaded on the web). */
function startNativeShell(): void {
  if (!isNativeApp()) return;
  void import('@/lib/native/shell').then(({ startNativeShell: start }) =>
    start({
      navigate: (to) => appNavigate(to),
      back: () => appNavigate(-1),
      currentPath: () => window.location.pathname,
      confirmLeave: () => window.confirm(i18n.t('nativeApp.leaveConfirm')),
      firstScreen: firstScreenDrawn(),
    }),
  );
}

/**
 * Render the app into #root (main.tsx imports this module once its early requests are on their way),
 * once the visitor's language is in: the server's first screen in Hindi is replaced by the app's in
 * Hindi, never by an English frame.
 */
export function startApp(): void {
  void languageReady.catch(() => undefined).then(renderApp);
}

/**
 * The API's messages and the forms' validation messages in the language shown: the translator loads
 * with the first language other than English, so an English visitor's first load does not carry it.
 */
function translateMessagesIn(lng: string): void {
  if (lng === DEFAULT_LANGUAGE) return;
  void import('@/lib/translate-message').then(({ translateMessage, applyPlainValidationMessages }) => {
    configureMessageTranslation(translateMessage);
    applyPlainValidationMessages();
  });
}

function renderApp(): void {
  document.documentElement.lang = currentLanguage();
  translateMessagesIn(currentLanguage());
  i18n.on('languageChanged', translateMessagesIn);
  installGlobalErrorHandlers();
  const rootElement = document.getElementById('root');
  if (!rootElement) {
    showErrorBox(i18n.t('global.rootMissing'), new Error(i18n.t('global.rootMissing')));
    return;
  }
  try {
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    const serverScreen = noteServerFirstScreen(rootElement);
    const root = createRoot(rootElement);
    if (serverScreen) {
      // Under the server's first screen, a transition: React renders in slices of a few ms, so a
      // slow phone's main thread is never held for the whole first render (ADR 054), and its first
      // commit clears #root and draws the app in one task: no frame without either screen.
      startTransition(() => root.render(app));
    } else {
      // Nothing on screen yet: the first render at once, in this task.
      flushSync(() => root.render(app));
    }
  } catch (error) {
    console.error('Application Startup Error', error);
    showErrorBox(i18n.t('global.startup'), error);
  }
  preloadTranslations();
  markFirstScreen();
  startNativeShell();
  // After the first screen: the worker's precache downloads would compete with the first photo.
  afterLoad(() => void import('@/lib/sw-update').then(({ registerServiceWorker }) => registerServiceWorker()));
}
