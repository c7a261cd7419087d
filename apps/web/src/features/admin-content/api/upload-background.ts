import type { UploadResponse } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A background picture goes through the same upload endpoint as every photo (resized, stored as the admin's upload). */
export function uploadBackground(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<UploadResponse>('/api/uploads', form);
}

export function useUploadBackground() {
  return useMutation({ mutationFn: uploadBackground });
}
