import { CampaignsPage } from '@/features/sms/components/campaigns-page';

/** /campaigns: SMS campaigns, the new-campaign wizard and the DLT sender set-up. */
export function Component() {
  return <CampaignsPage />;
}
