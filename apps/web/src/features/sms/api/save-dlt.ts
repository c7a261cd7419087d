import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SmsHeader, SmsTemplate } from './draft-contract';
import { smsKeys } from './sms-keys';

/** The DLT set-up's changes: the entity ID, a header or a template added or removed; each refreshes the set-up. */
export type DltChange =
  | { kind: 'entity'; entityId: string }
  | { kind: 'addHeader'; body: { header: string; category: string } }
  | { kind: 'removeHeader'; id: string }
  | { kind: 'addTemplate'; body: Omit<SmsTemplate, 'id' | 'createdAt'> }
  | { kind: 'removeTemplate'; id: string };

export function saveDlt(change: DltChange): Promise<unknown> {
  switch (change.kind) {
    case 'entity':
      return api.put('/api/sms/dlt/entity', { entityId: change.entityId });
    case 'addHeader':
      return api.post<SmsHeader>('/api/sms/dlt/headers', change.body);
    case 'removeHeader':
      return api.delete(`/api/sms/dlt/headers/${encodeURIComponent(change.id)}`);
    case 'addTemplate':
      return api.post<SmsTemplate>('/api/sms/dlt/templates', change.body);
    case 'removeTemplate':
      return api.delete(`/api/sms/dlt/templates/${encodeURIComponent(change.id)}`);
  }
}

export function useSaveDlt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDlt, onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKeys.dlt() }) });
}
