import type { Post } from '@aaspaas/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useOnInView } from '@/hooks/use-in-view';
import type { useFeed } from '../hooks/use-feed';
import { FeedError } from './feed-states';
import { FeedSkeleton } from './feed-skeleton';
import { PostCard } from './post-card';

type FeedListProps = {
  feed: ReturnType<typeof useFeed>;
  /** Posts to show (the loaded pages, maybe filtered at once by the search being typed). */
  posts: Post[];
  /** A deep-linked post not in the loaded pages, shown first. */
  pinned?: Post | null;
  highlightedId?: string | null;
  errorTitle: string;
  empty: ReactNode;
  onHashtag?: (tag: string) => void;
};

/** The post list: skeletons, error with retry, empty state, cards, 'Load More Posts' + infinite scroll. */
export function FeedList({ feed, posts, pinned, highlightedId, errorTitle, empty, onHashtag }: FeedListProps) {
  const { t } = useTranslation('feed');
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const canAutoLoad = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useOnInView<HTMLDivElement>(() => void fetchNextPage(), { enabled: canAutoLoad });

  const shown = pinned ? posts.filter((p) => p.id !== pinned.id) : posts;

  if (feed.isPending && !pinned) return <FeedSkeleton />;
  if (feed.isError && posts.length === 0 && !pinned) {
    return (
      <FeedError title={errorTitle} message={feed.error.message} onRetry={() => void feed.refetch()} retrying={feed.isFetching} />
    );
  }

  return (
    <div aria-busy={feed.isFetching}>
      {pinned ? (
        <div className="mb-3 sm:mb-4">
          <PostCard
            post={pinned}
            priority
            highlighted={highlightedId === pinned.id}
            onHashtag={onHashtag}
            label={t('post.linked')}
          />
        </div>
      ) : null}
      {shown.length === 0 ? (
        empty
      ) : (
        <ul className="space-y-3 sm:space-y-4">
          {shown.map((post, i) => (
            <li key={post.id}>
              <PostCard post={post} priority={!pinned && i === 0} highlighted={highlightedId === post.id} onHashtag={onHashtag} />
            </li>
          ))}
        </ul>
      )}
      {shown.length > 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-6">
          {hasNextPage ? (
            <>
              <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
              {isFetchNextPageError ? (
                <p role="alert" className="text-center text-danger">
                  {feed.error?.message ?? t('errors.load')}
                </p>
              ) : null}
              <Button
                variant="secondary"
                size="lg"
                className="w-full max-w-xs"
                onClick={() => void fetchNextPage()}
                disabled={isFetchingNextPage}
              >
                {isFetchingNextPage ? <Spinner label={t('loadingMore')} /> : t('loadMore')}
              </Button>
            </>
          ) : (
            <p className="text-center text-sm text-muted-foreground">{t('endOfFeed')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
