import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppBottomNav } from './app-bottom-nav';
import { AppSidebar } from './app-sidebar';
import { AppTopBar, type AppTopBarProps } from './app-top-bar';

/**
 * The business app's container (docs/product.md §2): top bar, then the page; phones get a bottom bar with
 * large targets, wide screens a left sidebar with every destination.
 */
export function AppShell({ children, ...topBar }: AppTopBarProps & { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[60] rounded-xl bg-primary px-4 py-3 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <AppTopBar {...topBar} />
      <div className="mx-auto flex max-w-6xl gap-6 lg:px-3">
        <AppSidebar className="hidden w-56 shrink-0 lg:block" />
        {/* Bottom padding keeps the page's end above the phone's bottom bar. */}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 pb-28 focus:outline-none lg:pb-10">
          {children}
        </main>
      </div>
      <AppBottomNav className="lg:hidden" />
    </div>
  );
}
