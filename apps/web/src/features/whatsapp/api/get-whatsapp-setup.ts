import type { WhatsAppSetup } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { whatsappKeys } from './whatsapp-keys';

export function getWhatsAppSetup(signal?: AbortSignal): Promise<WhatsAppSetup> {
  return api.get<WhatsAppSetup>('/api/whatsapp/setup', { signal });
}

export function useWhatsAppSetup() {
  return useQuery(queryOptions({ queryKey: whatsappKeys.setup(), queryFn: ({ signal }) => getWhatsAppSetup(signal) }));
}
