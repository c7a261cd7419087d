import { FIRST_FEED_PAGE_ELEMENT_ID } from '@aaspaas/domain';
import type { Locator, Page } from '@playwright/test';
import { TEXT } from '../fixtures/feed-page';
import { expect, MUMBAI, test } from '../fixtures/test';
import { LINKED_POST_HIGHLIGHT_MS, SPLASH_MIN_MS, SWIPE_THRESHOLD_PX } from '../fixtures/ui-timings';

/** Is the card drawn with a highlight (an outline ring: a box shadow) right now? */
async function highlighted(card: Locator): Promise<boolean> {
  return card.evaluate((el) => getComputedStyle(el).boxShadow !== 'none');
}

/** A horizontal finger swipe by dx pixels across the middle of an element (real touch input). */
async function swipe(page: Page, target: Locator, dx: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0) });
  const steps = 6;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x0 + (dx * i) / steps) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Notes in the page, from its first byte on, when the splash goes and when the linked card's
 * highlight comes and goes (performance.now()). Call before goto; read with the returned function.
 * Polling the card's style from the test instead can miss a 2 s highlight on a busy machine.
 */
async function recordLinkedMarks(page: Page, postId: string): Promise<() => Promise<Record<string, number>>> {
  await page.addInitScript(
    ({ postId, splashText }) => {
      const marks: Record<string, number> = {};
      (window as unknown as { __linkedMarks: Record<string, number> }).__linkedMarks = marks;
      const check = () => {
        const now = performance.now();
        const splash = Array.from(document.querySelectorAll('[role="status"]')).some((el) =>
          el.textContent?.includes(splashText),
        );
        if (splash) marks.splashSeen ??= now;
        else if (marks.splashSeen !== undefined) marks.splashGone ??= now;
        const card = document.querySelector(`[data-testid="post-card"][data-post-id="${postId}"]`);
        const on = card !== null && getComputedStyle(card).boxShadow !== 'none';
        if (on) marks.highlightOn ??= now;
        else if (marks.highlightOn !== undefined) marks.highlightOff ??= now;
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
    },
    { postId, splashText: TEXT.splash },
  );
  return () => page.evaluate(() => ({ ...(window as unknown as { __linkedMarks: Record<string, number> }).__linkedMarks }));
}

test('/?post= scrolls to that post and highlights it for 2 seconds', async ({ feed, api, page }) => {
  // A post on the first page of the whole feed, but far below the fold.
  const { posts } = await api.feedPage({ limit: 20 });
  const post = posts[14];
  expect(post, 'a 15th post in the feed').toBeDefined();
  if (!post) return;

  const marks = await recordLinkedMarks(page, post.id);

  await feed.goto(`/?post=${post.id}`);
  await feed.waitForSplashToGo();
  const card = feed.card(post.id);
  await expect(card).toBeInViewport();
  await expect(feed.cards.first()).not.toBeInViewport();

  // Highlighted, then not; the visitor (no longer behind the splash) sees it for about 2 s.
  await expect
    .poll(async () => (await marks()).highlightOff, { message: 'the highlight goes', timeout: LINKED_POST_HIGHLIGHT_MS + 5000 })
    .toBeDefined();
  const m = await marks();
  expect(m.highlightOn, 'the card was highlighted').toBeDefined();
  expect(m.splashGone, 'the splash went').toBeDefined();
  const onScreen = (m.highlightOff ?? 0) - Math.max(m.highlightOn ?? 0, m.splashGone ?? 0);
  expect(onScreen, `highlight visible after the splash (ms); marks ${JSON.stringify(m)}`).toBeGreaterThanOrEqual(
    LINKED_POST_HIGHLIGHT_MS - 500,
  );
  expect(await highlighted(card)).toBe(false);

  await feed.dismissIntro();
  await expect(card).toBeInViewport();
});

test('/?post= on a slow network: the feed arrives after the splash, and the post is still brought on screen', async ({
  feed,
  api,
  page,
}) => {
  const { posts } = await api.feedPage({ limit: 20 });
  const post = posts[14];
  expect(post, 'a 15th post in the feed').toBeDefined();
  if (!post) return;
  // The page without the first feed page the server writes into it (as the service worker's copy
  // of index.html is), and the feed's pages take longer than the splash (SPLASH_MIN_MS): the list is drawn
  // a few cards at a time only after it has gone, so the linked card is not in the page at first.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const block = new RegExp(`<script type="application/json" id="${FIRST_FEED_PAGE_ELEMENT_ID}">[\\s\\S]*?</script>`);
      await route.fulfill({ response, body: (await response.text()).replace(block, '') });
    },
  );
  await page.route(/\/api\/feed(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SPLASH_MIN_MS + 1000));
    await route.continue();
  });

  const marks = await recordLinkedMarks(page, post.id);
  await feed.goto(`/?post=${post.id}`);
  await feed.waitForSplashToGo();
  const card = feed.card(post.id);
  await expect(card).toBeInViewport();
  await expect(feed.cards.first()).not.toBeInViewport();
  await expect
    .poll(async () => (await marks()).highlightOn, { message: 'the card was highlighted', timeout: 10_000 })
    .toBeDefined();
  const m = await marks();
  expect(m.highlightOn ?? 0, `highlighted after the splash went; marks ${JSON.stringify(m)}`).toBeGreaterThanOrEqual(
    m.splashGone ?? Infinity,
  );
});

test('/?post= of an old post (not on the first page) still brings it on screen', async ({ feed, api }) => {
  const all = await api.feedAll();
  const old = all.at(-1);
  if (!old) throw new Error('no posts');
  await feed.open(`/?post=${old.id}`);
  await expect(feed.card(old.id)).toBeInViewport();
  await expect(feed.card(old.id)).toContainText(old.businessName);
});

test('the image viewer: open a post with 3 photos and swipe through them', async ({ feed, api, page }) => {
  const near = await api.feedAll({ point: MUMBAI });
  const post = near.find((p) => p.images.length === 3);
  expect(post, 'a Mumbai post with 3 photos').toBeDefined();
  if (!post) return;

  await feed.open(`/?post=${post.id}`);
  await feed.card(post.id).getByRole('button', { name: 'Open photo 1 of 3' }).click();
  const viewer = page.getByRole('dialog', { name: /Photo viewer/ });
  await expect(viewer).toBeVisible();
  const counter = viewer.getByText(/^\d+ \/ \d+$/);
  await expect(counter).toHaveText('1 / 3');
  const photo = viewer.getByRole('img', { name: /Photo \d of 3/ });
  await expect(photo).toBeVisible();

  await swipe(page, photo, -120);
  await expect(counter).toHaveText('2 / 3');
  await swipe(page, photo, -120);
  await expect(counter).toHaveText('3 / 3');
  await expect(viewer.getByRole('button', { name: 'Next photo' })).toBeDisabled();
  await swipe(page, photo, 120);
  await expect(counter).toHaveText('2 / 3');

  // A swipe shorter than the 50 px threshold does not move.
  await swipe(page, photo, -(SWIPE_THRESHOLD_PX - 20));
  await expect(counter).toHaveText('2 / 3');
  await swipe(page, photo, SWIPE_THRESHOLD_PX - 20);
  await expect(counter).toHaveText('2 / 3');

  // Previous / next buttons and the dots.
  await viewer.getByRole('button', { name: 'Previous photo' }).click();
  await expect(counter).toHaveText('1 / 3');
  await viewer.getByRole('button', { name: 'Go to photo 3' }).click();
  await expect(counter).toHaveText('3 / 3');

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('/?post=<id> HTML carries og:title and og:image for link previews', async ({ api, request }) => {
  const near = await api.feedAll({ point: MUMBAI });
  const post = near.find((p) => p.images.length > 0);
  if (!post) throw new Error('no Mumbai post with a photo');

  const res = await request.get(`/?post=${post.id}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (property: string) => {
    const m = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(head);
    return m?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  };
  expect(meta('og:title')).toContain(post.businessName);
  const image = meta('og:image');
  expect(image).toMatch(/^https?:\/\//);
  const img = await request.get(image ?? '');
  expect(img.status()).toBe(200);
  expect(img.headers()['content-type']).toMatch(/^image\//);
  expect(meta('og:url')).toContain(`/?post=${post.id}`);
});
