import type { DltHeader, DltHeaderInput, DltSetup, DltTemplate, DltTemplateInput } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { smsKeys } from './sms-keys';
import { refetchAfterChange } from '@/lib/query-client';

/** The DLT set-up's changes: the entity ID, a header or a template added or removed; each refreshes the set-up. */
export type DltChange =
  | { kind: 'entity'; entityId: string }
  | { kind: 'addHeader'; body: DltHeaderInput }
  | { kind: 'removeHeader'; id: string }
  | { kind: 'addTemplate'; body: DltTemplateInput }
  | { kind: 'removeTemplate'; id: string };

export function saveDlt(change: DltChange): Promise<unknown> {
  switch (change.kind) {
    case 'entity':
      return api.put<DltSetup>('/api/sms/dlt/entity', { entityId: change.entityId });
    case 'addHeader':
      return api.post<DltHeader>('/api/sms/dlt/headers', change.body);
    case 'removeHeader':
      return api.delete(`/api/sms/dlt/headers/${encodeURIComponent(change.id)}`);
    case 'addTemplate':
      return api.post<DltTemplate>('/api/sms/dlt/templates', change.body);
    case 'removeTemplate':
      return api.delete(`/api/sms/dlt/templates/${encodeURIComponent(change.id)}`);
  }
}

export function useSaveDlt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDlt, onSuccess: () => refetchAfterChange(queryClient, smsKeys.dlt()) });
}
