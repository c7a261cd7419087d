// Placeholder shapes until the domain's SMS contracts land; replaced by imports from @aaspaas/domain.
export type SmsCategory = 'promotional' | 'transactional' | 'service-implicit' | 'service-explicit';
export const SMS_CATEGORIES: readonly SmsCategory[] = ['promotional', 'transactional', 'service-implicit', 'service-explicit'];
export type SmsHeader = { id: string; header: string; category: SmsCategory; createdAt: string };
export type SmsTemplate = {
  id: string;
  name: string;
  headerId: string;
  category: SmsCategory;
  text: string;
  dltTemplateId: string;
  createdAt: string;
};
export type DltSetup = { entityId: string | null; headers: SmsHeader[]; templates: SmsTemplate[] };

export type CampaignStatus =
  | 'draft'
  | 'scheduled'
  | 'waiting-for-window'
  | 'running'
  | 'paused'
  | 'cancelled'
  | 'completed'
  | 'stopped-by-admin';
export type Audience = { kind: 'all' } | { kind: 'tags'; tags: string[] };
export type VariableValue = { kind: 'text'; value: string } | { kind: 'field'; field: 'name' };
export type CampaignInput = {
  name: string;
  templateId: string;
  audience: Audience;
  variables: VariableValue[];
  scheduledAt: string | null;
};
export type AudiencePreview = { count: number; leftOut: { noConsent: number; optedOut: number } };
export type CampaignQuote = {
  recipients: number;
  parts: number;
  pricePaise: number;
  costPaise: number;
  balancePaise: number;
  preview: { name: string; mobileNumber: string; text: string } | null;
  startsAt: string;
};
export type CampaignCounts = { queued: number; submitted: number; delivered: number; failed: number; expired: number };
export type Campaign = {
  id: string;
  name: string;
  templateId: string;
  templateName: string;
  status: CampaignStatus;
  recipients: number;
  counts: CampaignCounts;
  costPaise: number;
  scheduledAt: string | null;
  startsAt: string | null;
  stopReason: string | null;
  createdAt: string;
};
export type CampaignList = { campaigns: Campaign[]; nextCursor: string | null };

export const SMS_MESSAGE_STATUSES = ['queued', 'submitted', 'delivered', 'failed', 'expired'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];
export type SmsHistoryFilters = { campaignId?: string; status?: SmsMessageStatus; from?: string; to?: string; number?: string };
export type SmsHistoryRow = {
  id: string;
  mobileNumber: string;
  campaignId: string;
  campaignName: string;
  templateName: string;
  parts: number;
  costPaise: number;
  status: SmsMessageStatus;
  createdAt: string;
};
export type SmsHistoryPage = { messages: SmsHistoryRow[]; nextCursor: string | null };
