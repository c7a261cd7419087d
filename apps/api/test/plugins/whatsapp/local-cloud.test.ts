import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMessages } from '../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../helper';

describe('WhatsApp local stand-in (npm start with no Meta account)', () => {
  let app: TestApp;
  let auth: { authorization: string };
  let shopId: string;

  async function until(check: () => Promise<boolean>, ms = 10_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    app = await buildTestApp();
    const shop = await createBusiness(app.db);
    shopId = shop.id;
    auth = await authHeader(app, shop);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('connects with any ids, syncs its templates, writes each message once and reports its statuses', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/whatsapp/connection',
      headers: auth,
      payload: { phoneNumberId: '1065403522', wabaId: '1022901293', accessToken: 'EAAGlocalstandintoken0000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().provider).toBe('local');
    expect(res.json().templates.length).toBeGreaterThanOrEqual(3);

    const account = (await app.whatsappConnections.account(shopId))!;
    const message = { type: 'text' as const, to: '919812345678', idempotencyKey: 'reply-1', text: 'Yes, in red and blue' };
    const first = await app.whatsappCloud.send(account, message);
    const again = await app.whatsappCloud.send(account, message);
    expect(first.ok && again.ok && first.value.wamid === again.value.wamid).toBe(true);
    if (!first.ok) return;
    const outbox = path.join(app.config.dataDir, 'whatsapp-outbox');
    expect(fs.readdirSync(outbox)).toEqual(['reply-1.json']);
    // The status may come before the row is written: it is kept a moment for a send still committing.
    await app.db.insert(whatsappMessages).values({
      userId: shopId,
      direction: 'out',
      waId: '919812345678',
      text: message.text,
      status: 'accepted',
      wamid: first.value.wamid,
    });
    await until(
      async () =>
        (await app.db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, first.value.wamid)))[0]?.status ===
        'delivered',
    );
  });

  it('takes a simulated customer message into the same path as the webhook’s', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/whatsapp/local/inbound',
      headers: auth,
      payload: { from: '9812345678', text: 'Price of the red saree?' },
    });
    expect(res.statusCode).toBe(204);
    const inbound = await app.db.select().from(whatsappMessages).where(eq(whatsappMessages.direction, 'in'));
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ userId: shopId, waId: '919812345678', text: 'Price of the red saree?' });
  });
});
