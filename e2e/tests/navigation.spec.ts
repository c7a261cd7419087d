import type { Page } from '@playwright/test';
import { expect, MUMBAI, test } from '../fixtures/test';

// The app's router (ADR 056): where a page opens, where "back" returns to, and a page whose code
// cannot load.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a page opens at its top, and back returns to where the feed was scrolled', async ({ feed, api, page }) => {
  const posts = (await api.feedPage({ point: MUMBAI, limit: 10 })).posts;
  const target = posts.at(-1);
  if (!target || posts.length < 6) throw new Error('too few posts near Mumbai');
  await feed.open('/');
  await feed.useMyLocation(MUMBAI);
  const card = feed.card(target.id);
  const name = card.getByRole('link', { name: target.businessName, exact: true });
  await name.scrollIntoViewIfNeeded();
  // Still after the scroll, so the position remembered is the one seen.
  await page.waitForTimeout(300);
  const seen = await scrollY(page);
  expect(seen).toBeGreaterThan(400);

  await name.click();
  const business = page.getByRole('heading', { level: 1, name: target.businessName });
  await expect(business).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(card).toBeVisible();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(seen - 5);
  expect(await scrollY(page)).toBeLessThan(seen + 5);

  // Forward again: the business page where it was (its top), and back once more to the same place.
  await page.goForward();
  await expect(business).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await page.goBack();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(seen - 5);
});

test.describe('without the offline worker', () => {
  // The worker would answer from its cache what the page is refused here.
  test.use({ serviceWorkers: 'block' });

  test('a page whose code cannot load says so with a way to reload, and the other pages still open', async ({ feed, page }) => {
    await feed.open('/');
    // The About page's code is refused, as after a deploy that removed it or on a dropped connection.
    await page.route(/\/assets\/about-us-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'About Us' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'React Rendering Error' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Go to the feed' })).toBeVisible();

    // Another page: drawn, the error gone.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(alert).toHaveCount(0);
    await expect(page.getByTestId('post-card').first()).toBeVisible();
  });
});
