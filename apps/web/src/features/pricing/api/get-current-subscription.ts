import type { CurrentSubscription } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './subscription-keys';

export function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  return api.get<CurrentSubscription>('/api/subscriptions/current', { signal });
}

export function currentSubscriptionQueryOptions() {
  return queryOptions({ queryKey: subscriptionKeys.current, queryFn: ({ signal }) => getCurrentSubscription(signal) });
}

export function useCurrentSubscription() {
  return useQuery(currentSubscriptionQueryOptions());
}
