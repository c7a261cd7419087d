import type { Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerAndSignIn } from '../fixtures/auth-page';
import { shoot } from '../fixtures/screenshots';
import { codeSentTo } from '../fixtures/sms-outbox';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// Contacts on a phone: add at the counter, edit, delete, import, and the customer's own QR opt-in.

function toast(page: Page, title: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

test('add, edit and delete a contact; a duplicate number offers the existing one', async ({ page, request }) => {
  await registerAndSignIn(page, request);
  await page.goto('/add-contact');
  await page.getByLabel('Name', { exact: true }).fill('Meena Iyer');
  await page.getByLabel('Mobile number').fill('+91 98200 11111');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(toast(page, 'Contact added')).toBeVisible();

  await page.goto('/contacts');
  const row = page.getByRole('listitem').filter({ hasText: 'Meena Iyer' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('98200 11111');

  // The same number again, written differently.
  await page.goto('/add-contact');
  await page.getByLabel('Name', { exact: true }).fill('Meena I.');
  await page.getByLabel('Mobile number').fill('098200-11111');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByText('A contact with this mobile number already exists')).toBeVisible();
  await page.getByRole('link', { name: /open the existing contact/i }).click();
  await expect(page).toHaveURL(/\/edit-contact\//);
  // The address changes at once; the add form stays until the edit page's code is in (ADR 056), and both
  // have a Name field: the edit page, with the contact loaded, first.
  await expect(page.getByRole('heading', { name: 'Edit contact' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Meena Iyer');

  await page.getByLabel('Name', { exact: true }).fill('Meena Iyer (regular)');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(toast(page, 'Contact updated')).toBeVisible();

  await page.goto('/contacts');
  await expect(page.getByRole('listitem').filter({ hasText: 'Meena Iyer (regular)' })).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: 'Meena Iyer (regular)' }).click();
  await page
    .getByRole('button', { name: /delete/i })
    .first()
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /delete/i })
    .click();
  await expect(toast(page, 'Contact deleted')).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByRole('listitem').filter({ hasText: 'Meena Iyer' })).toHaveCount(0);
});

test('import a CSV: preview with problems, then a summary; search finds an imported contact', async ({ page, request }) => {
  await registerAndSignIn(page, request);
  const csv = [
    'Name,Phone,Email,Tags',
    'Ravi Kumar,+91 99000 22222,ravi@example.in,regular',
    'Asha Patel,099000-33333,,wholesale',
    'No Number,,,',
    'Bad Number,12345,,',
    'Ravi Again,9900022222,,',
  ].join('\n');
  const file = path.join(os.tmpdir(), `contacts-${Date.now()}.csv`);
  fs.writeFileSync(file, csv);

  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Import' }).first().click();
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('checkbox', { name: /agreed|agree/i }).check();
  await page
    .getByRole('button', { name: /import \d+|import contacts|^import$/i })
    .last()
    .click();
  const summary = page
    .getByRole('status')
    .or(page.getByRole('region', { name: /summary|result/i }))
    .first();
  await expect(summary).toContainText('2');
  await expect(page.getByText(/12345/).first()).toBeVisible();

  await page.goto('/contacts');
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('asha');
  await expect(page.getByRole('listitem').filter({ hasText: 'Asha Patel' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Ravi Kumar' })).toHaveCount(0);
});

test('a customer joins from the QR link with the code sent to their number, then opts out with another code', async ({
  page,
  request,
  browser,
}) => {
  await registerAndSignIn(page, request);
  await page.goto('/add-customer-contact');
  const link = page.getByText(/\/join\//).first();
  await expect(link).toBeVisible();
  await expect(page.locator('canvas, img[alt*="QR" i], svg[aria-label*="QR" i]').first()).toBeVisible();
  const href = (await link.textContent())?.match(/\/join\/[\w-]+/)?.[0];
  expect(href).toBeTruthy();
  await shoot(page, 'add-customer-contact-mobile.png');

  // The customer's own phone: a fresh browser, nobody signed in. Each run uses a number of its own.
  const mobile = String(9_000_000_000 + Math.floor(Math.random() * 999_999_999));
  // A context of its own (axe needs one), at the narrowest phone width the app supports.
  const customerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const customer = await customerContext.newPage();
  await customer.goto(href!);
  const joinForm = customer.getByRole('region', { name: /^Join / });
  await joinForm.getByLabel('Name', { exact: true }).fill('Farhan Shaikh');
  await joinForm.getByLabel('Mobile number').fill(mobile);
  await joinForm.getByRole('checkbox', { name: /agree/i }).check();
  await joinForm.getByRole('button', { name: 'Send code' }).click();
  await expect(joinForm.getByText(/We sent a 6-digit code by SMS/)).toBeVisible();
  const code = joinForm.getByLabel('Code from the SMS');
  await expect(code).toBeFocused();
  await expect(joinForm.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  expect(await seriousA11yViolations(customer)).toEqual([]);
  await shoot(customer, 'join-code-mobile.png');

  // A wrong code says how many tries are left; the right one, read from the SMS, joins.
  const joinCode = await codeSentTo(mobile, 1);
  await code.fill(joinCode === '000000' ? '000001' : '000000');
  await joinForm.getByRole('button', { name: 'Join' }).click();
  await expect(joinForm.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
  await code.fill(joinCode);
  await joinForm.getByRole('button', { name: 'Join' }).click();
  await expect(customer.getByText(/joined/i)).toBeVisible();

  await page.goto('/contacts');
  const row = page.getByRole('listitem').filter({ hasText: 'Farhan Shaikh' });
  await expect(row).toBeVisible();

  const optOutForm = customer.getByRole('region', { name: /^Stop messages/ });
  await optOutForm.getByLabel('Mobile number').fill(mobile);
  await optOutForm.getByRole('button', { name: 'Send code' }).click();
  await optOutForm.getByLabel('Code from the SMS').fill(await codeSentTo(mobile, 2));
  await optOutForm.getByRole('button', { name: 'Stop messages' }).click();
  await expect(customer.getByText('Your number has been removed from this business’s list.')).toBeVisible();
  expect(await seriousA11yViolations(customer)).toEqual([]);
  await customerContext.close();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Farhan Shaikh' })).toContainText(/opted out/i);
  await shoot(page, 'contacts-mobile.png');
});
