import type { UploadResponse } from '@aaspaas/domain';
import { api, type UploadOptions } from '@/lib/api-client';

/** POST /api/uploads: one photo in the multipart field `file`, with upload progress. */
export function uploadPhoto(file: File, options: UploadOptions = {}): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.uploadWithProgress<UploadResponse>('/api/uploads', form, options);
}
