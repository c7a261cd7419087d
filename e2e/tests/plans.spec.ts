import { AuthPage, createOwner, newOwner, registerAndSignIn } from '../fixtures/auth-page';
import { businessWithPosts } from '../fixtures/my-posts';
import { shoot } from '../fixtures/screenshots';
import { expect, test } from '../fixtures/test';

// Money on a phone past the free tier: a post past the month's free posts is charged from the wallet
// (the composer says so first), and a plan is bought from the wallet after adding money.

test('a post past the month’s free posts says its price first and is charged from the wallet', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await createOwner(request, newOwner('allowance'));
  // The month's 10 free posts (the start value), published through the API as the composer would.
  await businessWithPosts(
    request,
    owner,
    Array.from({ length: 10 }, (_, i) => ({ content: `Fresh sabzi, batch ${i + 1}`, category: 'Grocery' })),
  );
  const auth = new AuthPage(page);
  await auth.open('/login');
  await auth.login(owner.email, owner.password);
  await expect(page).toHaveURL(/\/app$/);

  await page.goto('/send-post');
  const form = page.getByRole('form', { name: 'New post' });
  await expect(form.getByTestId('post-cost')).toHaveText('₹10 from your wallet');
  await form.getByLabel('What do you want to tell people?').fill('Alphonso mangoes are in! #mango');
  await form.getByLabel('Category').fill('Grocery');
  await shoot(page, 'send-post-paid-mobile.png');
  await form.getByRole('button', { name: 'Publish post' }).click();
  await expect(page).toHaveURL(/\/success\?post=/);

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹90');
  const fee = page.getByTestId('wallet-entry').filter({ hasText: 'Post' });
  await expect(fee).toHaveCount(1);
  await expect(fee).toContainText('−₹10');
});

test('buy a plan from the wallet: it shows with its renewal date on /wallet and /app', async ({ page, request }) => {
  test.setTimeout(180_000);
  await registerAndSignIn(page, request);
  await page.goto('/wallet');
  const plan = page.getByTestId('plan-section');
  await expect(plan).toContainText('Free plan');

  // ₹100 cannot pay ₹199: the dialog says how much to add, and nothing changes.
  await plan.getByRole('button', { name: 'Buy Dukaan', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('₹199 is taken from your wallet now');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('Not enough balance: add ₹99 to your wallet');
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹100');

  // Add ₹500 through the test gateway, then buy.
  await page.getByRole('button', { name: '₹500', exact: true }).click();
  await page.getByTestId('topup-submit').click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Money added' })).toBeVisible();
  await page.getByTestId('to-wallet').click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹600');

  await plan.getByRole('button', { name: 'Buy Dukaan', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('current-plan')).toContainText('Dukaan');
  await expect(page.getByTestId('current-plan')).toContainText(/Renews on .+ for ₹199 from your wallet/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹401');
  await expect(page.getByTestId('wallet-entry').filter({ hasText: 'Plan' })).toContainText('−₹199');
  await shoot(page, 'wallet-plan-mobile.png');

  // Cancel asks first and keeps the plan to its end.
  await page.getByTestId('current-plan').getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('current-plan')).toContainText('Cancelled: your plan stays until');

  await page.goto('/app');
  await expect(page.getByTestId('plan-summary')).toContainText(/Dukaan · ends /);
});
