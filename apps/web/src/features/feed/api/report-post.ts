import type { ReportPostRequest } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ensureVisitorId } from '@/lib/visitor-id';

type ReportAnswer = { message: string; alreadyReported: boolean };

export async function reportPost(id: string, input: ReportPostRequest): Promise<ReportAnswer> {
  // A report counts once per server-issued visitor id: get one first if this browser has none yet.
  await ensureVisitorId();
  return api.post<ReportAnswer>(`/api/posts/${encodeURIComponent(id)}/report`, input);
}

export function useReportPost() {
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: ReportPostRequest }) => reportPost(id, input) });
}
