import type { Stock } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMyPosts } from '@/lib/my-post-keys';

/** Live stock of one of my posts (docs/product.md §3): sold out for today, fresh stock at a time, or none. */
export type StockInput = { status: 'soldOut' | 'freshAt' | null; at?: string };

export function setStock(postId: string, input: StockInput): Promise<Stock | null> {
  return api.put<Stock | null>(`/api/user/posts/${encodeURIComponent(postId)}/stock`, input);
}

export function useSetStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, input }: { postId: string; input: StockInput }) => setStock(postId, input),
    onSuccess: () => invalidateMyPosts(queryClient),
  });
}
