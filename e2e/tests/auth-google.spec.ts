import { randomUUID } from 'node:crypto';
import { AuthPage } from '../fixtures/auth-page';
import { OidcProvider } from '../fixtures/oidc-provider';
import { OIDC_PORT } from '../fixtures/services';
import { expect, test } from '../fixtures/test';

// Google sign-in end to end: the popup goes through a real OpenID Connect provider on 127.0.0.1.
const google = new OidcProvider();
test.beforeAll(async () => google.start(OIDC_PORT));
test.afterAll(async () => google.stop());

test('Continue with Google signs a new owner in through the popup and lands on /app', async ({ page }) => {
  const id = randomUUID().slice(0, 8);
  google.account = { sub: `google-${id}`, email: `g-${id}@gmail.example`, name: `Anil - Anil Mobiles ${id}` };
  const auth = new AuthPage(page);
  await auth.open('/login');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await (await popup).waitForEvent('close');
  await expect(auth.toast('Google login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);
  // The display name rule of docs/product.md §3: 'name - businessName'.
  await expect(page.getByText(`Anil Mobiles ${id}`).first()).toBeVisible();
});
