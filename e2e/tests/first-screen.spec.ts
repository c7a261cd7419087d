import { expect, test } from '../fixtures/test';
import { TEXT } from '../fixtures/feed-page';

// ADR 009: the feed's HTML comes with its first screen drawn by the server.

test.describe("before the app's code has run", () => {
  test.use({ javaScriptEnabled: false });

  test('the feed shows the splash, and under it the first posts with their first photo', async ({ page }) => {
    const media: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/media/')) media.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: TEXT.splash })).toBeVisible();
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(3);
    // The first posts of the page the same HTML carries (as GET /api/feed gives it: API tests).
    const page1 = JSON.parse((await page.locator('#aaspaas-first-feed-page').textContent()) ?? 'null') as {
      posts: { id: string; images: string[] }[];
    };
    const shown = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-post-id')));
    expect(shown).toEqual(page1.posts.slice(0, 3).map((p) => p.id));
    // The first post's photo comes with it (other tests may publish posts without one first), and
    // it is the only picture asked for: the other boxes wait for the app, under the splash.
    const withPhoto = Boolean(page1.posts[0]?.images.length);
    if (withPhoto) {
      const photo = cards.first().locator('button[aria-label^="Open photo 1"] img');
      await expect(photo, 'the first post’s photo is asked for first').toHaveAttribute('fetchpriority', 'high');
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await expect(cards.locator('img')).toHaveCount(withPhoto ? 1 : 0);
    expect(media.length, `pictures asked for: ${media.join(', ')}`).toBe(withPhoto ? 1 : 0);
    await expect(page.getByRole('region', { name: 'Your location' })).toContainText(TEXT.locationPrompt);
  });
});

test("the app takes the server's first screen over: one feed, every post of the page, working buttons", async ({
  feed,
  page,
}) => {
  await feed.open('/');
  await expect(page.locator('main')).toHaveCount(1);
  await expect.poll(async () => (await feed.cardIds()).length).toBeGreaterThan(3);
  const ids = await feed.cardIds();
  expect(new Set(ids).size, 'no card twice').toBe(ids.length);
  // The first card's photo opens the viewer: the app's card, not the server's inert copy.
  const withPhoto = feed.cards.filter({ has: page.getByRole('button', { name: /^Open photo 1/ }) }).first();
  await withPhoto.getByRole('button', { name: /^Open photo 1/ }).click();
  const viewer = page.getByRole('dialog', { name: /Photo viewer/ });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Close photo viewer' }).click();
  await expect(viewer).toBeHidden();
});
