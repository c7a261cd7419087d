import type { Language, TemplateTextArea } from '@aaspaas/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A draft's picture; `language` picks the sample details (discount and date words) it is filled with. */
export type TemplateDraft = {
  backgroundUrl: string;
  text: string;
  textColor: string;
  textArea: TemplateTextArea;
  language: Language;
};

export function previewAdminTemplate(draft: TemplateDraft, signal?: AbortSignal): Promise<{ image: string }> {
  return api.post<{ image: string }>('/api/admin/templates/preview', draft, { signal });
}

/** The draft drawn by the server's renderer, the one businesses get; `draft` should be debounced. */
export function useTemplatePreview(draft: TemplateDraft | null) {
  return useQuery({
    queryKey: ['admin-content', 'template-preview', draft],
    queryFn: ({ signal }) => previewAdminTemplate(draft!, signal),
    enabled: draft !== null,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    retry: false,
  });
}
