import { PRODUCT_NAME, type SitePage, type SitePageSlug } from '@aaspaas/domain';
import { AlertTriangle, ArrowLeft, FileQuestion, Home, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button, buttonVariants } from '@/components/ui/button';
import { ServerHtml } from '@/components/ui/server-html';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePageView } from '@/hooks/use-page-view';
import { formatIndiaDate } from '@/lib/format';
import { isNetworkError, isNotFoundError } from '@/lib/not-found';
import { useSitePage } from '../api/get-site-page';

function PageSkeleton() {
  const { t } = useTranslation('pages');
  return (
    <div role="status" aria-live="polite" className="mt-4 space-y-3">
      <span className="sr-only">{t('loading')}</span>
      {[100, 92, 96, 60, 0, 40, 100, 88, 94, 70].map((w, i) =>
        w === 0 ? <div key={i} className="h-3" /> : <Skeleton key={i} className="h-4" style={{ width: `${w}%` }} />,
      )}
    </div>
  );
}

export type SitePageBack = { to: string; label: string };

function BackLink({ back }: { back?: SitePageBack }) {
  const { t } = useTranslation('pages');
  return (
    <Link
      to={back?.to ?? paths.home.getHref()}
      className="-mx-2 my-1 inline-flex min-h-11 items-center gap-2 rounded-xl px-2 font-semibold text-primary hover:bg-muted"
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
      {back?.label ?? t('backToFeed')}
    </Link>
  );
}

/**
 * A landing page (/about-us, /contact-us, /Termsofservice, /privacyterms) whose content lives in
 * the database: title, 'Last updated …', then the body. `extra` adds something above the body
 * once the page has loaded (the contact page's buttons). `back` replaces 'Back to Feed' (the signed-in
 * copies of the legal pages lead back to /settings).
 */
export function SitePageView({
  slug,
  extra,
  footer,
  back,
}: {
  slug: SitePageSlug;
  extra?: (page: SitePage) => ReactNode;
  /** Below the body once the page has loaded (the about page's data notices). */
  footer?: ReactNode;
  back?: SitePageBack;
}) {
  const { t } = useTranslation('pages');
  const { t: tCommon } = useTranslation();
  const query = useSitePage(slug);
  const page = query.data;
  const fallbackTitle = t(`titles.${slug}`);
  const title = page?.title.trim() || fallbackTitle;
  const notFound = query.isError && isNotFoundError(query.error);

  usePageView();
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);

  const updated = page ? formatIndiaDate(page.updatedAt, { month: 'long' }) : null;

  let content: ReactNode;
  if (page) {
    content = (
      <>
        {extra ? <div className="mt-5">{extra(page)}</div> : null}
        <ServerHtml html={page.html} className="mt-5" testId="page-body" />
        {footer}
      </>
    );
  } else if (notFound) {
    content = (
      <div data-testid="page-not-found" className="mt-6 rounded-2xl border border-border bg-surface p-6 text-center">
        <FileQuestion className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-bold">{t('notFound.title')}</h2>
        <p className="mt-1 text-muted-foreground">{t('notFound.body')}</p>
        <Link to={paths.home.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-5' })}>
          <Home className="size-5" aria-hidden="true" />
          {t('backToFeed')}
        </Link>
      </div>
    );
  } else if (query.isError) {
    content = (
      <div role="alert" className="mt-6 rounded-2xl border border-danger/40 bg-danger-soft p-6 text-center">
        <AlertTriangle className="mx-auto size-10 text-danger" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-bold text-danger">{t('errors.load', { title: fallbackTitle })}</h2>
        <p className="mt-1 break-words">{isNetworkError(query.error) ? tCommon('errors.offline') : query.error.message}</p>
        <Button size="lg" className="mt-5" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCcw className={query.isFetching ? 'size-5 animate-spin' : 'size-5'} aria-hidden="true" />
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    content = <PageSkeleton />;
  }

  return (
    <PublicLayout mainClassName="px-4 pt-2 pb-16 sm:px-2">
      <BackLink back={back} />
      <article aria-labelledby="page-title" data-testid={`site-page-${slug}`}>
        <header className="mt-2">
          <h1 id="page-title" className="text-3xl leading-tight font-extrabold">
            {title}
          </h1>
          {page && updated ? (
            <p className="mt-1 text-sm text-muted-foreground">
              <time dateTime={page.updatedAt}>{t('lastUpdated', { date: updated })}</time>
            </p>
          ) : null}
        </header>
        {content}
      </article>
    </PublicLayout>
  );
}
