import { eq } from 'drizzle-orm';
import { contacts } from '../../../src/db/schema';
import type { ServerTemplate } from '../whatsapp/cloud-api-test-server';
import { createBusiness, type TestApp } from '../../helper';

/**
 * A business ready to send a transactional campaign ("Dear {#var#}, your bill is ready", the
 * contact's name): ₹1,000 credited, its DLT entity, header and template, and `recipients` consenting
 * contacts numbered from `firstNumber`.
 */
export async function billingShop(app: TestApp, recipients: number, firstNumber = 100_000_000) {
  // A confirmed address: its welcome credit pays for messages (docs/product.md §10).
  const shop = await createBusiness(app.db, { emailVerifiedAt: new Date() });
  await app.ledgerRepository.credit(app.db, {
    userId: shop.id,
    kind: 'admin_credit',
    amountPaise: 100_000,
    idempotencyKey: `c:${shop.id}`,
    note: 'test',
  });
  await app.dltRepository.setEntity(shop.id, { entityId: '1201159876543210987' });
  const header = await app.dltRepository.addHeader(shop.id, { header: 'KUMARS', category: 'transactional' });
  const template = await app.dltRepository.addTemplate(shop.id, {
    name: 'Bill',
    headerId: header.id,
    category: 'transactional',
    dltTemplateId: '1207161111111111111',
    text: 'Dear {#var#}, your bill is ready',
  });
  const rows = Array.from({ length: recipients }, (_, i) => ({
    userId: shop.id,
    name: `Customer ${i}`,
    mobileNumber: `9${String(firstNumber + i).slice(-9)}`,
    consentAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500) await app.db.insert(contacts).values(rows.slice(i, i + 500));
  const draft = {
    templateId: template.id,
    audience: { kind: 'all' as const },
    variables: [{ kind: 'field' as const, field: 'name' as const }],
  };
  return { shop, draft };
}

/** The Cloud API's approved template of whatsappShop's drafts: billingShop's text, WhatsApp's way. */
export const BILL_TEMPLATE: ServerTemplate = {
  id: '920000000000001',
  name: 'bill_ready',
  language: 'en',
  category: 'UTILITY',
  status: 'APPROVED',
  components: [{ type: 'BODY', text: 'Dear {{1}}, your bill is ready' }],
};

/**
 * billingShop's business on WhatsApp too: every contact opted in, `number` connected (its templates synced
 * from the Cloud API), and a draft of `channel` with the number's first template (the contact's name).
 */
export async function whatsappShop(
  app: TestApp,
  recipients: number,
  firstNumber: number,
  number: { phoneNumberId: string; wabaId: string; accessToken: string },
  channel: 'whatsapp' | 'whatsapp-first',
) {
  const { shop, draft } = await billingShop(app, recipients, firstNumber);
  await app.db
    .update(contacts)
    .set({ whatsappConsentAt: new Date(), whatsappConsentMethod: 'in_person', whatsappConsentProof: 'test' })
    .where(eq(contacts.userId, shop.id));
  const setup = await app.whatsappConnections.connect(shop.id, number);
  return {
    shop,
    draft: {
      ...draft,
      channel,
      templateId: channel === 'whatsapp' ? null : draft.templateId,
      whatsappTemplateId: setup.templates[0]!.id,
      whatsappVariables: [{ kind: 'field' as const, field: 'name' as const }],
    },
  };
}
