import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { registerAndSignIn } from '../fixtures/auth-page';
import { businessWithPosts } from '../fixtures/my-posts';
import { shoot } from '../fixtures/screenshots';
import { linkIn, waitForMail } from '../fixtures/smtp-inbox';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// "WhatsApp first, SMS for the rest" on a phone, through the server's built-in stand-ins (each WhatsApp
// message a file in DATA_DIR/whatsapp-outbox/, each SMS one in DATA_DIR/sms-outbox/, both reporting
// their statuses back): connect WhatsApp, sync its templates, send to one customer who opted in to
// WhatsApp and one with SMS consent only, pay what the review showed, see the statuses; then the
// WhatsApp customer writes about a post and the business answers.

const DATA = path.join(import.meta.dirname, '..', '.data');

function outbox(folder: string, to: string): { to: string; type?: string; name?: string; params?: string[]; text?: string }[] {
  const dir = path.join(DATA, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string })
    .filter((m) => m.to.endsWith(to));
}

/** axe on the screen itself: toasts (checked where they are made) are closed first, as a person would. */
async function axeClean(page: Page): Promise<string[]> {
  const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  await expect
    .poll(
      async () => {
        const n = await toasts.count();
        if (n > 0)
          await toasts
            .first()
            .locator('[data-close-button]')
            .dispatchEvent('click')
            .catch(() => undefined);
        return n;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  return seriousA11yViolations(page);
}

test('WhatsApp first, SMS for the rest: one WhatsApp message and one SMS at the cost seen, then an enquiry about a post answered', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAndSignIn(page, request);
  // The welcome credit pays for messages once the address is confirmed (docs/product.md §10).
  const mail = await waitForMail(owner.email, 20_000, (m) => m.subject.startsWith('Confirm your email'));
  const verifyToken = new URL(linkIn(mail, '/verify-email?token=')).searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token: verifyToken } })).status()).toBe(200);
  const { token, ids } = await businessWithPosts(request, owner, [
    { content: 'Red silk sarees at festive prices', category: 'Sweets' },
  ]);
  const headers = { authorization: `Bearer ${token}` };
  // Numbers and a phone-number id of this test only (one number belongs to one business).
  const stem = String(Date.now()).slice(-6);
  const onWhatsApp = `97${stem}01`;
  const smsOnly = `97${stem}02`;
  for (const data of [
    {
      name: 'Asha Devi',
      mobileNumber: onWhatsApp,
      tags: ['festive'],
      consent: true,
      consentChannel: 'in_person',
      whatsappConsent: true,
    },
    { name: 'Ravi Kumar', mobileNumber: smsOnly, tags: ['festive'], consent: true, consentChannel: 'in_person' },
  ]) {
    const res = await request.post('/api/contacts', { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }
  // The DLT set-up for the SMS side (its screens are sms-campaign.spec.ts's).
  expect((await request.put('/api/sms/dlt/entity', { headers, data: { entityId: '1101160000000000001' } })).status()).toBe(200);
  const header = await request.post('/api/sms/dlt/headers', { headers, data: { header: 'SHRMAK', category: 'transactional' } });
  expect(header.status()).toBe(201);
  const template = await request.post('/api/sms/dlt/templates', {
    headers,
    data: {
      name: 'Order ready',
      headerId: ((await header.json()) as { id: string }).id,
      category: 'transactional',
      dltTemplateId: '1107160000000000001',
      text: 'Dear {#var#}, your order {#var#} is ready at Sharma Kirana.',
    },
  });
  expect(template.status(), await template.text()).toBe(201);

  // Connect the stand-in and sync its templates.
  await page.goto('/campaigns?view=setup');
  const section = page.getByTestId('whatsapp-setup');
  await section.getByLabel('Phone number ID').fill(`55${stem}${String(Date.now()).slice(-4)}`);
  await section.getByLabel('WhatsApp Business Account ID').fill('102290129340398');
  await section.getByLabel('Access token').fill('EAAGe2estandintoken0123456789');
  await section.getByRole('button', { name: 'Connect and check' }).click();
  await expect(section.getByText(/^Connected:/)).toBeVisible();
  await section.getByRole('button', { name: 'Sync templates' }).click();
  await expect(page.getByText('Templates synced')).toBeVisible();
  await expect(section.getByTestId('whatsapp-templates')).toContainText('order_ready');

  // The campaign: WhatsApp first, SMS for the rest.
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByRole('button', { name: 'New campaign' }).first().click();
  await page.getByLabel('Campaign name', { exact: true }).fill('Festive orders');
  await page.getByRole('radio', { name: /WhatsApp first, SMS for the rest/ }).check();
  await page.getByRole('radio', { name: /Customers with tags/ }).check();
  await page.getByRole('button', { name: 'festive' }).click();
  const count = page.getByTestId('audience-count');
  await expect(count).toContainText('2 customers will get it');
  await expect(count).toContainText('1 by WhatsApp, 1 by SMS');
  expect(await axeClean(page)).toEqual([]);
  await page.getByRole('button', { name: /^Next/ }).click();

  const whatsapp = page.getByRole('region', { name: 'WhatsApp message' });
  await whatsapp.getByRole('radio', { name: /order_ready/ }).check();
  await whatsapp.getByRole('radiogroup', { name: 'Variable 1' }).getByRole('radio', { name: "Customer's first name" }).check();
  await whatsapp.getByLabel('Text for variable 2', { exact: true }).fill('A-17');
  await expect(page.getByTestId('whatsapp-sample')).toContainText('your order A-17 is ready');
  const sms = page.getByRole('region', { name: 'SMS for the rest' });
  await sms.getByRole('radio', { name: /Order ready/ }).check();
  await sms.getByRole('radiogroup', { name: 'Variable 1' }).getByRole('radio', { name: "Customer's name" }).check();
  await sms.getByLabel('Text for variable 2', { exact: true }).fill('A-17');
  await shoot(page, 'whatsapp-campaign-message-mobile.png');
  await page.getByRole('button', { name: /^Next/ }).click();

  await expect(page.getByTestId('campaign-whatsapp-preview')).toContainText('Hello Asha, your order A-17 is ready to collect.');
  await expect(page.getByTestId('campaign-preview')).toContainText('Dear Ravi Kumar, your order A-17 is ready at Sharma Kirana.');
  await expect(page.getByTestId('campaign-cost-whatsapp')).toContainText('WhatsApp: 1 × ');
  await expect(page.getByTestId('campaign-cost-sms')).toContainText('SMS to 1: 1 part × ');
  await expect(page.getByTestId('campaign-fallback-note')).toBeVisible();
  const total = (await page.getByTestId('campaign-cost-total').textContent()) ?? '';
  const before = ((await (await request.get('/api/wallet', { headers })).json()) as { balancePaise: number }).balancePaise;
  expect(await axeClean(page)).toEqual([]);
  await shoot(page, 'whatsapp-campaign-review-mobile.png');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${total} will be reserved from your wallet now for 2 messages`);
  await dialog.getByRole('button', { name: /^Send and pay/ }).click();

  // Statuses come back: both delivered.
  const card = page.getByTestId('campaign-card').filter({ hasText: 'Festive orders' });
  await expect(card.getByTestId('progress-delivered')).toHaveText('Delivered2', { timeout: 120_000 });
  await expect(card.getByTestId('campaign-status')).toHaveText('Completed');
  await expect(card).toContainText('WhatsApp first, SMS for the rest');
  await shoot(page, 'whatsapp-campaign-card-mobile.png');
  // The cost seen is the cost charged.
  const after = ((await (await request.get('/api/wallet', { headers })).json()) as { balancePaise: number }).balancePaise;
  const charged = `₹${((before - after) / 100).toFixed(2)}`;
  expect(total.replace(/\.00$/, '')).toBe(charged.replace(/\.00$/, ''));
  // One WhatsApp template message to the customer who opted in, one SMS to the other; nothing else.
  const waSent = outbox('whatsapp-outbox', onWhatsApp);
  expect(waSent).toHaveLength(1);
  expect(waSent[0]).toMatchObject({ type: 'template', name: 'order_ready', params: ['Asha', 'A-17'] });
  expect(outbox('whatsapp-outbox', smsOnly)).toHaveLength(0);
  expect(outbox('sms-outbox', smsOnly)).toHaveLength(1);
  expect(outbox('sms-outbox', onWhatsApp)).toHaveLength(0);

  // The message history, WhatsApp only.
  await page.goto('/sms-history');
  await page.getByLabel('Channel', { exact: true }).selectOption('whatsapp');
  await expect(page.getByTestId('sms-row')).toHaveCount(1);
  await expect(page.getByTestId('sms-row')).toContainText('WhatsApp');
  await expect(page.getByTestId('sms-row')).toContainText('Delivered');
  expect(await axeClean(page)).toEqual([]);
  await shoot(page, 'whatsapp-message-history-mobile.png');

  // The customer answers about the post (its reference in the text, as the feed's WhatsApp button writes it).
  await page.goto('/inbox');
  await page.getByText('Practice: a customer writes to you').click();
  await page.getByLabel("Customer's mobile number").fill(onWhatsApp);
  await page.getByLabel('Their message').fill(`Is the red saree still there? Ref P-${ids[0]!.slice(0, 8)}`);
  await page.getByRole('button', { name: 'Receive this message' }).click();
  const conversation = page.getByTestId('conversations').getByRole('link').first();
  await expect(conversation).toContainText('Is the red saree still there?');
  await expect(conversation).toContainText('About one of your posts');
  await conversation.click();
  await page.getByLabel('Your reply').fill('Yes, come by today!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByTestId('thread')).toContainText('Yes, come by today!');
  expect(await axeClean(page)).toEqual([]);
  await shoot(page, 'whatsapp-inbox-reply-mobile.png');
  await expect.poll(() => outbox('whatsapp-outbox', onWhatsApp).length).toBe(2);
});
