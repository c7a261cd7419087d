import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { registerAndSignIn } from '../fixtures/auth-page';
import { SCREENSHOT_DIR, shoot } from '../fixtures/screenshots';
import { expect, seriousA11yViolations, test } from '../fixtures/test';
import { businessWithPosts, newVisitorId, type NewPost, recordView, recordWhatsapp } from '../fixtures/my-posts';

// Post history on a phone: a fresh business with posts made through the API, a visitor's
// view counted, delete with confirmation, repost, one post's chart, Load more; and /learn.

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

function item(page: Page, text: string) {
  return page.getByTestId('my-post').filter({ hasText: text });
}

async function signedInWithPosts(page: Page, request: APIRequestContext, posts: NewPost[]) {
  const owner = await registerAndSignIn(page, request);
  return businessWithPosts(request, owner, posts, page);
}

test("shows each post with a visitor's view and enquiry counted, the business's chart and one post's chart", async ({
  page,
  request,
}) => {
  const { ids } = await signedInWithPosts(page, request, [
    { content: 'Fresh jalebi every morning from 7 am', category: 'Sweets', photo: 'Jalebi' },
    {
      content: 'Kaju katli 1 kg box, Diwali special',
      category: 'Sweets',
      mrpPaise: 120_000,
      ourPricePaise: 96_000,
      photo: 'Kaju katli',
    },
    { content: 'Open on Sunday too, come early', category: 'Sweets' },
  ]);
  const kaju = ids[1]!;
  // A visitor nearby sees the offer in the feed (a view) and taps WhatsApp (an enquiry).
  const visitor = await newVisitorId();
  await recordView(request, kaju, visitor);
  await recordWhatsapp(request, kaju, visitor);

  await page.goto('/posts-history');
  await expect(page).toHaveTitle('Your posts · Aaspaas');
  await expect(page.getByRole('heading', { level: 1, name: 'Your posts' })).toBeVisible();
  const cards = page.getByTestId('my-post');
  await expect(cards).toHaveCount(3);
  // Newest first.
  await expect(cards.first()).toContainText('Open on Sunday too');
  await expect(page.getByTestId('posts-shown')).toHaveText('Showing 3 of 3 posts');

  const offer = item(page, 'Kaju katli');
  await expect(offer.getByTestId('counter-views')).toHaveAttribute('data-value', '1');
  await expect(offer.getByRole('list', { name: 'Results' })).toContainText('1 view');
  await expect(offer.getByRole('list', { name: 'Results' })).toContainText('1 WhatsApp enquiry');
  await expect(offer).toContainText('₹960');
  await expect(offer).toContainText('20% off');
  await expect(offer.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/send-offers?edit=${kaju}`);
  await expect(offer.getByRole('link', { name: 'View in feed' })).toHaveAttribute('href', `/?post=${kaju}`);
  await expect(item(page, 'Fresh jalebi').getByRole('link', { name: 'Edit' })).toHaveAttribute(
    'href',
    `/send-post?edit=${ids[0]}`,
  );
  await expect(item(page, 'Fresh jalebi').getByTestId('counter-views')).toHaveAttribute('data-value', '0');

  // The whole business: totals and today's bar.
  const business = page.getByTestId('business-insights');
  await expect(business.getByTestId('total-posts')).toHaveText('3');
  await expect(business.getByTestId('total-views')).toHaveText('1');
  await expect(business.getByTestId('total-whatsapp')).toHaveText('1');
  await expect(business.getByTestId('chart-readout')).toHaveText('Last 30 days: 1 view, 1 WhatsApp enquiry');
  await expect(business.getByTestId('chart-day').last()).toHaveAttribute('data-views', '1');
  // Keyboard: the chart reads out the day picked with the arrow keys.
  await business.getByRole('group', { name: /^Chart:/ }).focus();
  await page.keyboard.press('End');
  await expect(business.getByTestId('chart-readout')).toHaveText(/: 1 view, 1 WhatsApp enquiry$/);
  await page.keyboard.press('Escape');

  // One post's chart, opened in place.
  await offer.getByRole('button', { name: 'Show daily chart' }).click();
  const panel = offer.getByTestId('post-insights');
  await expect(panel.getByTestId('insights-chart')).toBeVisible();
  await expect(panel.getByTestId('chart-readout')).toHaveText('Last 30 days: 1 view, 1 WhatsApp enquiry');
  await panel.getByRole('button', { name: 'Show numbers' }).click();
  await expect(panel.getByRole('table')).toBeVisible();
  await panel.getByRole('button', { name: 'Hide numbers' }).click();

  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'posts-history-mobile.png');
  await page.evaluate(() => document.querySelector('[data-testid="business-insights"]')?.scrollIntoView());
  await shoot(page, 'posts-history-chart-mobile.png');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'posts-history-full-mobile.png'), fullPage: true });
  await offer.scrollIntoViewIfNeeded();
  await shoot(page, 'posts-history-post-insights-mobile.png');
});

test('delete asks first (Cancel keeps the post); repost puts a copy at the top', async ({ page, request }) => {
  await signedInWithPosts(page, request, [
    { content: 'Samosa and chai combo at ₹30', category: 'Snacks' },
    { content: 'Dhokla fresh at 5 pm daily', category: 'Snacks' },
  ]);
  await page.goto('/posts-history');
  await expect(page.getByTestId('my-post')).toHaveCount(2);

  const samosa = item(page, 'Samosa and chai');
  await samosa.getByRole('button', { name: 'Delete' }).click();
  let dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await expect(dialog).toContainText('Samosa and chai combo at ₹30');
  // Focus is inside the dialog, Cancel keeps the post.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(samosa).toBeVisible();
  await expect(samosa.getByRole('button', { name: 'Delete' })).toBeFocused();

  await samosa.getByRole('button', { name: 'Delete' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Post deleted')).toBeVisible();
  await expect(item(page, 'Samosa and chai')).toHaveCount(0);
  await expect(page.getByTestId('posts-shown')).toHaveText('Showing 1 of 1 post');
  await page.reload();
  await expect(page.getByTestId('my-post')).toHaveCount(1);
  await expect(item(page, 'Samosa and chai')).toHaveCount(0);

  // Repost the older one: the copy shows first, focused.
  const dhokla = item(page, 'Dhokla fresh');
  await dhokla.getByRole('button', { name: 'Repost' }).click();
  const repost = page.getByRole('dialog', { name: 'Post this again?' });
  await repost.getByRole('button', { name: 'Repost' }).click();
  await expect(toast(page, 'Posted again')).toBeVisible();
  await expect(page.getByTestId('my-post')).toHaveCount(2);
  await expect(page.getByTestId('posts-shown')).toHaveText('Showing 2 of 2 posts');
  await page.reload();
  await expect(page.getByTestId('my-post')).toHaveCount(2);
  await expect(page.getByTestId('my-post').first()).toContainText('Dhokla fresh');
  await expect(page.getByTestId('my-post').first()).toContainText('Just now');
});

test('Load more brings the next page of a business with 25 posts', async ({ page, request }) => {
  const posts = Array.from({ length: 25 }, (_, i) => ({ content: `Daily special number ${i + 1}`, category: 'Snacks' }));
  await signedInWithPosts(page, request, posts);
  await page.goto('/posts-history');
  await expect(page.getByTestId('my-post')).toHaveCount(20);
  await expect(page.getByTestId('posts-shown')).toHaveText('Showing 20 of 25 posts');
  await expect(page.getByTestId('my-post').first()).toContainText('Daily special number 25');
  // By keyboard.
  const more = page.getByRole('button', { name: 'Load more posts' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('my-post')).toHaveCount(25);
  await expect(page.getByTestId('posts-shown')).toHaveText('Showing 25 of 25 posts');
  await expect(page.getByTestId('my-post').last()).toContainText('Daily special number 1');
  await expect(more).toBeHidden();
});

test('a business without posts is told how to start', async ({ page, request }) => {
  await registerAndSignIn(page, request);
  await page.goto('/posts-history');
  const empty = page.getByRole('region', { name: 'You have not posted yet' });
  await expect(empty).toBeVisible();
  await expect(empty.getByRole('link', { name: 'Write your first post' })).toHaveAttribute('href', '/send-post');
  await expect(empty.getByRole('link', { name: 'Make an offer' })).toHaveAttribute('href', '/send-offers');
});

test('/learn: the guide with its sections and links', async ({ page, request }) => {
  await registerAndSignIn(page, request);
  await page.goto('/learn');
  await expect(page).toHaveTitle('Get more customers · Aaspaas');
  await expect(page.getByRole('heading', { level: 1, name: 'Get more customers' })).toBeVisible();
  for (const name of ['Take good photos', 'Make offers that sell', 'Post at the right time', 'Use WhatsApp'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/send-post');
  await expect(page.getByRole('link', { name: 'Make an offer' })).toHaveAttribute('href', '/send-offers');
  await expect(page.getByRole('link', { name: 'Use a ready template' })).toHaveAttribute('href', '/add-templates');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(393);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'learn-mobile.png');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'learn-full-mobile.png'), fullPage: true });
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/app$/);
});
