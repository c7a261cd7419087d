import type { WhatsAppConnectionInput, WhatsAppSetup } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refetchAfterChange } from '@/lib/query-client';
import { whatsappKeys } from './whatsapp-keys';

/** The WhatsApp set-up's changes: connect (or replace) the number, sync its templates, disconnect. */
export type WhatsAppChange = { kind: 'connect'; body: WhatsAppConnectionInput } | { kind: 'sync' } | { kind: 'disconnect' };

export function saveWhatsApp(change: WhatsAppChange): Promise<unknown> {
  switch (change.kind) {
    case 'connect':
      return api.put<WhatsAppSetup>('/api/whatsapp/connection', change.body);
    case 'sync':
      return api.post<WhatsAppSetup>('/api/whatsapp/templates/sync', {});
    case 'disconnect':
      return api.delete('/api/whatsapp/connection');
  }
}

export function useSaveWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveWhatsApp, onSuccess: () => refetchAfterChange(queryClient, whatsappKeys.setup()) });
}
