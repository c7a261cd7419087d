import type { Post } from '@aaspaas/domain';
import { useEffect, useRef, useState } from 'react';
import { LINKED_POST_HIGHLIGHT_MS } from '@/config/ui-timings';
import { usePost } from '../api/get-post';

/** How long the linked card may take to be drawn once its post has arrived. */
const FIND_CARD_MS = 5000;

/**
 * Deep link '/?post={id}' (docs/product.md §2): scroll to that post and highlight it for 2 s. When it is not
 * in the loaded pages it is fetched (GET /api/posts/{id}) and shown first.
 */
export function useLinkedPost(postId: string | null, posts: Post[], feedReady: boolean) {
  const inList = postId ? posts.find((p) => p.id === postId) : undefined;
  const fetched = usePost(postId, { enabled: Boolean(postId) && feedReady && !inList });
  const pinned = postId && !inList ? (fetched.data ?? null) : null;
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const done = useRef<string | null>(null);

  // Only once the feed is on screen (the splash gone), so the 2 s highlight is seen whole.
  const found = feedReady && Boolean(inList ?? pinned);
  useEffect(() => {
    if (!postId || !found || done.current === postId) return;
    // The list draws its cards a few per task (feed-list.tsx): when the feed arrives after the
    // splash, the linked card comes into the page some frames later. Look for it on each frame.
    const deadline = performance.now() + FIND_CARD_MS;
    let frame = 0;
    const look = () => {
      const el = document.getElementById(`post-${postId}`);
      if (!el) {
        if (performance.now() < deadline) frame = requestAnimationFrame(look);
        return;
      }
      done.current = postId;
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      setHighlightedId(postId);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [postId, found]);

  useEffect(() => {
    if (!highlightedId) return;
    const timer = setTimeout(() => setHighlightedId(null), LINKED_POST_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId]);

  return { pinned, highlightedId };
}
