import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { writeFileWhole } from '#src/lib/write-file-whole';
import { type OtpMessage, type OtpSender, otpSubmission } from './otp-sender';

/**
 * The local SMS outbox used while no SMS provider is configured: one JSON file per message in
 * DATA_DIR/sms-outbox, readable by the server's user only, because a code in it is a credential.
 * The log names the file, never the text.
 */
export function createSmsOutboxSender(deps: { dataDir: string; log: FastifyBaseLogger }): OtpSender & { outboxDir: string } {
  const outboxDir = path.join(deps.dataDir, 'sms-outbox');
  return {
    outboxDir,
    async send(message: OtpMessage) {
      const id = randomUUID();
      // The outbox keeps the number as gateways take it (91 and the 10 digits).
      const record = {
        id,
        ...otpSubmission(message),
        to: message.to,
        createdAt: new Date().toISOString(),
      };
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await fs.chmod(outboxDir, 0o700);
      const file = path.join(outboxDir, `${id}.json`);
      await writeFileWhole(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, exclusive: true });
      deps.log.info({ file, templateId: message.templateId }, 'SMS written to the local outbox (no SMS provider is set)');
    },
  };
}
