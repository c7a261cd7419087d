import type { Post } from '@aaspaas/domain';
import { PostCard } from './post-card';

type PostCardListProps = {
  posts: Post[];
  /** The first card's photo is the LCP: it loads eagerly, at high priority. */
  firstIsPriority: boolean;
  highlightedId?: string | null;
  onHashtag?: (tag: string) => void;
};

/** The feed's cards as a list: the feed draws it, and the server draws its first cards into the HTML. */
export function PostCardList({ posts, firstIsPriority, highlightedId, onHashtag }: PostCardListProps) {
  return (
    <ul className="space-y-3 sm:space-y-4">
      {posts.map((post, i) => (
        <li key={post.id}>
          <PostCard
            post={post}
            priority={firstIsPriority && i === 0}
            highlighted={highlightedId === post.id}
            onHashtag={onHashtag}
          />
        </li>
      ))}
    </ul>
  );
}
