import fs from 'node:fs';
import path from 'node:path';
import { registerAndSignIn } from '../fixtures/auth-page';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// WhatsApp on a phone through the server's built-in stand-in (no Meta account; each message a file in
// DATA_DIR/whatsapp-outbox/): connect a number, see its templates, a customer writes, the business answers.

const OUTBOX = path.join(import.meta.dirname, '..', '.data', 'whatsapp-outbox');

test('connect WhatsApp, receive a customer’s message in the inbox and answer it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await registerAndSignIn(page, request);
  // A phone-number id of this test only: one number belongs to one business.
  const phoneNumberId = String(Date.now()).slice(-12);
  const customer = `98${phoneNumberId.slice(-8)}`;

  await page.goto('/campaigns?view=setup');
  const section = page.getByTestId('whatsapp-setup');
  await section.getByLabel('Phone number ID').fill(phoneNumberId);
  await section.getByLabel('WhatsApp Business Account ID').fill('102290129340398');
  await section.getByLabel('Access token').fill('EAAGe2estandintoken0123456789');
  await section.getByRole('button', { name: 'Connect and check' }).click();
  await expect(section.getByText(/^Connected:/)).toBeVisible();
  await expect(section.getByTestId('whatsapp-templates')).toContainText('weekly_offer');
  await expect(page.getByText('WhatsApp connected')).toBeVisible();
  await page
    .locator('[data-sonner-toast] [data-close-button]')
    .first()
    .dispatchEvent('click')
    .catch(() => undefined);
  await expect(page.locator('[data-sonner-toast]:not([data-removed="true"])')).toHaveCount(0, { timeout: 20_000 });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/inbox');
  await page.getByText('Practice: a customer writes to you').click();
  await page.getByLabel("Customer's mobile number").fill(customer);
  await page.getByLabel('Their message').fill('Is the red saree still there?');
  await page.getByRole('button', { name: 'Receive this message' }).click();
  const conversation = page.getByTestId('conversations').getByRole('link').first();
  await expect(conversation).toContainText('Is the red saree still there?');
  await expect(conversation.getByLabel('1 new message')).toBeVisible();

  await conversation.click();
  await page.getByLabel('Your reply').fill('Yes, come by today!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByTestId('thread')).toContainText('Yes, come by today!');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expect
    .poll(() =>
      fs.existsSync(OUTBOX)
        ? fs
            .readdirSync(OUTBOX)
            .filter((f) => f.endsWith('.json'))
            .map((f) => JSON.parse(fs.readFileSync(path.join(OUTBOX, f), 'utf8')) as { to: string; text?: string })
            .filter((m) => m.to === `91${customer}`).length
        : 0,
    )
    .toBe(1);
});
