import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helper';
import { startLocalSmtp } from './local-smtp';

const message = {
  to: 'owner@example.in',
  subject: 'Namaste from Aaspaas',
  text: 'Plain text body',
  html: '<p>HTML <b>body</b></p>',
};

describe('mail over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Aaspaas <no-reply@aaspaas.test>' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('delivers text and HTML to the SMTP server from MAIL_FROM, and writes no outbox file', async () => {
    await app.mailService.send(message);
    const mail = await smtp.next();
    expect(mail.subject).toBe(message.subject);
    expect(mail.from?.address).toBe('no-reply@aaspaas.test');
    expect(mail.envelopeFrom).toBe('no-reply@aaspaas.test');
    expect(mail.envelopeTo).toEqual(['owner@example.in']);
    expect(mail.text?.trim()).toBe('Plain text body');
    expect(mail.html).toContain('<p>HTML <b>body</b></p>');
    expect(fs.existsSync(app.mailService.outboxDir)).toBe(false);
  });

  it('rejects when the server refuses, so a caller can log it', async () => {
    const broken = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      await expect(broken.mailService.send(message)).rejects.toThrow();
    } finally {
      await broken.close();
    }
  });
});

describe('mail to the local outbox (SMTP_URL unset)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('writes each message as an .eml file under DATA_DIR/outbox', async () => {
    expect(app.mailService.outboxDir).toBe(path.join(app.config.dataDir, 'outbox'));
    await app.mailService.send(message);
    await app.mailService.send({ ...message, subject: 'Second one' });
    const files = fs.readdirSync(app.mailService.outboxDir).sort();
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/\.eml$/);
    const raw = files.map((f) => fs.readFileSync(path.join(app.mailService.outboxDir, f), 'utf8')).join('\n');
    expect(raw).toContain('Subject: Namaste from Aaspaas');
    expect(raw).toContain('Subject: Second one');
    expect(raw).toContain('To: owner@example.in');
    expect(raw).toContain('Plain text body');
  });
});
