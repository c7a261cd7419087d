import type { AuthResponse } from '@aaspaas/domain';
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { registerAndSignIn } from '../fixtures/auth-page';
import { shoot } from '../fixtures/screenshots';
import { linkIn, waitForMail } from '../fixtures/smtp-inbox';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// An SMS campaign on a phone, through the server's built-in local gateway (each message a file in
// DATA_DIR/sms-outbox/, delivery reports made by it): set up DLT, send to tagged contacts who agreed,
// watch it complete, find the messages in SMS history.

const OUTBOX = path.join(import.meta.dirname, '..', '.data', 'sms-outbox');

type OutboxMessage = { to: string; header: string; templateId: string; text: string; encoding: string; parts: number };

/** axe on the screen itself: toasts (checked where they are made) are closed first, as a person would. */
async function axeClean(page: Page): Promise<string[]> {
  // A toast already closing (data-removed) goes by itself; only the others need their close button.
  const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  // A stacked toast is never "stable" for a click while the stack animates: the close button's own event instead.
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

function outboxFor(numbers: string[]): OutboxMessage[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(OUTBOX, f), 'utf8')) as OutboxMessage)
    .filter((m) => numbers.some((n) => m.to.endsWith(n)));
}

test('set up a template, send a campaign to tagged contacts, watch it complete, find the messages in SMS history', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAndSignIn(page, request);
  const login = await request.post('/api/auth/login', { data: { username: owner.email, password: owner.password } });
  const { token } = (await login.json()) as AuthResponse;
  const headers = { authorization: `Bearer ${token}` };
  // The welcome credit pays for messages once the address is confirmed (docs/product.md §10).
  const mail = await waitForMail(owner.email, 20_000, (m) => m.subject.startsWith('Confirm your email'));
  const verifyToken = new URL(linkIn(mail, '/verify-email?token=')).searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token: verifyToken } })).status()).toBe(200);
  // Numbers of this test only, so other tests' messages in the shared outbox never count.
  const stem = String(Date.now()).slice(-4);
  const agreed = ['1', '2', '3'].map((d) => `98${stem}000${d}`);
  const contacts = [
    ...agreed.map((mobileNumber, i) => ({
      name: `Customer ${i + 1}`,
      mobileNumber,
      tags: ['diwali'],
      consent: true,
      consentChannel: 'in_person',
    })),
    { name: 'Never agreed', mobileNumber: `98${stem}0004`, tags: ['diwali'] },
    { name: 'Other tag', mobileNumber: `98${stem}0005`, tags: ['wholesale'], consent: true, consentChannel: 'in_person' },
  ];
  for (const data of contacts) {
    const res = await request.post('/api/contacts', { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  }

  // DLT set-up.
  await page.goto('/campaigns');
  await expect(page.getByTestId('setup-needed')).toBeVisible();
  await page.getByRole('button', { name: 'Open sender set-up' }).click();
  await page.getByLabel('Entity ID', { exact: true }).fill('1101160000000000001');
  await page.getByRole('button', { name: 'Save entity ID' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Entity ID saved' })).toBeVisible();
  await page.getByLabel('Type', { exact: true }).selectOption('transactional');
  await page.getByLabel('Header', { exact: true }).fill('shrmak');
  await page.getByRole('button', { name: 'Add header' }).click();
  await expect(page.getByTestId('dlt-headers')).toContainText('SHRMAK');
  await page.getByRole('button', { name: 'Add template' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Order ready');
  await page.getByLabel('Category', { exact: true }).selectOption('transactional');
  await page
    .getByLabel('Text as registered', { exact: true })
    .fill('Dear {#var#}, your order {#var#} is ready at Sharma Kirana.');
  await expect(page.getByTestId('segment-counter').first()).toContainText('GSM-7 · 1 part');
  await page.getByLabel('DLT template ID', { exact: true }).fill('1107160000000000001');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByTestId('dlt-templates')).toContainText('Order ready');
  expect(await axeClean(page)).toEqual([]);
  await shoot(page, 'sms-setup-mobile.png');

  // The campaign.
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByRole('button', { name: 'New campaign' }).first().click();
  await page.getByLabel('Campaign name', { exact: true }).fill('Orders ready');
  await page.getByRole('radio', { name: /Customers with tags/ }).check();
  await page.getByRole('button', { name: 'diwali' }).click();
  await expect(page.getByTestId('audience-count')).toContainText('3 customers will get it');
  await expect(page.getByTestId('audience-count')).toContainText('1 left out: 1 never agreed, 0 opted out');
  expect(await axeClean(page)).toEqual([]);
  await page.getByRole('button', { name: /^Next/ }).click();
  await page.getByRole('radio', { name: /Order ready/ }).check();
  await page.getByRole('radiogroup', { name: 'Variable 1' }).getByRole('radio', { name: "Customer's name" }).check();
  await page.getByLabel('Text for variable 2', { exact: true }).fill('A-17');
  await page.getByRole('button', { name: /^Next/ }).click();
  const preview = page.getByTestId('campaign-preview');
  await expect(preview).toContainText(/Dear Customer \d, your order A-17 is ready at Sharma Kirana\./);
  const cost = page.getByTestId('campaign-cost');
  await expect(cost).toContainText('3 recipients × 1 part × ');
  const total = (await page.getByTestId('campaign-cost-total').textContent()) ?? '';
  expect(await axeClean(page)).toEqual([]);
  await shoot(page, 'sms-wizard-review-mobile.png');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${total} will be reserved from your wallet now for 3 messages`);
  await dialog.getByRole('button', { name: /^Send and pay/ }).click();

  // Live progress until every message is delivered.
  const card = page.getByTestId('campaign-card').filter({ hasText: 'Orders ready' });
  await expect(card.getByTestId('progress-delivered')).toHaveText('Delivered3', { timeout: 120_000 });
  await expect(card.getByTestId('campaign-status')).toHaveText('Completed');
  await shoot(page, 'sms-campaigns-mobile.png');

  // What reached the gateway: only the three who agreed, with the registered header and template.
  const sent = outboxFor([...agreed, `98${stem}0004`, `98${stem}0005`]);
  expect(sent).toHaveLength(3);
  for (const m of sent) {
    expect(m.header).toBe('SHRMAK');
    expect(m.templateId).toBe('1107160000000000001');
    expect(m.text).toMatch(/^Dear Customer \d, your order A-17 is ready at Sharma Kirana\.$/);
    expect([m.encoding, m.parts]).toEqual(['GSM-7', 1]);
  }

  // SMS history.
  await page.goto('/sms-history');
  await expect(page.getByTestId('sms-row')).toHaveCount(3);
  await expect(page.getByTestId('sms-row').first()).toContainText('Orders ready · Order ready · 1 part');
  await page.getByLabel('Mobile number', { exact: true }).fill(agreed[1]!);
  await page.getByRole('button', { name: 'Search number' }).click();
  await expect(page.getByTestId('sms-row')).toHaveCount(1);
  await expect(page.getByTestId('sms-row')).toContainText('Delivered');
  expect(await axeClean(page)).toEqual([]);
  await shoot(page, 'sms-history-mobile.png');

  // The home screen counts them.
  await page.goto('/app');
  await expect(page.getByTestId('stat-sent-sms')).toContainText('3');
});
