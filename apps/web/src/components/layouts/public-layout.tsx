import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { AppMenu } from './app-menu';

type PublicLayoutProps = {
  children: ReactNode;
  /** When set, the product name is a button (the feed: refresh and scroll to top); else a link to the feed. */
  onBrandClick?: () => void;
  brandLabel?: string;
  /** Icon buttons shown before the menu (e.g. refresh). */
  actions?: ReactNode;
  /** A second header row (e.g. search and category filter). */
  toolbar?: ReactNode;
  /** A side panel on wide screens. */
  aside?: ReactNode;
  mainClassName?: string;
};

function Brand() {
  return (
    <span className="flex items-center gap-2">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className="text-xl font-extrabold tracking-tight text-primary">{PRODUCT_NAME}</span>
    </span>
  );
}

/** The public pages' frame: skip link, sticky header with the product name and the menu, main. */
export function PublicLayout({ children, onBrandClick, brandLabel, actions, toolbar, aside, mainClassName }: PublicLayoutProps) {
  const { t } = useTranslation();
  const brandClass = 'inline-flex min-h-11 items-center rounded-xl pr-2';
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[60] rounded-xl bg-primary px-4 py-3 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-surface">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 px-3 pt-[env(safe-area-inset-top)] sm:flex-nowrap sm:py-2">
          {onBrandClick ? (
            <button type="button" onClick={onBrandClick} aria-label={brandLabel} className={brandClass}>
              <Brand />
            </button>
          ) : (
            <Link to={paths.home.getHref()} className={brandClass}>
              <Brand />
            </Link>
          )}
          {toolbar ? <div className="order-last w-full pb-2 sm:order-none sm:min-w-0 sm:flex-1 sm:pb-0">{toolbar}</div> : null}
          <div className="ml-auto flex items-center gap-1">
            {actions}
            <AppMenu />
          </div>
        </div>
      </header>
      <div className={cn('mx-auto max-w-5xl', aside ? 'lg:grid lg:grid-cols-[minmax(0,640px)_1fr] lg:gap-6 lg:px-3' : '')}>
        <main id="main" tabIndex={-1} className={cn('mx-auto w-full max-w-[640px] focus:outline-none', mainClassName)}>
          {children}
        </main>
        {aside ? (
          <aside className="hidden lg:block">
            <div className="sticky top-20 py-3">{aside}</div>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
