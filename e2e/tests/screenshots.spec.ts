import { AuthPage, registerAndSignIn } from '../fixtures/auth-page';
import { shoot, shootBusiness, shootEmpty, shootFeed } from '../fixtures/screenshots';
import { expect, test } from '../fixtures/test';

// Phone (Pixel 5) screenshots of the main public screens, into e2e/screenshots/.
test('screenshot: feed (mobile)', async ({ feed }) => {
  await shootFeed(feed, 'feed-mobile.png');
});

test('screenshot: business page (mobile)', async ({ page, api }) => {
  await shootBusiness(page, api, 'business-mobile.png');
});

test('screenshot: empty state (mobile)', async ({ feed }) => {
  await shootEmpty(feed, 'empty-mobile.png');
});

test('screenshot: auth page (mobile)', async ({ page }) => {
  await new AuthPage(page).open('/login');
  await shoot(page, 'auth-mobile.png');
});

test('screenshot: /app home and /edit-profile (mobile)', async ({ page, request }) => {
  const owner = await registerAndSignIn(page, request);
  await expect(page.getByText(owner.businessName).first()).toBeVisible();
  await expect(page.getByText('Loading').first()).toBeHidden();
  await shoot(page, 'app-home-mobile.png');
  await page.goto('/edit-profile');
  await expect(page.getByLabel('Business Name')).toHaveValue(owner.businessName);
  await shoot(page, 'edit-profile-mobile.png');
});
