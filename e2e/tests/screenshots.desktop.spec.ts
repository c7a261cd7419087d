import { AuthPage, registerAndSignIn } from '../fixtures/auth-page';
import { shoot, shootBusiness, shootEmpty, shootFeed } from '../fixtures/screenshots';
import { expect, test } from '../fixtures/test';

// Desktop (1366 × 900) screenshots of the main public screens, into e2e/screenshots/.
test('screenshot: feed (desktop)', async ({ feed }) => {
  await shootFeed(feed, 'feed-desktop.png');
});

test('screenshot: business page (desktop)', async ({ page, api }) => {
  await shootBusiness(page, api, 'business-desktop.png');
});

test('screenshot: empty state (desktop)', async ({ feed }) => {
  await shootEmpty(feed, 'empty-desktop.png');
});

test('screenshot: auth page with the feature panel (desktop)', async ({ page }) => {
  await new AuthPage(page).open('/login');
  await expect(page.getByRole('heading', { name: 'Promote Your Business to People Living Nearby' })).toBeVisible();
  await shoot(page, 'auth-desktop.png');
});

test('screenshot: /app home (desktop)', async ({ page, request }) => {
  const owner = await registerAndSignIn(page, request);
  await expect(page.getByText(owner.businessName).first()).toBeVisible();
  await shoot(page, 'app-home-desktop.png');
});
