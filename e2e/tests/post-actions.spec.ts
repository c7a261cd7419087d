import { expect, MUMBAI, test, visitorIdOf } from '../fixtures/test';
import { isFeedResponse, TEXT } from '../fixtures/feed-page';

const likesText = (n: number) => new RegExp(`^${n} likes?$`);

test('a like survives a reload, and a second like from the same visitor does not add', async ({ feed, api, page }) => {
  // This test's own post: the third newest near Mumbai (no other test likes posts).
  const [, , post] = (await api.feedPage({ point: MUMBAI, limit: 10 })).posts;
  expect(post, 'a third post near Mumbai').toBeDefined();
  if (!post) return;

  await feed.open('/');
  await feed.useMyLocation(MUMBAI);
  const card = feed.card(post.id);
  const like = card.getByTestId('like-button');
  await expect(like).toHaveAccessibleName('Like');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = await feed.likesShown(card);
  expect(before).toBe((await api.post(post.id)).likesCount);

  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/posts/${post.id}/like`) && r.request().method() === 'POST');
  await like.click();
  expect((await answered).status()).toBe(200);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Unlike');
  await expect(card.getByTestId('likes-count')).toHaveText(likesText(before + 1));

  // After a reload (the location was saved), the server's answer still says liked, one more.
  const reloaded = page.waitForResponse((r) => isFeedResponse(r, { near: MUMBAI }));
  await page.reload();
  await reloaded;
  await feed.waitForSplashToGo();
  await expect(feed.card(post.id).getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(feed.card(post.id).getByTestId('likes-count')).toHaveText(likesText(before + 1));

  // The same visitor liking again (as a double tap or a second device with the same id would): no change.
  const visitor = await visitorIdOf(page);
  const again = await api.like(post.id, visitor);
  expect(again).toMatchObject({ liked: true, likesCount: before + 1 });
  expect((await api.post(post.id)).likesCount).toBe(before + 1);
});

test('the WhatsApp button opens a wa.me link to the business with the 91 prefix', async ({ feed, api, context }) => {
  // The network is closed: the wa.me page is answered here, nothing leaves the machine.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>ok' }),
  );
  const posts = (await api.feedPage({ point: MUMBAI, limit: 10 })).posts;
  const post = posts.find((p) => (p.businessPhone ?? '').replace(/\D/g, '').length >= 10);
  expect(post, 'a post near Mumbai with a phone number').toBeDefined();
  if (!post) return;
  const digits = (post.businessPhone ?? '').replace(/\D/g, '');
  const expectedNumber = digits.length === 10 ? `91${digits}` : digits;
  expect(expectedNumber).toMatch(/^91\d{10}$/);

  await feed.open('/');
  await feed.useMyLocation(MUMBAI);
  const card = feed.card(post.id);
  const popupOpened = context.waitForEvent('page');
  await card.getByRole('link', { name: 'Enquire on WhatsApp' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');

  const url = new URL(popup.url());
  expect(url.origin).toBe('https://wa.me');
  expect(url.pathname).toBe(`/${expectedNumber}`);
  expect(url.searchParams.get('text') ?? '').toContain(post.businessName);
  await popup.close();

  // Every card's enquiry link, whatever way its phone number was written (98200 12345, +91-…, +91 …).
  for (const p of posts) {
    const d = (p.businessPhone ?? '').replace(/\D/g, '');
    if (d.length < 10) continue;
    const href = await feed.card(p.id).getByRole('link', { name: 'Enquire on WhatsApp' }).getAttribute('href');
    expect(href, `${p.businessName} (${p.businessPhone})`).toMatch(
      new RegExp(`^https://wa\\.me/${d.length === 10 ? `91${d}` : d}\\?text=`),
    );
    expect(href).toMatch(/^https:\/\/wa\.me\/91\d{10}\?/);
  }
});

test("share falls back to copying the link: 'Link copied to clipboard!'", async ({ feed, api, context, page, baseURL }) => {
  // No Web Share API (as in most desktop browsers): the app must fall back to the clipboard.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true });
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  const [post] = (await api.feedPage({ point: MUMBAI, limit: 10 })).posts;
  if (!post) throw new Error('no post near Mumbai');

  await feed.open('/');
  await feed.useMyLocation(MUMBAI);
  await feed.card(post.id).getByRole('button', { name: 'Share' }).click();

  // The app tells the visitor, as an alert or a visible message.
  await expect
    .poll(async () => alerts.includes(TEXT.linkCopied) || (await page.getByText(TEXT.linkCopied).isVisible()))
    .toBe(true);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/?post=${post.id}`);
});
