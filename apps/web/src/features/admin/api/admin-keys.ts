import type {
  AdminAuditQuery,
  AdminCampaignListQuery,
  AdminPostListQuery,
  AdminSmsHistoryQuery,
  AdminUserListQuery,
} from '@aaspaas/domain';

/** Query keys of the admin area; every moderation action invalidates `all` (lists, queue, log). */
export const adminKeys = {
  all: ['admin'] as const,
  posts: (filters: Omit<AdminPostListQuery, 'cursor'>) => ['admin', 'posts', filters] as const,
  users: (filters: Omit<AdminUserListQuery, 'cursor'>) => ['admin', 'users', filters] as const,
  audit: (filters: Omit<AdminAuditQuery, 'cursor'>) => ['admin', 'audit', filters] as const,
  activity: () => ['admin', 'activity'] as const,
  campaigns: (filters: Omit<AdminCampaignListQuery, 'cursor'>) => ['admin', 'campaigns', filters] as const,
  smsHistory: (filters: Omit<AdminSmsHistoryQuery, 'cursor'>) => ['admin', 'sms-history', filters] as const,
};
