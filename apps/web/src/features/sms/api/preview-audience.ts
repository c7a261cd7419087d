import type { CampaignChannel, SmsAudience, SmsAudiencePreview } from '@aaspaas/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { smsKeys } from './sms-keys';

/** Who an audience reaches on the channel(s) and who it leaves out (no consent, opted out, no WhatsApp), counted by the server. */
export function previewAudience(
  audience: SmsAudience,
  channel: CampaignChannel,
  signal?: AbortSignal,
): Promise<SmsAudiencePreview> {
  return api.post<SmsAudiencePreview>('/api/sms/campaigns/audience', { audience, channel }, { signal });
}

export function useAudiencePreview(audience: SmsAudience, enabled: boolean, channel: CampaignChannel = 'sms') {
  return useQuery(
    queryOptions({
      queryKey: [...smsKeys.audience(audience), channel],
      queryFn: ({ signal }) => previewAudience(audience, channel, signal),
      enabled,
      placeholderData: keepPreviousData,
    }),
  );
}
