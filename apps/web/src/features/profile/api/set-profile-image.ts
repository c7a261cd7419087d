import type { AppUser } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';
import { uploadImage } from './upload-image';

/** POST /api/user/profile-image: only a URL our upload endpoint gave this user is accepted. */
export function setProfileImage(imageUrl: string): Promise<AppUser> {
  return api.post<AppUser>('/api/user/profile-image', { imageUrl });
}

/** Upload the chosen photo, then make it the profile image. */
export function useChangeProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => setProfileImage((await uploadImage(file)).url),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
