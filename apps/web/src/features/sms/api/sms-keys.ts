/** Query keys of the SMS feature. */
export const smsKeys = {
  all: ['sms'] as const,
  dlt: () => ['sms', 'dlt'] as const,
  campaigns: () => ['sms', 'campaigns'] as const,
  campaign: (id: string) => ['sms', 'campaigns', id] as const,
  audience: (body: unknown) => ['sms', 'audience', body] as const,
  quote: (body: unknown) => ['sms', 'quote', body] as const,
  history: (filters: unknown) => ['sms', 'history', filters] as const,
};

/** The home screen's figures count SMS sent, and a campaign moves the wallet. */
export const AFFECTED_BY_SENDING = [['user', 'stats'], ['wallet']] as const;
