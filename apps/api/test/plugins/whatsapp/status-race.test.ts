import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappConnections, whatsappMessages } from '../../../src/db/schema';
import { buildTestApp, createBusiness, type TestApp } from '../../helper';

const PHONE = '106540352249999';
const MESSAGES = 300;

/**
 * The Cloud API reports a status within milliseconds of answering the send, so it races the commit
 * that stores the message (ADR 050). Here each message's row commits before, during and after the
 * webhook's handling of its status: every status must end applied however the two interleave, including
 * when the commit lands between the webhook's update (no row yet) and its look-up (the row is there),
 * which once left a campaign message "submitted" for good (about one run in three of crash.test.ts).
 */
describe('a WhatsApp status racing the commit of its message', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('is applied whichever comes first', async () => {
    const shop = await createBusiness(app.db);
    await app.db.insert(whatsappConnections).values({
      userId: shop.id,
      phoneNumberId: PHONE,
      wabaId: '102290129349999',
      accessTokenEnc: 'not-used-here',
      tokenEnding: 'here',
      displayPhoneNumber: '+91 98765 00000',
      verifiedName: 'Race Shop',
    });
    const wamids = Array.from({ length: MESSAGES }, (_, i) => `wamid.race-${String(i).padStart(4, '0')}`);
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const insert = (wamid: string, i: number) =>
      app.db.insert(whatsappMessages).values({
        userId: shop.id,
        direction: 'out',
        waId: `9198765${String(10000 + i)}`,
        text: 'Your bill is ready',
        status: 'accepted',
        wamid,
      });
    const status = (wamid: string) =>
      app.whatsappWebhook.apply([{ kind: 'status', phoneNumberId: PHONE, wamid, status: 'delivered', at: new Date() }]);
    // Lanes of one message at a time: its commit starts after 0 to 5 round trips of the database, so it
    // lands before, between and after the webhook's statements (they are round trips too).
    const LANES = 4;
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        for (let i = lane; i < MESSAGES; i += LANES) {
          const wamid = wamids[i] ?? '';
          await Promise.all([
            status(wamid),
            (async () => {
              for (let k = 0; k < i % 6; k += 1) await app.db.execute(sql`select 1`);
              await insert(wamid, i);
            })(),
          ]);
        }
      }),
    );
    // A status that came first is tried again after a second.
    const delivered = async () =>
      (
        await app.db
          .select({ status: whatsappMessages.status })
          .from(whatsappMessages)
          .where(inArray(whatsappMessages.wamid, wamids))
      ).filter((m) => m.status === 'delivered').length;
    const end = Date.now() + 8_000;
    while ((await delivered()) < MESSAGES && Date.now() < end) await pause(100);
    const left = await app.db
      .select({ wamid: whatsappMessages.wamid, status: whatsappMessages.status })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.userId, shop.id));
    expect(left.filter((m) => m.status !== 'delivered')).toEqual([]);
  }, 30_000);
});
