import { SMTP_PORT } from './fixtures/services';
import { SmtpInbox } from './fixtures/smtp-inbox';

/** One SMTP inbox for the whole run (several specs read email; one port can have one server). */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const inbox = new SmtpInbox();
  await inbox.start(SMTP_PORT);
  return () => inbox.stop();
}
