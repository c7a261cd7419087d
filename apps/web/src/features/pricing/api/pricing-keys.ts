import type { QueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '@/lib/query-client';

export const pricingKeys = {
  all: ['pricing'] as const,
  current: () => [...pricingKeys.all, 'current'] as const,
  admin: (what: 'sms' | 'posts' | 'plans' | 'whatsapp') => [...pricingKeys.all, 'admin', what] as const,
};

/** After a change every price on screen may be different: the public prices and the admin's pages. */
export function invalidatePricing(queryClient: QueryClient) {
  return refetchAfterChange(queryClient, pricingKeys.all);
}
