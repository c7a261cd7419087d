import type { ViewResponse } from '@aaspaas/domain';
import { api } from '@/lib/api-client';
import { getVisitorId } from '@/lib/visitor-id';

/** POST /api/posts/{id}/view with { anonId, ts } (spec §7). Called through the view queue. */
export function recordView(postId: string): Promise<ViewResponse> {
  return api.post<ViewResponse>(`/api/posts/${encodeURIComponent(postId)}/view`, { anonId: getVisitorId(), ts: Date.now() });
}
