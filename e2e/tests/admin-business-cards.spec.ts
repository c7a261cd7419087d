import { createOwner, newOwner } from '../fixtures/auth-page';
import { FeedPage } from '../fixtures/feed-page';
import { signInAsAdmin } from '../fixtures/moderation';
import { businessWithPosts } from '../fixtures/my-posts';
import { shoot } from '../fixtures/screenshots';
import { CARDS_ADMIN_EMAIL } from '../fixtures/services';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

test('the admin marks a business verified and features it; a visitor sees the badge on its feed card and its page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const word = `Verified${Date.now().toString(36)}`;
  const owner = await createOwner(page.request, newOwner('verified'));
  const {
    ids: [postId],
  } = await businessWithPosts(page.request, owner, [{ content: `${word} fresh jalebi every evening`, category: 'Sweets' }]);
  if (!postId) throw new Error('no post');
  const ownerId = (await (await page.request.get(`/api/posts/${postId}`)).json()).userId as string;

  // Before: no badge anywhere.
  const visitorContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: true, hasTouch: true });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/business/${ownerId}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(owner.businessName);
  await expect(visitor.getByRole('img', { name: 'Verified business' })).toHaveCount(0);

  // The admin finds the card, marks it verified and features it.
  await signInAsAdmin(page, CARDS_ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Business Cards' }).click();
  await expect(page).toHaveURL(/\/admin\/business-cards$/);
  await page.getByRole('searchbox').fill(owner.businessName);
  const row = page.getByTestId('business-card-row').filter({ hasText: owner.businessName });
  await expect(row).toHaveCount(1);
  const verify = row.getByRole('button', { name: `Mark ${owner.businessName} verified` });
  await verify.click();
  await expect(verify).toHaveAttribute('aria-pressed', 'true');
  const feature = row.getByRole('button', { name: `Feature ${owner.businessName}` });
  await feature.click();
  await expect(feature).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'admin-business-cards-mobile.png');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The dashboard lists it among the featured businesses.
  await page.goto('/admin');
  await expect(page.getByTestId('featured-businesses').getByRole('link', { name: owner.businessName })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The visitor: the badge beside the name on the feed card and on the business page.
  const feed = new FeedPage(visitor);
  await feed.goto(`/?post=${postId}`);
  await feed.waitForSplashToGo();
  await feed.dismissIntro();
  const card = feed.card(postId);
  await expect(card.getByRole('heading', { level: 2 }).getByRole('img', { name: 'Verified business' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Verified business' })).toHaveText('Verified');
  // At 360 px the badge stays on the card: nothing of it spills past the card's edge.
  const badgeBox = await card.getByRole('img', { name: 'Verified business' }).boundingBox();
  const cardBox = await card.boundingBox();
  expect(badgeBox && cardBox && badgeBox.x + badgeBox.width <= cardBox.x + cardBox.width).toBe(true);
  await shoot(visitor, 'feed-verified-badge-mobile.png');
  expect(await seriousA11yViolations(visitor)).toEqual([]);
  await visitor.goto(`/business/${ownerId}`);
  await expect(visitor.getByRole('heading', { level: 1 }).getByRole('img', { name: 'Verified business' })).toBeVisible();
  await expect(visitor.getByText('Featured', { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(visitor)).toEqual([]);
  await visitorContext.close();
});
