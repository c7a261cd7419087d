import { AuthPage, createOwner, newOwner } from '../fixtures/auth-page';
import { signInAsAdmin } from '../fixtures/moderation';
import { WALLET_ADMIN_EMAIL } from '../fixtures/services';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// The admin adds money to a business's wallet and takes some back, each with a reason; the business
// sees both on /wallet in plain words with the reason.

test('the admin adjusts a wallet with a reason after a confirmation; the business sees it on /wallet', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await createOwner(request, newOwner('adjusted'));
  await signInAsAdmin(page, WALLET_ADMIN_EMAIL);
  await page.goto(`/admin/users?q=${encodeURIComponent(owner.email)}`);
  const row = page.getByRole('row').filter({ hasText: owner.email });
  await expect(row).toContainText('Balance ₹100');

  // Credit: nothing is sent until the form is complete and the admin has read what will happen.
  await row.getByRole('button', { name: 'Adjust wallet' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust the wallet of ${owner.businessName}` });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Enter an amount in rupees, like 500 or 49.50')).toBeVisible();
  await expect(dialog.getByText('Give a reason of at least 5 characters')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expect(dialog.getByLabel('Add money')).toBeChecked();
  await dialog.getByLabel('Amount in rupees').fill('500');
  await dialog.getByLabel('Reason (the business sees it)').fill('Goodwill credit for the festival outage');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Add ₹500 to ${owner.businessName}’s wallet?` });
  await expect(confirm).toContainText('Their balance goes from ₹100 to ₹600');
  await expect(confirm).toContainText('Added by Aaspaas');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Add ₹500' }).dblclick();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: `₹500 added to ${owner.businessName}’s wallet. Balance now ₹600.` }),
  ).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Balance ₹600');

  // Debit, by keyboard: more than the balance is stopped in the form; within it, taken after confirming.
  await row.getByRole('button', { name: 'Adjust wallet' }).click();
  await dialog.getByLabel('Deduct money').check();
  await dialog.getByLabel('Amount in rupees').fill('700');
  await dialog.getByLabel('Reason (the business sees it)').fill('Reversal: charged twice for one SMS batch');
  await dialog.getByLabel('Amount in rupees').press('Enter');
  await expect(dialog.getByText('That is more than their balance of ₹600')).toBeVisible();
  await dialog.getByLabel('Amount in rupees').fill('49.50');
  await dialog.getByLabel('Amount in rupees').press('Enter');
  const confirmDebit = page.getByRole('alertdialog', { name: `Deduct ₹49.50 from ${owner.businessName}’s wallet?` });
  await expect(confirmDebit).toContainText('from ₹600 to ₹550.50');
  await confirmDebit.getByRole('button', { name: 'Deduct ₹49.50' }).click();
  await expect(row).toContainText('Balance ₹550.50');

  // The audit log has both, with the reason.
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: 'Goodwill credit for the festival outage' })).toContainText(
    'Adjusted a wallet',
  );

  // The business, on its own phone.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  const auth = new AuthPage(phone);
  await auth.open('/login');
  await auth.login(owner.email, owner.password);
  await expect(phone).toHaveURL(/\/app$/);
  await phone.goto('/wallet');
  await expect(phone.getByTestId('wallet-balance')).toHaveText('₹550.50');
  const added = phone.getByTestId('wallet-entry').filter({ hasText: 'Added by Aaspaas' });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('Goodwill credit for the festival outage');
  await expect(added).toContainText('+₹500');
  const deducted = phone.getByTestId('wallet-entry').filter({ hasText: 'Deducted by Aaspaas' });
  await expect(deducted).toContainText('Reversal: charged twice for one SMS batch');
  await expect(deducted).toContainText('−₹49.50');
  await expect(deducted).toContainText('Balance ₹550.50');
  await context.close();
});
