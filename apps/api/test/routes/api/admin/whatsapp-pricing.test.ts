import { DEFAULT_WHATSAPP_PRICES_PAISE } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../../helper';

const ADMIN = 'whatsapp-prices-admin@aaspaas.in';

describe('WhatsApp prices per category (admin)', () => {
  let app: TestApp;
  let admin: { authorization: string };
  let business: { authorization: string };

  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await authHeader(app, await createBusiness(app.db, { username: ADMIN, emailVerifiedAt: new Date() }));
    business = await authHeader(app, await createBusiness(app.db));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('starts at the start values, keeps every change with who and when, and audits it', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/admin/pricing/whatsapp', headers: admin });
    expect(start.statusCode).toBe(200);
    expect(start.json().current).toEqual([
      { category: 'MARKETING', pricePaise: DEFAULT_WHATSAPP_PRICES_PAISE.MARKETING, changedAt: null, changedBy: null },
      { category: 'UTILITY', pricePaise: DEFAULT_WHATSAPP_PRICES_PAISE.UTILITY, changedAt: null, changedBy: null },
      { category: 'AUTHENTICATION', pricePaise: DEFAULT_WHATSAPP_PRICES_PAISE.AUTHENTICATION, changedAt: null, changedBy: null },
    ]);
    const before = new Date();
    for (const pricePaise of [85, 80]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/pricing/whatsapp',
        headers: admin,
        payload: { category: 'MARKETING', pricePaise },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ category: 'MARKETING', pricePaise, changedBy: ADMIN });
    }
    const after = (await app.inject({ method: 'GET', url: '/api/admin/pricing/whatsapp', headers: admin })).json();
    expect(after.current[0]).toMatchObject({ category: 'MARKETING', pricePaise: 80 });
    expect(after.current[1]).toMatchObject({ category: 'UTILITY', pricePaise: DEFAULT_WHATSAPP_PRICES_PAISE.UTILITY });
    expect(after.history.map((p: { pricePaise: number }) => p.pricePaise)).toEqual([80, 85]);
    // A charge made before the change keeps the price of its time.
    expect((await app.whatsappPrices.prices(app.db, new Date(before.getTime() - 1))).MARKETING).toBe(
      DEFAULT_WHATSAPP_PRICES_PAISE.MARKETING,
    );
    expect((await app.whatsappPrices.prices()).MARKETING).toBe(80);
    const audit = await app.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'pricing.whatsapp'));
    expect(audit).toHaveLength(2);
  });

  it('refuses a price out of range and a business', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/admin/pricing/whatsapp',
      headers: admin,
      payload: { category: 'UTILITY', pricePaise: 100_000 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('WhatsApp price');
    const forbidden = await app.inject({
      method: 'POST',
      url: '/api/admin/pricing/whatsapp',
      headers: business,
      payload: { category: 'UTILITY', pricePaise: 10 },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
