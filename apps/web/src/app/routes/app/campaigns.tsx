import { CampaignsPage } from '@/features/sms/components/campaigns-page';
import { useWhatsAppSetup } from '@/features/whatsapp/api/get-whatsapp-setup';
import { WhatsAppSetupSection } from '@/features/whatsapp/components/whatsapp-setup-section';

/**
 * /campaigns: campaigns, the new-campaign wizard and the sender set-up (DLT, and WhatsApp below it).
 * A connected WhatsApp number's approved templates let the wizard send by WhatsApp too.
 */
export function Component() {
  const whatsapp = useWhatsAppSetup();
  const templates = whatsapp.data?.connection ? whatsapp.data.templates.filter((t) => t.status === 'APPROVED') : [];
  return <CampaignsPage otherChannels={<WhatsAppSetupSection />} whatsappTemplates={templates} />;
}
