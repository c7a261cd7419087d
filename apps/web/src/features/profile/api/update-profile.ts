import type { AppUser, UpdateProfileRequestSchema } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';

/** What the form sends once the domain schema has parsed it (trimmed, normalized, '' → null). */
export type ProfileUpdate = ReturnType<(typeof UpdateProfileRequestSchema)['parse']>;

export function updateProfile(body: ProfileUpdate): Promise<AppUser> {
  return api.put<AppUser>('/api/user/me', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
