import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = Email & { envelopeTo: string[]; envelopeFrom: string | null };

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no auth required) that parses every message it
 * receives. `next()` resolves with the next message (or one already waiting).
 */
export async function startLocalSmtp() {
  const received: ReceivedMail[] = [];
  const waiters: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            const mail: ReceivedMail = {
              ...parsed,
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            };
            const waiter = waiters.shift();
            if (waiter) waiter(mail);
            else received.push(mail);
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Messages received and not yet taken by next(). */
    received,
    next(timeoutMs = 10_000): Promise<ReceivedMail> {
      const waiting = received.shift();
      if (waiting) return Promise.resolve(waiting);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiters.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
