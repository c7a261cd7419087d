import { campaignWindowApplies, nextSmsWindowStart, type SmsCampaign, windowApplies, type DltCategory } from '@aaspaas/domain';

/**
 * When a campaign of `category` asked to start at `asked` really starts: the next 10:00 India time
 * for a promotional or service-explicit one asked outside 10:00–21:00, else `asked` itself.
 */
export function sendingStartsAt(category: DltCategory, asked: Date): Date {
  return windowApplies(category) ? nextSmsWindowStart(asked) : asked;
}

/** When a campaign asked to start at `asked` really starts: its SMS category or a WhatsApp MARKETING template may hold it to the window. */
export function campaignStartsAt(campaign: Pick<SmsCampaign, 'channel' | 'template' | 'whatsappTemplate'>, asked: Date): Date {
  const applies = campaignWindowApplies({
    channel: campaign.channel,
    category: campaign.template?.category ?? null,
    whatsappCategory: campaign.whatsappTemplate?.category ?? null,
  });
  return applies ? nextSmsWindowStart(asked) : asked;
}
