import { PRODUCT_NAME, type OwnPost } from '@aaspaas/domain';
import { CheckCircle2, Eye, House, MessageCircle, Plus, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { BackHeader } from '@/components/layouts/app-layout/back-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { analytics } from '@/lib/analytics';
import { isNetworkError, isNotFoundError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { useOwnPost } from '../api/get-own-post';
import { postIsOffer } from '../utils/form-values';
import { postUrl, shareText, whatsappShareHref } from '../utils/share-links';
import { PostPreview } from './post-preview';

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The phone's share sheet, else copy the link, else show it to copy by hand (docs/product.md §4, §8 texts). */
function useShareOther() {
  const { t } = useTranslation('publishing');
  return async (post: OwnPost, url: string) => {
    const payload = {
      title: t('success.shareTitle', { name: post.businessName }),
      text: shareText(post.businessName, post.content),
      url,
    };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(payload))) {
      try {
        await navigator.share(payload);
        analytics.track('post_share', { postId: post.id, businessId: post.userId, props: { method: 'web-share' } });
        return;
      } catch (error) {
        if (isAbort(error)) return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      void notify(t('success.copied'), 'success');
      analytics.track('post_share', { postId: post.id, businessId: post.userId, props: { method: 'copied' } });
    } catch {
      void notify(t('success.shareFailed'), 'info', url);
    }
  };
}

function Actions({ post }: { post: OwnPost }) {
  const { t } = useTranslation('publishing');
  const shareOther = useShareOther();
  const url = postUrl(window.location.origin, post.id);
  const offer = postIsOffer(post);
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-bold">{t('success.share')}</h2>
      <a
        href={whatsappShareHref(shareText(post.businessName, post.content), url)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => analytics.track('post_share', { postId: post.id, businessId: post.userId, props: { method: 'whatsapp' } })}
        className={buttonVariants({ variant: 'whatsapp', size: 'lg', className: 'w-full' })}
      >
        <MessageCircle className="size-5" aria-hidden="true" />
        {t('success.whatsapp')}
      </a>
      <Button variant="secondary" size="lg" className="w-full" onClick={() => void shareOther(post, url)}>
        <Share2 className="size-5" aria-hidden="true" />
        {t('success.other')}
      </Button>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <Link to={paths.home.getHref(post.id)} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          <Eye className="size-5" aria-hidden="true" />
          {t('success.view')}
        </Link>
        <Link
          to={offer ? paths.app.sendOffers.getHref() : paths.app.sendPost.getHref()}
          className={buttonVariants({ variant: 'soft', size: 'lg' })}
        >
          <Plus className="size-5" aria-hidden="true" />
          {offer ? t('success.anotherOffer') : t('success.another')}
        </Link>
      </div>
      <Link to={paths.app.root.getHref()} className={buttonVariants({ variant: 'ghost', size: 'lg' })}>
        <House className="size-5" aria-hidden="true" />
        {t('success.home')}
      </Link>
    </div>
  );
}

/** No post named, or one we cannot find: say so and offer the ways on. */
function NoPost({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation('publishing');
  return (
    <section className="rounded-2xl border border-border bg-surface p-6 text-center" data-testid="success-missing">
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="mt-2 text-muted-foreground">{body}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.app.sendPost.getHref()} className={buttonVariants({ size: 'lg' })}>
          {t('success.writePost')}
        </Link>
        <Link to={paths.app.sendOffers.getHref()} className={buttonVariants({ variant: 'soft', size: 'lg' })}>
          {t('success.writeOffer')}
        </Link>
        <Link to={paths.app.postsHistory.getHref()} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          {t('toPostsHistory')}
        </Link>
      </div>
    </section>
  );
}

/** /success?post={id}: the post just published, live; share it (WhatsApp first), view it, write another. */
export function SuccessPage({ postId }: { postId: string | null }) {
  const { t } = useTranslation('publishing');
  const { t: tCommon } = useTranslation();
  const post = useOwnPost(postId);
  useDocumentTitle(`${t('success.documentTitle')} · ${PRODUCT_NAME}`);

  let body;
  if (!postId) body = <NoPost title={t('success.missingTitle')} body={t('success.missingBody')} />;
  else if (post.isPending) body = <Spinner className="size-6" label={t('success.loading')} />;
  else if (post.isError) {
    body = isNotFoundError(post.error) ? (
      <NoPost title={t('success.notFoundTitle')} body={t('success.notFoundBody')} />
    ) : (
      <ErrorCard
        title={t('success.loadFailed')}
        message={isNetworkError(post.error) ? tCommon('errors.offline') : post.error.message}
        onRetry={() => void post.refetch()}
        retrying={post.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  } else {
    const place = post.data.city;
    // The share buttons come right after "live", before the big photo: sharing is the next step.
    body = (
      <div className="flex flex-col gap-6">
        <section className="flex items-start gap-3 rounded-2xl bg-success-soft p-4" aria-live="polite">
          <CheckCircle2 className="size-8 shrink-0 text-success" aria-hidden="true" />
          <div>
            <h2 className="text-2xl font-extrabold">{t('success.title')}</h2>
            <p className="mt-1">{place ? t('success.body', { place }) : t('success.bodyNoPlace')}</p>
          </div>
        </section>
        <Actions post={post.data} />
        <PostPreview post={post.data} />
      </div>
    );
  }

  return (
    <div className="min-h-dvh bg-background">
      <BackHeader backTo={paths.app.root.getHref()} backLabel={t('back')} title={t('success.documentTitle')} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-5 pb-10 focus:outline-none">
        {body}
      </main>
    </div>
  );
}
