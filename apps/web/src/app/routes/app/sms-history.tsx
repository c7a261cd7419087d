import { SmsHistoryPage } from '@/features/sms/components/sms-history-page';

/** /sms-history: every SMS the business sent, filtered, paged, exported. */
export function Component() {
  return <SmsHistoryPage />;
}
