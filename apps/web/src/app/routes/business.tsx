import type { Post } from '@aaspaas/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { useBusinessProfile } from '@/lib/api/get-business-profile';
import { BusinessHeader } from '@/features/business/components/business-header';
import { BusinessPosts } from '@/features/business/components/business-posts';
import { BusinessError, BusinessHeaderSkeleton, BusinessNotFound } from '@/features/business/components/business-states';
import { postKeys, postQueryOptions } from '@/features/feed/api/get-post';
import { FeedSkeleton } from '@/features/feed/components/feed-skeleton';
import { PostCard } from '@/features/feed/components/post-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePageView } from '@/hooks/use-page-view';
import { analytics } from '@/lib/analytics';
import { isNetworkError, isNotFoundError } from '@/lib/not-found';

/**
 * The feed's post card, fed from the shared post cache (postKeys.detail), which the like action
 * patches: the heart and count change here just as on the feed. The list's copy seeds that cache
 * whenever the server sends a new version of the post.
 */
function LivePostCard({ post, priority }: { post: Post; priority: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.setQueryData(postKeys.detail(post.id), post);
  }, [queryClient, post]);
  const { data } = useQuery({ ...postQueryOptions(post.id), enabled: false });
  return <PostCard post={data ?? post} priority={priority} businessLinks={false} />;
}

function BackToFeed() {
  const { t } = useTranslation('business');
  return (
    <Link
      to={paths.home.getHref()}
      className="mx-2 my-1 inline-flex min-h-11 items-center gap-2 rounded-xl px-2 font-semibold text-primary hover:bg-muted sm:mx-0"
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
      {t('backToFeed')}
    </Link>
  );
}

/** /business/{userId}: a business's public profile and its posts (docs/product.md §2, §3). */
export function Component() {
  const { t } = useTranslation('business');
  const { t: tCommon } = useTranslation();
  const { userId = '' } = useParams();
  const profile = useBusinessProfile(userId);
  const notFound = profile.isError && isNotFoundError(profile.error);

  usePageView();
  useDocumentTitle(profile.data?.businessName ?? (notFound ? t('notFound.title') : null));

  const tracked = useRef<string | null>(null);
  const loadedId = profile.data?.userId;
  useEffect(() => {
    if (!loadedId || tracked.current === loadedId) return;
    tracked.current = loadedId;
    analytics.track('business_view_open', { businessId: loadedId });
  }, [loadedId]);

  let header;
  if (profile.data) header = <BusinessHeader profile={profile.data} />;
  else if (notFound) header = <BusinessNotFound />;
  else if (profile.isError) {
    header = (
      <BusinessError
        heading="h1"
        title={t('errors.load')}
        message={isNetworkError(profile.error) ? tCommon('errors.offline') : profile.error.message}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  } else header = <BusinessHeaderSkeleton />;

  return (
    <PublicLayout mainClassName="pb-16 sm:pt-2">
      {notFound ? null : <BackToFeed />}
      {header}
      {notFound || (profile.isError && !profile.data) ? null : (
        <BusinessPosts
          userId={userId}
          skeleton={<FeedSkeleton count={2} />}
          renderPost={(post, i) => <LivePostCard post={post} priority={i === 0} />}
        />
      )}
    </PublicLayout>
  );
}
