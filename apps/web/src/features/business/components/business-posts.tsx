import type { Post } from '@aaspaas/domain';
import { Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadMoreFooter } from '@/components/ui/load-more-footer';
import { Spinner } from '@/components/ui/spinner';
import { isNetworkError } from '@/lib/not-found';
import { useBusinessPosts } from '../api/get-business-posts';

type BusinessPostsProps = {
  userId: string;
  /** How one post is shown (the route passes the feed's post card). */
  renderPost: (post: Post, index: number) => ReactNode;
  /** Shown while the first page loads. */
  skeleton: ReactNode;
};

/** The business's posts, newest first, with 'Load More Posts' while full pages come back. */
export function BusinessPosts({ userId, renderPost, skeleton }: BusinessPostsProps) {
  const { t } = useTranslation('business');
  const { t: tCommon } = useTranslation();
  const query = useBusinessPosts(userId);
  const { posts } = query;

  let body: ReactNode;
  if (query.isPending) {
    body = skeleton;
  } else if (query.isError && posts.length === 0) {
    body = (
      <div role="alert" className="mx-4 rounded-2xl border border-danger/40 bg-danger-soft p-5 text-center sm:mx-0">
        <p className="font-bold text-danger">{t('errors.loadPosts')}</p>
        <p className="mt-1 break-words">{isNetworkError(query.error) ? tCommon('errors.offline') : query.error.message}</p>
        <Button size="lg" className="mt-4" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? <Spinner label={t('posts.loadingMore')} /> : t('retry')}
        </Button>
      </div>
    );
  } else if (posts.length === 0) {
    body = (
      <div
        data-testid="business-posts-empty"
        className="mx-4 rounded-2xl border border-border bg-surface p-6 text-center sm:mx-0"
      >
        <Newspaper className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 text-muted-foreground">{t('posts.empty')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="space-y-3 sm:space-y-4">
          {posts.map((post, i) => (
            <li key={post.id}>{renderPost(post, i)}</li>
          ))}
        </ul>
        <LoadMoreFooter
          query={query}
          labels={{
            loadMore: t('posts.loadMore'),
            loading: t('posts.loadingMore'),
            failed: t('errors.loadPosts'),
            end: t('posts.end'),
          }}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="business-posts-title" aria-busy={query.isFetching} className="mt-4">
      <h2 id="business-posts-title" className="px-4 pb-3 text-lg font-bold sm:px-0">
        {t('posts.title')}
      </h2>
      {body}
    </section>
  );
}
