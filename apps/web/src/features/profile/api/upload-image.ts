import type { UploadResponse } from '@aaspaas/domain';
import { api } from '@/lib/api-client';

/** POST /api/uploads: one image in the multipart field `file`; the server stores WebP variants. */
export function uploadImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<UploadResponse>('/api/uploads', form);
}
