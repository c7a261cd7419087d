import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, MUMBAI, test } from '../fixtures/test';
import { isFeedResponse } from '../fixtures/feed-page';

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
  await page.reload();
  await kept;
  await feed.waitForSplashToGo();
  await expect(feed.card(post.id)).toBeVisible();
  const before = (await api.post(post.id)).likesCount;

  await context.setOffline(true);
  await page.reload();
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
