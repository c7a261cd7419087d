import { request as playwrightRequest } from '@playwright/test';
import { AuthPage, createOwner, newOwner } from '../fixtures/auth-page';
import { attachScreenshot, HINDI_PHONE, noHorizontalOverflow } from '../fixtures/hindi';
import { signInAsAdmin } from '../fixtures/moderation';
import { businessWithPosts } from '../fixtures/my-posts';
import { shoot } from '../fixtures/screenshots';
import { APP_URL, REPORTS_ADMIN_EMAIL } from '../fixtures/services';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

/** A visitor's phone at `address` (TRUST_PROXY is on here): its own id from the server, then its report. */
async function reportFrom(address: string, postId: string, reason: string): Promise<void> {
  const phone = await playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  try {
    const { visitorId } = (await (await phone.post('/api/visitor')).json()) as { visitorId: string };
    const sent = await phone.post(`/api/posts/${postId}/report`, { headers: { 'x-visitor-id': visitorId }, data: { reason } });
    expect(sent.status(), await sent.text()).toBe(200);
  } finally {
    await phone.dispose();
  }
}

// Reports hide a post only from several networks (ADR 048); the owner sees every open report with its
// reasons, in English and Hindi; the admin sees them by network, and the dashboard's abuse panels.
test('two reports from one network: the post stays up, its owner and the admin see why', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const word = `Reported${Date.now().toString(36)}`;
  const owner = await createOwner(request, newOwner('reported'));
  const {
    ids: [postId],
  } = await businessWithPosts(request, owner, [{ content: `${word} phones at half price`, category: 'Electronics' }]);
  if (!postId) throw new Error('no post');
  await reportFrom('203.0.113.10', postId, 'spam');
  await reportFrom('203.0.113.11', postId, 'misleading-price');
  expect((await request.get(`/api/posts/${postId}`)).status(), 'one network does not hide a post').toBe(200);

  // The owner, in English.
  const auth = new AuthPage(page);
  await auth.open('/login');
  await auth.login(owner.email, owner.password);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/posts-history');
  const notice = page.getByTestId('my-post').filter({ hasText: word }).getByTestId('reported-notice');
  await expect(notice).toContainText('Reported by 2 visitors');
  await expect(notice).toContainText('Spam (1)');
  await expect(notice).toContainText('Misleading price (1)');
  await expect(notice).toContainText('Your post stays in the feed unless visitors on several different networks report it.');
  await notice.scrollIntoViewIfNeeded();
  await shoot(page, 'posts-history-reported.png');

  // The owner, on a Hindi phone.
  const hindi = await browser.newContext(HINDI_PHONE);
  const hindiPage = await hindi.newPage();
  await hindiPage.goto('/login');
  const login = hindiPage.getByRole('tabpanel', { name: 'साइन इन' });
  await login.getByLabel('ईमेल').fill(owner.email);
  await login.getByLabel('पासवर्ड').fill(owner.password);
  await login.getByRole('button', { name: 'ईमेल से साइन इन करें' }).click();
  await expect(hindiPage).toHaveURL(/\/app$/);
  await hindiPage.goto('/posts-history');
  const hindiNotice = hindiPage.getByTestId('my-post').filter({ hasText: word }).getByTestId('reported-notice');
  await expect(hindiNotice).toContainText('2 लोगों ने रिपोर्ट किया');
  await hindiNotice.scrollIntoViewIfNeeded();
  await noHorizontalOverflow(hindiPage);
  await attachScreenshot(hindiPage, testInfo, 'posts history reported, 360 px');
  await hindi.close();

  // The admin: the reports grouped by network, the dashboard's new panels, the lock-out lifted.
  await signInAsAdmin(page, REPORTS_ADMIN_EMAIL);
  await expect(page.getByRole('heading', { name: 'New accounts paying for SMS at once' })).toBeVisible();
  await page.getByRole('button', { name: 'Open password sign-in again' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'open again on every address' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('heading', { name: 'Your password sign-in' }).scrollIntoViewIfNeeded();
  await shoot(page, 'admin-dashboard-abuse-panels.png');
  await page.goto('/admin/feed?queue=reported');
  const row = page.getByRole('row').filter({ hasText: word });
  await expect(row.getByTestId('report-sources')).toContainText('From 1 network');
  await expect(row.getByTestId('report-sources')).toContainText('203.0.113.0/24: 2 reports');
  await row.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-feed-report-sources.png');
});
