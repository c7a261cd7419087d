import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Audience, AudiencePreview } from './draft-contract';
import { smsKeys } from './sms-keys';

/** Who an audience reaches and who it leaves out (no consent, opted out), counted by the server. */
export function previewAudience(audience: Audience, signal?: AbortSignal): Promise<AudiencePreview> {
  return api.post<AudiencePreview>('/api/sms/audience', { audience }, { signal });
}

export function useAudiencePreview(audience: Audience, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: smsKeys.audience(audience),
      queryFn: ({ signal }) => previewAudience(audience, signal),
      enabled,
      placeholderData: keepPreviousData,
    }),
  );
}
