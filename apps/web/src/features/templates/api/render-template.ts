import type { RenderTemplateRequest, UploadResponse } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/templates/{id}/render: the server draws the picture with the profile's details and
 * these words, and stores it as the caller's upload (201 { url, width, height, bytes }).
 */
export function renderTemplate({ id, body }: { id: string; body: RenderTemplateRequest }): Promise<UploadResponse> {
  return api.post<UploadResponse>(`/api/templates/${encodeURIComponent(id)}/render`, body);
}

export function useRenderTemplate() {
  return useMutation({ mutationFn: renderTemplate });
}
