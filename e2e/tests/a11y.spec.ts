import { registerAndSignIn } from '../fixtures/auth-page';
import { expect, MUMBAI, seriousA11yViolations, test } from '../fixtures/test';

test('feed: no serious or critical axe violations', async ({ feed, page }) => {
  await feed.open('/');
  await feed.useMyLocation(MUMBAI);
  await expect(feed.cards.first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('business page: no serious or critical axe violations', async ({ page, api }) => {
  const [first] = (await api.feedPage({ point: MUMBAI, limit: 1 })).posts;
  if (!first) throw new Error('no post near Mumbai');
  await page.goto(`/business/${first.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: first.businessName })).toBeVisible();
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

for (const path of ['/about-us', '/contact-us', '/Termsofservice', '/privacyterms', '/debug-auth', '/no-such-page']) {
  test(`${path}: no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

for (const path of ['/login', '/admin/login', '/admin/create-user', '/reset-password?token=x']) {
  test(`${path}: no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

for (const path of ['/app', '/edit-profile', '/settings', '/contacts']) {
  test(`${path} signed in: no serious or critical axe violations`, async ({ page, request }) => {
    await registerAndSignIn(page, request);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}
