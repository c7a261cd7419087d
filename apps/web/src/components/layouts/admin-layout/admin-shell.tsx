import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { LogOut, Menu, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AdminNav } from './admin-nav';

type AdminShellProps = {
  email: string;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
};

/**
 * The admin area's frame: 'Aaspaas Admin', the admin's email and Sign out; every admin page in a
 * sidebar on wide screens, behind a menu button on phones.
 */
export function AdminShell({ email, onSignOut, signingOut, children }: AdminShellProps) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const mobileNavId = useId();

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[60] rounded-xl bg-primary px-4 py-3 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {tCommon('skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-surface pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-1">
          <button
            type="button"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl hover:bg-muted lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={mobileNavId}
            aria-label={menuOpen ? t('nav.close') : t('nav.open')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
          <Link to={paths.admin.dashboard.getHref()} className="inline-flex min-h-11 items-center gap-2 rounded-xl pr-1">
            <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
            <span className="text-lg font-extrabold tracking-tight whitespace-nowrap text-primary">
              {t('title', { product: PRODUCT_NAME })}
            </span>
          </Link>
          <p className="ml-auto hidden min-w-0 truncate text-sm text-muted-foreground sm:block" data-testid="admin-email">
            {email}
          </p>
          <Button variant="secondary" size="sm" className="ml-auto sm:ml-0" onClick={onSignOut} disabled={signingOut}>
            <LogOut className="size-5" aria-hidden="true" />
            {signingOut ? t('signingOut') : t('signOut')}
          </Button>
        </div>
        {menuOpen ? (
          <div className="max-h-[70dvh] overflow-y-auto border-t border-border px-3 py-2 lg:hidden">
            <p className="px-3 pb-2 text-sm break-all text-muted-foreground">{email}</p>
            <AdminNav id={mobileNavId} onNavigate={() => setMenuOpen(false)} />
          </div>
        ) : null}
      </header>
      <div className="mx-auto flex max-w-7xl gap-6 lg:px-3">
        <AdminNav className="sticky top-16 hidden max-h-[calc(100dvh-4rem)] w-60 shrink-0 overflow-y-auto py-4 lg:block" />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-5 focus:outline-none lg:px-0">
          {children}
        </main>
      </div>
    </div>
  );
}
