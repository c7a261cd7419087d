import type { SmsCampaign, SmsProgress } from '@aaspaas/domain';
import type { SmsCampaignRow } from '#src/db/schema';

export const EMPTY_PROGRESS: SmsProgress = { queued: 0, submitted: 0, delivered: 0, failed: 0, expired: 0, cancelled: 0 };

export function toCampaign(row: SmsCampaignRow, progress: SmsProgress): SmsCampaign {
  const waiting = row.status === 'waiting-for-window' || row.status === 'scheduled';
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    stopReason: row.stopReason,
    channel: row.channel,
    template:
      row.templateName !== null && row.category !== null
        ? {
            id: row.templateId ?? '',
            name: row.templateName,
            category: row.category,
            header: row.header ?? '',
            text: row.templateText ?? '',
          }
        : null,
    whatsappTemplate:
      row.whatsappTemplateName !== null && row.whatsappCategory !== null
        ? {
            id: row.whatsappTemplateId ?? '',
            name: row.whatsappTemplateName,
            language: row.whatsappLanguage ?? '',
            category: row.whatsappCategory,
            body: row.whatsappBody ?? '',
          }
        : null,
    audience: row.audience,
    variables: row.variables,
    whatsappVariables: row.whatsappVariables,
    whatsappRecipients: row.whatsappRecipients,
    whatsappPricePaise: row.whatsappPricePaise,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sendsAt: waiting ? (row.sendsAt?.toISOString() ?? null) : null,
    recipients: row.recipients,
    totalParts: row.totalParts,
    pricePaise: row.pricePaise,
    costPaise: row.costPaise,
    refundedPaise: row.refundedPaise,
    progress,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
