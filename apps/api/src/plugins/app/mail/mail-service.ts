import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Env } from '#src/config/env';
import { maskEmail } from '#src/lib/personal-data';
import { writeFileWhole } from '#src/lib/write-file-whole';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The link the mail exists to carry (a password or verification link). Logged only when the mail
   * goes to the local outbox outside production, so whoever runs the app on a laptop can open it;
   * never logged when a mail server delivers it, nor in production.
   */
  link?: string;
};

/**
 * Outgoing mail. Production sends through `SMTP_URL`; without it each message is written as an .eml
 * file (openable by any mail client) so a person running the app locally can still follow a link.
 */
export function createMailService(deps: { config: Env; log: FastifyBaseLogger }) {
  const { log } = deps;
  const { SMTP_URL, MAIL_FROM, NODE_ENV, dataDir, LOG_PERSONAL_DATA } = deps.config;
  const loggedTo = (to: string) => (LOG_PERSONAL_DATA ? to : maskEmail(to));
  const outboxDir = path.join(dataDir, 'outbox');

  const smtp = SMTP_URL ? nodemailer.createTransport(SMTP_URL) : null;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Callers may send without awaiting (so timing reveals nothing); closing waits for those sends.
  const inFlight = new Set<Promise<void>>();

  /** Sends one message: by SMTP when SMTP_URL is set, else into the local outbox (DATA_DIR/outbox). */
  function send(message: MailMessage): Promise<void> {
    const sending = deliver(message).finally(() => inFlight.delete(sending));
    inFlight.add(sending);
    return sending;
  }

  async function deliver(message: MailMessage) {
    const { link, ...content } = message;
    const envelope = { from: MAIL_FROM, ...content };
    if (smtp) {
      await smtp.sendMail(envelope);
      log.info({ to: loggedTo(message.to), subject: message.subject }, 'mail sent');
      return;
    }
    const info = await outbox.sendMail(envelope);
    // The mails hold live links: readable by the server's user only.
    await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
    await fs.chmod(outboxDir, 0o700);
    const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    await writeFileWhole(file, info.message as Buffer, { mode: 0o600 });
    log.info(
      { to: loggedTo(message.to), subject: message.subject, file, ...(link && NODE_ENV !== 'production' ? { link } : {}) },
      'mail written to the local outbox (SMTP_URL is unset)',
    );
  }

  return {
    send,
    /** Where outbox mail is written when SMTP_URL is unset. */
    outboxDir,
    /** Waits for the sends in flight, then closes the transports. */
    async close() {
      await Promise.allSettled(inFlight);
      smtp?.close();
      outbox.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

declare module 'fastify' {
  interface FastifyInstance {
    mailService: MailService;
  }
}

export default fp(
  async (fastify) => {
    const mailService = createMailService({ config: fastify.config, log: fastify.log });
    fastify.addHook('onClose', () => mailService.close());
    fastify.decorate('mailService', mailService);
  },
  { name: 'mail-service', dependencies: ['env'] },
);
