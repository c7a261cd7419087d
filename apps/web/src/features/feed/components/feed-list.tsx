import type { Post } from '@aaspaas/domain';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreFooter } from '@/components/ui/load-more-footer';
import { useOnInView } from '@/hooks/use-in-view';
import type { useFeed } from '../hooks/use-feed';
import { FeedError } from './feed-states';
import { FeedSkeleton } from './feed-skeleton';
import { PostCard } from './post-card';
import { PostCardList } from './post-card-list';

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

/** Cards rendered with the first page, and how many more each following task adds. */
export const FIRST_PAINT_CARDS = 3;
const REVEAL_BATCH = 3;

/**
 * How many cards to render: a page of twenty cards rendered at once is one long task on a slow
 * phone, which delays the first photo (the LCP) and blocks input (TBT). The first few cards render
 * with the page; once they are painted the others follow a few per step; then every card shows
 * (later pages included). Each step is a transition of its own: React renders it in slices of a few
 * ms, yielding to a tap between them, and commits its few cards (one transition for the whole list
 * would hold every card in one commit). ADR 054.
 */
function useRevealedCount(total: number): number {
  const [count, setCount] = useState(FIRST_PAINT_CARDS);
  useEffect(() => {
    if (count === Infinity || total === 0) return;
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => startTransition(() => setCount((c) => (c + REVEAL_BATCH >= total ? Infinity : c + REVEAL_BATCH)));
    // The first batch waits for the first paint; each later one for the task after the previous.
    if (count === FIRST_PAINT_CARDS) frame = requestAnimationFrame(() => (timer = setTimeout(next, 0)));
    else timer = setTimeout(next, 0);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total]);
  return count;
}

/** The post list: skeletons, error with retry, empty state, cards, 'Load More Posts' + infinite scroll. */
export function FeedList({ feed, posts, pinned, highlightedId, errorTitle, empty, onHashtag }: FeedListProps) {
  const { t } = useTranslation('feed');
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const listed = pinned ? posts.filter((p) => p.id !== pinned.id) : posts;
  const revealed = useRevealedCount(listed.length);
  const allShown = revealed >= listed.length;
  const shown = allShown ? listed : listed.slice(0, revealed);
  const canAutoLoad = allShown && Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useOnInView<HTMLDivElement>(() => void fetchNextPage(), { enabled: canAutoLoad });

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
        <PostCardList posts={shown} firstIsPriority={!pinned} highlightedId={highlightedId} onHashtag={onHashtag} />
      )}
      {shown.length > 0 && allShown ? (
        <LoadMoreFooter
          query={feed}
          labels={{
            loadMore: t('loadMore'),
            loading: t('loadingMore'),
            failed: feed.error?.message ?? t('errors.load'),
            end: t('endOfFeed'),
          }}
        >
          <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
        </LoadMoreFooter>
      ) : null}
    </div>
  );
}
