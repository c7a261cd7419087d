import { CampaignsPage } from '@/features/sms/components/campaigns-page';
import { WhatsAppSetupSection } from '@/features/whatsapp/components/whatsapp-setup-section';

/** /campaigns: SMS campaigns, the new-campaign wizard and the sender set-up (DLT, and WhatsApp below it). */
export function Component() {
  return <CampaignsPage otherChannels={<WhatsAppSetupSection />} />;
}
