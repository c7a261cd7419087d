import type { Page } from '@playwright/test';
import { AuthPage, createOwner, newOwner } from '../fixtures/auth-page';
import { attachScreenshot, expectGlyphsNotBoxes, HINDI_PHONE, noHorizontalOverflow } from '../fixtures/hindi';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// The product in Hindi.
test.use(HINDI_PHONE);

const ENGLISH_FEED_TEXTS = ['Loading your local business feed', 'Search posts, #hashtags', 'Show business posts from my area'];

/** Records, from the first byte of the page on, whether any of these English texts was ever in the document. */
async function watchForEnglish(page: Page): Promise<void> {
  await page.addInitScript((texts: string[]) => {
    const seen: string[] = [];
    (window as unknown as { englishSeen: string[] }).englishSeen = seen;
    const check = () => {
      const html = document.documentElement?.outerHTML ?? '';
      for (const text of texts) if (html.includes(text) && !seen.includes(text)) seen.push(text);
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, ENGLISH_FEED_TEXTS);
}

test('the feed comes in Hindi from its first byte, with its font, and switches to English without a reload', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await watchForEnglish(page);
  const response = await page.goto('/');
  const html = (await response?.text()) ?? '';
  expect(html, 'the server drew the page in Hindi').toContain('<html lang="hi"');
  expect(html).toContain('आपके आसपास की दुकानों की फ़ीड लोड हो रही है...');

  const search = page.getByRole('searchbox', { name: 'पोस्ट खोजें' });
  await expect(search).toHaveAttribute('placeholder', 'पोस्ट, #हैशटैग या दुकान खोजें');
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.evaluate(() => (window as unknown as { englishSeen: string[] }).englishSeen), 'no English flash').toEqual([]);
  // The Devanagari font is in and used: matras and conjuncts are not boxes.
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'दिवाली'))).toBe(true);
  await noHorizontalOverflow(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await attachScreenshot(page, testInfo, 'feed in Hindi, 360 px');

  // The first visit's Support Local popup, in Hindi too.
  const intro = page.getByRole('dialog', { name: 'लोकल को बढ़ावा दें' });
  await expect(intro).toBeVisible();
  await expectGlyphsNotBoxes(intro.getByRole('heading', { name: 'लोकल को बढ़ावा दें' }));
  await intro.getByRole('button', { name: 'ठीक है' }).click();
  await expect(intro).toBeHidden();

  // Back to English from the menu: the same page redraws (no reload), and the choice is kept.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'not reloaded').toBe(true);
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'aaspaas_lang')?.value).toBe('en');
  await attachScreenshot(page, testInfo, 'feed switched to English');

  // The next page the server draws follows the choice, over the phone's Hindi.
  const again = await page.request.get('/', { headers: { cookie: 'aaspaas_lang=en', 'accept-language': 'hi-IN' } });
  expect(await again.text()).toContain('<html lang="en"');
});

test('signing in in Hindi: labels, the form’s and the server’s messages', async ({ page, request }, testInfo) => {
  const owner = await createOwner(request, newOwner('hindi'));
  await page.goto('/login');
  const login = page.getByRole('tabpanel', { name: 'साइन इन' });
  await expect(login).toBeVisible();
  // Semibold (600) labels, laid out while that face loaded, once stayed boxes in Debian's Chromium.
  await expectGlyphsNotBoxes(page.getByRole('link', { name: 'फ़ीड पर वापस' }));
  await expectGlyphsNotBoxes(page.getByRole('tab', { name: 'साइन इन', selected: true }));
  await expectGlyphsNotBoxes(page.getByText('या', { exact: true }).first());
  await login.getByLabel('ईमेल').fill('not-an-email');
  await login.getByLabel('पासवर्ड').fill('123');
  await login.getByRole('button', { name: 'ईमेल से साइन इन करें' }).click();
  await expect(login.getByText('कृपया सही ईमेल पता लिखें')).toBeVisible();
  await expect(login.getByText('पासवर्ड कम से कम 6 अक्षरों का होना चाहिए')).toBeVisible();
  await noHorizontalOverflow(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await attachScreenshot(page, testInfo, 'login validation in Hindi, 360 px');

  // The server's answer (an English sentence of the contracts) is shown in Hindi.
  await login.getByLabel('ईमेल').fill(owner.email);
  await login.getByLabel('पासवर्ड').fill('not-the-password');
  await login.getByRole('button', { name: 'ईमेल से साइन इन करें' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'साइन इन नहीं हो सका' });
  await expect(toast).toContainText('ईमेल या पासवर्ड गलत है');
  await attachScreenshot(page, testInfo, 'wrong password in Hindi');

  await login.getByLabel('पासवर्ड').fill(owner.password);
  await login.getByRole('button', { name: 'ईमेल से साइन इन करें' }).click();
  await expect(page).toHaveURL(/\/app$/);
  // The device follows the phone's Hindi; an account left at the default English does not change it.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});

test.describe('an English phone', () => {
  test.use({ locale: 'en-IN' });

  test('/settings switches the app to Hindi in place and keeps it on the account', async ({ page, request }, testInfo) => {
    const owner = await createOwner(request, newOwner('settings'));
    const auth = new AuthPage(page);
    await auth.open('/login');
    await auth.login(owner.email, owner.password);
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/settings');
    const group = page.getByRole('group', { name: 'Choose language' });
    await expect(group.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await group.getByRole('button', { name: 'हिंदी' }).click();
    await expect(page.getByRole('group', { name: 'भाषा चुनें' }).getByRole('button', { name: 'हिंदी' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect((await page.context().cookies()).find((c) => c.name === 'aaspaas_lang')?.value).toBe('hi');
    // Kept on the account: the password email will be in Hindi, and another device signing in takes it.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const token = window.localStorage.getItem('auth_token');
          const res = await fetch('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
          return ((await res.json()) as { language: string }).language;
        }),
      )
      .toBe('hi');
    await noHorizontalOverflow(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await attachScreenshot(page, testInfo, 'settings switched to Hindi, 360 px');
  });
});
