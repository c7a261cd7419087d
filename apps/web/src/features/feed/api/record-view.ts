import type { ViewResponse } from '@aaspaas/domain';
import { api } from '@/lib/api-client';
import { ensureVisitorId } from '@/lib/visitor-id';

/** POST /api/posts/{id}/view with { anonId, ts } (docs/product.md §7). Called through the view queue. */
export async function recordView(postId: string): Promise<ViewResponse> {
  const anonId = (await ensureVisitorId()) ?? undefined;
  return api.post<ViewResponse>(`/api/posts/${encodeURIComponent(postId)}/view`, { anonId, ts: Date.now() });
}
