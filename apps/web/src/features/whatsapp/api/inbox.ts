import type {
  SmsCampaign,
  WhatsAppConversationList,
  WhatsAppSimulatedInbound,
  WhatsAppTemplateReplyDraft,
  WhatsAppTemplateReplyInput,
  WhatsAppTemplateReplyPreview,
  WhatsAppThread,
  WhatsAppThreadMessage,
} from '@aaspaas/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refetchAfterChange } from '@/lib/query-client';
import { whatsappKeys } from './whatsapp-keys';

/** New enquiries arrive while the page is open: the list asks again this often. */
const INBOX_REFRESH_MS = 15_000;

export function useConversations() {
  return useQuery({
    queryKey: whatsappKeys.conversations(),
    queryFn: ({ signal }) => api.get<WhatsAppConversationList>('/api/whatsapp/conversations', { signal }),
    refetchInterval: INBOX_REFRESH_MS,
  });
}

export function useThread(waId: string | null) {
  return useQuery({
    queryKey: whatsappKeys.thread(waId ?? ''),
    queryFn: ({ signal }) => api.get<WhatsAppThread>(`/api/whatsapp/conversations/${encodeURIComponent(waId ?? '')}`, { signal }),
    enabled: waId !== null,
    refetchInterval: INBOX_REFRESH_MS,
  });
}

/** The local stand-in only: a customer's message to the business's number (for trying the inbox on a laptop). */
export function useSimulateInbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsAppSimulatedInbound) => api.post<null>('/api/whatsapp/local/inbound', body),
    onSuccess: () => refetchAfterChange(queryClient, whatsappKeys.conversations()),
  });
}

export function useSendReply(waId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; idempotencyKey: string }) =>
      api.post<WhatsAppThreadMessage>(`/api/whatsapp/conversations/${encodeURIComponent(waId)}/replies`, body),
    onSuccess: () => refetchAfterChange(queryClient, whatsappKeys.conversations()),
  });
}

const templateRepliesUrl = (waId: string) => `/api/whatsapp/conversations/${encodeURIComponent(waId)}/template-replies`;

/** What an approved template will say to the customer and cost (nothing is charged). */
export function useTemplateReplyPreview(waId: string) {
  return useMutation({
    mutationFn: (body: WhatsAppTemplateReplyDraft) =>
      api.post<WhatsAppTemplateReplyPreview>(`${templateRepliesUrl(waId)}/preview`, body),
  });
}

/** A paid template reply: a WhatsApp campaign of one message, charged once at the price previewed. */
export function useSendTemplateReply(waId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsAppTemplateReplyInput) => api.post<SmsCampaign>(templateRepliesUrl(waId), body),
    onSuccess: () => refetchAfterChange(queryClient, whatsappKeys.thread(waId)),
  });
}
