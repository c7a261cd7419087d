import type { AppUser, OpeningHours } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

/** What the counter's forms change on PUT /api/user/me: hours, the one-tap closure, the UPI ID. */
export type CounterSettings = { hours?: OpeningHours | null; closure?: string | null; upiId?: string };

export function saveCounterSettings(body: CounterSettings): Promise<AppUser> {
  return api.put<AppUser>('/api/user/me', body);
}

export function useSaveCounterSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCounterSettings,
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
