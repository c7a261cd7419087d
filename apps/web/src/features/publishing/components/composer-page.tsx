import { PRODUCT_NAME, type AppUser } from '@aaspaas/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { PageHeader } from '@/components/layouts/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNetworkError, isNotFoundError } from '@/lib/not-found';
import { readPostPrefill } from '@/lib/post-prefill';
import { useOwnPost } from '../api/get-own-post';
import { postIsOffer, type ComposerMode } from '../utils/form-values';
import { ComposerForm } from './composer-form';

/**
 * /send-post and /send-offers: a new post or offer, one started from a template (router state
 * from the templates pages), or `?edit={id}`: one of the business's own posts.
 */
export function ComposerPage({ mode, user }: { mode: ComposerMode; user: AppUser }) {
  const { t } = useTranslation('publishing');
  const { t: tCommon } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  // Read once: the state is dropped right after (below), so a reload starts from the draft instead.
  const [prefill] = useState(() => (editId ? null : readPostPrefill(location.state)));
  const post = useOwnPost(editId);
  const title = editId ? t(mode === 'offer' ? 'title.editOffer' : 'title.editPost') : t(`title.${mode}`);
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);

  useEffect(() => {
    if (readPostPrefill(location.state)) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);

  let body;
  if (!editId) {
    body = <ComposerForm key={`${mode}-new`} mode={mode} user={user} post={null} prefill={prefill} />;
  } else if (post.isPending) {
    body = <Spinner className="size-6" label={t('loading')} />;
  } else if (post.isError) {
    body = isNotFoundError(post.error) ? (
      <section role="alert" className="rounded-2xl border border-border bg-surface p-6 text-center">
        <h2 className="text-lg font-bold">{t('errors.notFoundTitle')}</h2>
        <p className="mt-1 text-muted-foreground">{t('errors.notFoundBody')}</p>
        <Link to={paths.app.postsHistory.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-4' })}>
          {t('toPostsHistory')}
        </Link>
      </section>
    ) : (
      <ErrorCard
        title={t('errors.loadFailed')}
        message={isNetworkError(post.error) ? tCommon('errors.offline') : post.error.message}
        onRetry={() => void post.refetch()}
        retrying={post.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  } else if (mode === 'post' && postIsOffer(post.data)) {
    // An offer's prices and end date live in the offer form: edit it there, nothing is lost.
    return <Navigate to={paths.app.sendOffers.getHref(post.data.id)} replace />;
  } else {
    body = <ComposerForm key={`${mode}-${post.data.id}`} mode={mode} user={user} post={post.data} prefill={null} />;
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-5">
      <PageHeader
        title={title}
        intro={editId ? undefined : t(`intro.${mode}`)}
        back={editId ? { to: paths.app.postsHistory.getHref(), label: t('toPostsHistory') } : undefined}
      />
      {body}
    </div>
  );
}
