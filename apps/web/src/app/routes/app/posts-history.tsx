import { PostsHistoryPage } from '@/features/posts-history/components/posts-history-page';

/** /posts-history: the business's posts with their results, and the 30-day charts. */
export function Component() {
  return <PostsHistoryPage />;
}
