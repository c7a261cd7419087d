import { PRODUCT_NAME, type OwnPost } from '@aaspaas/domain';
import { ArrowLeft, SquarePen, Tag } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { buttonVariants } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNetworkError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { useDeleteMyPost } from '../api/delete-my-post';
import { useMyPosts } from '../api/get-my-posts';
import { useRepostMyPost } from '../api/repost-my-post';
import { formatCount } from '@/lib/format';
import { excerptOf } from '../utils/post-text';
import { BusinessInsights } from './business-insights';
import { DeletePostDialog } from './delete-post-dialog';
import { MyPostItem } from './my-post-item';
import { PostsEmpty, PostsSkeleton } from './posts-history-states';
import { RepostDialog } from './repost-dialog';

type Pending = { kind: 'delete' | 'repost'; post: OwnPost };

function useActionError() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  // The server's own message (docs/product.md §8); no answer at all says to check the connection.
  const show = (e: unknown) => setError(isNetworkError(e) ? t('errors.offline') : (e as Error).message);
  return [error, show, () => setError(null)] as const;
}

/**
 * /posts-history: the business's posts, newest first, with their results; the whole business's
 * 30 days on top; edit, delete (confirmed), repost, view in the feed, and one post's chart in place.
 * Keyset pages behind 'Load more' for businesses with hundreds of posts.
 */
export function PostsHistoryPage() {
  const { t } = useTranslation('posts-history');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(`${t('title')} · ${PRODUCT_NAME}`);

  const query = useMyPosts();
  const remove = useDeleteMyPost();
  const repost = useRepostMyPost();
  // The dialog's post stays set while it closes; `dialogOpen` says whether it shows.
  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [actionError, showActionError, clearActionError] = useActionError();
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // What the dialog just did: its trigger may be gone (deleted) or focus belongs to the copy (reposted).
  const done = useRef<'deleted' | 'reposted' | null>(null);
  // The button that opened the dialog (a tap does not focus a button in every browser, so Radix
  // cannot be trusted to know it).
  const trigger = useRef<HTMLElement | null>(null);

  const pages = query.data?.pages;
  const posts = useMemo(() => pages?.flatMap((p) => p.posts) ?? [], [pages]);
  const total = pages?.[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  // A repost lands at the top: bring it into view and give it focus, so a keyboard or screen-reader
  // user is where the new post is.
  const highlightedShown = highlightId !== null && posts.some((p) => p.id === highlightId);
  useEffect(() => {
    if (!highlightId || !highlightedShown) return;
    const el = document.getElementById(`my-post-${highlightId}`);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const timer = setTimeout(() => setHighlightId(null), 2500);
    return () => clearTimeout(timer);
  }, [highlightId, highlightedShown]);

  function open(kind: 'delete' | 'repost', post: OwnPost, from: HTMLElement) {
    clearActionError();
    done.current = null;
    trigger.current = from;
    setPending({ kind, post });
    setDialogOpen(true);
  }

  async function confirmDelete() {
    if (pending?.kind !== 'delete') return;
    clearActionError();
    try {
      await remove.mutateAsync(pending.post.id);
      done.current = 'deleted';
      setDialogOpen(false);
      void notify(t('toast.deleted'), 'success');
    } catch (error) {
      showActionError(error);
      void notify(t('toast.deleteFailed'), 'error');
    }
  }

  async function confirmRepost(expiresAt: string | undefined) {
    if (pending?.kind !== 'repost') return;
    clearActionError();
    try {
      const copy = await repost.mutateAsync({ id: pending.post.id, expiresAt });
      done.current = 'reposted';
      setDialogOpen(false);
      setHighlightId(copy.id);
      void notify(t('toast.reposted'), 'success', t('toast.repostedDescription'));
    } catch (error) {
      showActionError(error);
      void notify(t('toast.repostFailed'), 'error');
    }
  }

  let body;
  if (query.isPending) body = <PostsSkeleton />;
  else if (query.isError && posts.length === 0) {
    body = (
      <ErrorCard
        title={t('list.loadFailed')}
        message={isNetworkError(query.error) ? tCommon('errors.offline') : query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  } else if (posts.length === 0) body = <PostsEmpty />;
  else {
    body = (
      <>
        <ul className="flex flex-col gap-3" aria-labelledby="my-posts-heading">
          {posts.map((post) => (
            <li key={post.id}>
              <MyPostItem
                post={post}
                highlighted={post.id === highlightId}
                onDelete={(p, from) => open('delete', p, from)}
                onRepost={(p, from) => open('repost', p, from)}
              />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          failed={isFetchNextPageError}
          onLoadMore={() => void fetchNextPage()}
          labels={{ loadMore: t('list.loadMore'), loading: t('list.loadingMore'), failed: t('list.moreFailed') }}
        />
      </>
    );
  }

  const closeDialog = (next: boolean) => !next && setDialogOpen(false);
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    // Cancelled: back to the button pressed. A deleted post's buttons are gone: focus goes to the
    // list's heading. A copy takes focus itself.
    if (!done.current) trigger.current?.focus();
    else if (done.current === 'deleted') listHeading.current?.focus();
  };
  const target = pending?.post;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-5">
      <header className="flex flex-col gap-2">
        <Link
          to={paths.app.root.getHref()}
          className="-ml-2 inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-2 font-semibold text-primary hover:bg-muted"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
          {t('back')}
        </Link>
        <h1 className="text-2xl leading-tight font-extrabold">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Link to={paths.app.sendPost.getHref()} className={buttonVariants({ size: 'md' })}>
            <SquarePen className="size-5" aria-hidden="true" />
            {t('actions.newPost')}
          </Link>
          <Link to={paths.app.sendOffers.getHref()} className={buttonVariants({ variant: 'soft', size: 'md' })}>
            <Tag className="size-5" aria-hidden="true" />
            {t('actions.newOffer')}
          </Link>
        </div>
      </header>

      {total > 0 ? <BusinessInsights /> : null}

      <section aria-labelledby="my-posts-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="my-posts-heading" ref={listHeading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
            {t('list.title')}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="posts-shown">
            {posts.length > 0
              ? t('list.showing', { count: total, shown: formatCount(posts.length), total: formatCount(total) })
              : null}
          </p>
        </div>
        {body}
      </section>

      {target ? (
        <DeletePostDialog
          open={dialogOpen && pending.kind === 'delete'}
          onOpenChange={closeDialog}
          excerpt={excerptOf(target.content, 80)}
          onConfirm={() => void confirmDelete()}
          pending={remove.isPending}
          error={pending.kind === 'delete' ? actionError : null}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
      {target ? (
        <RepostDialog
          key={target.id}
          open={dialogOpen && pending.kind === 'repost'}
          onOpenChange={closeDialog}
          excerpt={excerptOf(target.content, 80)}
          expired={target.expired}
          hasValidity={target.expiresAt !== null}
          onConfirm={(expiresAt) => void confirmRepost(expiresAt)}
          pending={repost.isPending}
          error={pending.kind === 'repost' ? actionError : null}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </div>
  );
}
