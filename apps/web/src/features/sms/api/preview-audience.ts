import type { SmsAudience, SmsAudiencePreview } from '@aaspaas/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { smsKeys } from './sms-keys';

/** Who an audience reaches and who it leaves out (no consent, opted out), counted by the server. */
export function previewAudience(audience: SmsAudience, signal?: AbortSignal): Promise<SmsAudiencePreview> {
  return api.post<SmsAudiencePreview>('/api/sms/campaigns/audience', { audience }, { signal });
}

export function useAudiencePreview(audience: SmsAudience, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: smsKeys.audience(audience),
      queryFn: ({ signal }) => previewAudience(audience, signal),
      enabled,
      placeholderData: keepPreviousData,
    }),
  );
}
