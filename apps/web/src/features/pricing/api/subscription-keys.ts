import type { QueryClient } from '@tanstack/react-query';

export const subscriptionKeys = {
  current: ['subscriptions', 'current'] as const,
};

/**
 * After buying, changing or cancelling, the plan, the balance and what the next post costs have
 * moved: every query that shows them is asked again.
 */
export function invalidateAfterPlanChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => ['subscriptions', 'wallet', 'publishing', 'user'].includes(String(query.queryKey[0])),
  });
}
