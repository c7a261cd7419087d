import fs from 'node:fs';
import { registerAndSignIn } from '../fixtures/auth-page';
import { shoot } from '../fixtures/screenshots';
import { expect, test } from '../fixtures/test';

// Adding money on a phone through the built-in test gateway: a failed payment changes nothing, a paid
// one shows on the balance, in the history and as a downloadable receipt.

test('add money through the test gateway: a failed payment changes nothing, a paid one is credited with a receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await registerAndSignIn(page, request);
  await page.goto('/wallet');
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toHaveText('₹100');
  await expect(page.getByText('cannot be withdrawn as cash')).toBeVisible();
  await shoot(page, 'wallet-mobile.png');

  // A failed payment.
  await page.getByRole('button', { name: '₹500', exact: true }).click();
  await page.getByTestId('topup-submit').click();
  await expect(page.getByRole('heading', { name: 'Test payment — no money moves' })).toBeVisible();
  // Styled by its own stylesheet (its CSP allows it): full-width buttons of a thumb's height, not tiny default ones.
  expect((await page.getByRole('button', { name: 'Fail the payment' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.getByRole('button', { name: 'Fail the payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByTestId('payment-result')).toContainText('Nothing was charged');
  await page.getByTestId('to-wallet').click();
  await expect(balance).toHaveText('₹100');

  // A paid one, typed in.
  await page.getByTestId('topup-amount').fill('1,234.50');
  await page.getByTestId('topup-submit').click();
  await expect(page.getByText('₹1,234.50').first()).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Money added' })).toBeVisible();
  await expect(page.getByTestId('payment-result')).toHaveText('₹1,234.50 was added to your wallet.');
  await expect(page.getByText(/^Receipt AAS\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
  await shoot(page, 'payment-result-mobile.png');

  await page.getByTestId('to-wallet').click();
  await expect(balance).toHaveText('₹1,334.50');
  const topupRow = page.getByTestId('wallet-entry').filter({ hasText: 'Money added' });
  await expect(topupRow).toContainText('+₹1,234.50');
  await expect(topupRow).toContainText('Balance ₹1,334.50');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    topupRow.getByRole('button', { name: /Download receipt/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-AAS-\d{4}-\d{2}-\d{6}\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Money out' }).click();
  await expect(page.getByText('Nothing here yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Money in' }).click();
  await expect(page.getByTestId('wallet-entry')).toHaveCount(2);

  // The home screen shows the same balance.
  await page.goto('/app');
  await expect(page.getByTestId('stat-balance')).toContainText('₹1,334.50');
});
