import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, MUMBAI, test } from '../fixtures/test';
import { isFeedResponse } from '../fixtures/feed-page';
import { ReleaseSwitch } from '../fixtures/release-switch';

// The worker precaches the whole app shell on its first visit: minutes on a loaded 2-core machine.
test.describe.configure({ timeout: 240_000 });

/** The service worker has installed and controls the page (it registers once the first screen is up). */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
    null,
    {
      timeout: 60_000,
    },
  );
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

test("the web app passes Chromium's installability check with its service worker controlling the page", async ({
  playwright,
  baseURL,
}) => {
  // Chromium never offers installing in an incognito profile (every test context is one): a real profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'aaspaas-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    expect(await controlled(page)).toMatch(/\/sw\.js$/);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest names the app, opens standalone at the feed and has a maskable icon', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Aaspaas', display: 'standalone', start_url: '/' });
  expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ sizes: '512x512', purpose: 'maskable' })]));
});

test('after one visit the feed reads offline with a notice, and a like made offline reaches the server once', async ({
  feed,
  api,
  page,
  context,
}) => {
  // This test's own post: the fifth newest near Mumbai (no other test likes it).
  const post = (await api.feedPage({ point: MUMBAI, limit: 10 })).posts[4];
  expect(post, 'a fifth post near Mumbai').toBeDefined();
  if (!post) return;
  const likes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/api/posts/${post.id}/like`)) likes.push(r.method());
  });

  await feed.open('/');
  await feed.useMyLocation(MUMBAI);
  await controlled(page);
  // The visit the worker sees: the feed's page for this place goes through it, and is kept.
  const kept = page.waitForResponse((r) => isFeedResponse(r, { near: MUMBAI }));
  // Online, a returning visitor gets the server's page through the worker, first screen included
  // (ADR 009), not the app shell it keeps for offline.
  const returning = await page.reload();
  expect(returning?.fromServiceWorker()).toBe(true);
  expect(await returning?.text()).toContain('id="aaspaas-first-feed-page"');
  await kept;
  await feed.waitForSplashToGo();
  await expect(feed.card(post.id)).toBeVisible();
  const before = (await api.post(post.id)).likesCount;

  await context.setOffline(true);
  const shell = await page.reload();
  // Offline: the app shell the worker keeps, which draws the feed's last page.
  expect(shell?.fromServiceWorker()).toBe(true);
  expect(await shell?.text()).not.toContain('id="aaspaas-first-feed-page"');
  await feed.waitForSplashToGo();
  await expect(page.getByTestId('offline-notice')).toHaveText('Offline: showing what you saw last');
  const card = feed.card(post.id);
  await expect(card).toBeVisible();

  const like = card.getByTestId('like-button');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  expect(likes).toEqual([]);
  expect((await api.post(post.id)).likesCount).toBe(before);

  const sent = page.waitForResponse((r) => r.url().endsWith(`/api/posts/${post.id}/like`) && r.request().method() === 'POST');
  await context.setOffline(false);
  expect((await sent).status()).toBe(200);
  await expect(page.getByTestId('offline-notice')).toBeHidden();
  await expect.poll(async () => (await api.post(post.id)).likesCount).toBe(before + 1);
  // Back online for a while and reloaded: nothing is sent again.
  await page.reload();
  await feed.waitForSplashToGo();
  await expect(feed.card(post.id).getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  expect(likes).toEqual(['POST']);
  expect((await api.post(post.id)).likesCount).toBe(before + 1);
});

test('a new release: its service worker waits, the page offers a reload, and then build B takes over', async ({ feed, page }) => {
  const site = new ReleaseSwitch();
  await site.start();
  try {
    await feed.open(site.url);
    await controlled(page);
    await expect(page.locator('meta[name="aaspaas-release"]')).toHaveCount(0);

    site.release();
    // What a browser does on its own on a later navigation, or every 24 hours: look for a new worker.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const offer = page.getByRole('button', { name: 'Reload' });
    await expect(page.getByText('A new version of Aaspaas is ready.')).toBeVisible({ timeout: 60_000 });
    // Not taken over before the person says so: the page is still release A's, under A's worker.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await expect(page.locator('meta[name="aaspaas-release"]')).toHaveCount(0);

    const reloaded = page.waitForEvent('load');
    await offer.click();
    await reloaded;
    await expect(page.locator('meta[name="aaspaas-release"]')).toHaveAttribute('content', 'B');
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return Boolean(registration?.active) && !registration?.waiting && navigator.serviceWorker.controller !== null;
    });
    const release = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          navigator.serviceWorker.addEventListener('message', (e) => resolve(String(e.data)), { once: true });
          navigator.serviceWorker.controller!.postMessage('release?');
          setTimeout(() => resolve('no answer: the worker of release A'), 5000);
        }),
    );
    expect(release).toBe('B');
    // B's worker keeps B's app shell: offline, the page is still B's.
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.locator('meta[name="aaspaas-release"]')).toHaveAttribute('content', 'B');
    await page.context().setOffline(false);
  } finally {
    await site.stop();
  }
});

test('a page the server has not answered within 3 s is the app shell the worker keeps, which draws the feed', async ({
  feed,
  page,
}) => {
  const site = new ReleaseSwitch();
  await site.start();
  try {
    await feed.open(site.url);
    await controlled(page);
    site.slowNextPage(15_000);
    const started = Date.now();
    const shell = await page.reload();
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(shell?.fromServiceWorker()).toBe(true);
    expect(await shell?.text()).not.toContain('id="aaspaas-first-feed-page"');
    await feed.waitForSplashToGo();
    await expect(feed.cards.first()).toBeVisible();
  } finally {
    await site.stop();
  }
});
