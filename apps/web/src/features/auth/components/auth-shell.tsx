import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Frame of the sign-in pages: the product name, 'Back to Feed', the content on the left and, on
 * wide screens (lg+), an optional panel on the right.
 */
export function AuthShell({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-2">
      <div className="flex flex-col px-4 pt-3 pb-10 sm:px-6">
        <header className="mx-auto flex w-full max-w-md items-center justify-between gap-3">
          <Link
            to={paths.home.getHref()}
            className="inline-flex min-h-11 items-center text-2xl font-extrabold tracking-tight text-primary"
          >
            {PRODUCT_NAME}
          </Link>
          <Link
            to={paths.home.getHref()}
            className="-mr-2 inline-flex min-h-11 items-center gap-2 rounded-xl px-2 font-semibold text-primary hover:bg-muted"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
            {t('backToFeed')}
          </Link>
        </header>
        <main id="main" className="mx-auto mt-4 w-full max-w-md flex-1 lg:flex lg:flex-col lg:justify-center">
          {children}
        </main>
      </div>
      {aside ? <aside className="hidden border-l border-border bg-primary-soft/60 lg:flex">{aside}</aside> : null}
    </div>
  );
}
