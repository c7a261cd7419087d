import path from 'node:path';
import type { Page } from '@playwright/test';
import { NASHIK_PROFILE, signInBusinessWithProfile } from '../fixtures/business-profile';
import { expectGlyphsNotBoxes } from '../fixtures/hindi';
import { SCREENSHOT_DIR } from '../fixtures/screenshots';
import { APP_URL } from '../fixtures/services';
import { expect, test } from '../fixtures/test';

// Platform content on a Hindi phone at 393 px: the template gallery's titles and picture text, a
// template's post text, and the business categories, each in Hindi (docs/product.md, Languages).
test.use({ locale: 'hi-IN', timezoneId: 'Asia/Kolkata' });
test.describe.configure({ timeout: 180_000 });

/** English names of the starter templates and categories: none may show on a Hindi screen. */
const ENGLISH_NAMES = ['Grand Opening', 'Diwali Dhamaka', 'Weekend Sale', 'Festival Offers', 'New Arrivals', 'Now open in'];

async function shootHindi(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `hindi-templates-${name}.png`) });
}

/** Signs in with the English form (the shared helper's labels), then turns the device to Hindi. */
async function signInThenHindi(page: Page, request: Parameters<typeof signInBusinessWithProfile>[1]) {
  await page.context().addCookies([{ name: 'aaspaas_lang', value: 'en', url: APP_URL }]);
  const signedIn = await signInBusinessWithProfile(page, request, {
    ...NASHIK_PROFILE,
    businessCategories: ['Sweets', 'Bakery'],
  });
  await page.evaluate(() => (document.cookie = 'aaspaas_lang=hi; Path=/'));
  return signedIn;
}

test('a template in Hindi: the gallery, its picture text and post text, published without touching Category', async ({
  page,
  request,
}) => {
  await signInThenHindi(page, request);
  await page.goto('/add-templates');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const opening = page.getByRole('link', { name: /^शुभ उद्घाटन,/ });
  await expect(opening).toBeVisible();
  // The category chips and every card's title and picture words are the Hindi ones.
  await expect(page.getByRole('radio', { name: 'त्योहार के ऑफ़र' })).toBeAttached();
  await expect(page.locator('main')).toContainText('दिवाली धमाका');
  await expect(page.locator('main')).toContainText('WhatsApp पर ऑर्डर करें');
  const shown = await page.locator('main').innerText();
  expect(ENGLISH_NAMES.filter((english) => shown.includes(english))).toEqual([]);
  await expectGlyphsNotBoxes(opening.locator('span.font-bold'));
  await page.getByRole('link', { name: /^दिवाली धमाका ऑफ़र,/ }).scrollIntoViewIfNeeded();
  await shootHindi(page, 'gallery');

  await opening.click();
  const picture = page.getByTestId('template-preview');
  // The picture's words (the label reads them out): the Hindi text filled with the business's details.
  await expect(picture).toHaveAttribute('aria-label', /शुभ उद्घाटन\. .+\. अब Nashik में खुल गया/);
  await shootHindi(page, 'preview');
  await page.getByRole('button', { name: 'इसे इस्तेमाल करें' }).click();

  await expect(page).toHaveURL(/\/send-post$/);
  const form = page.getByRole('form', { name: 'नई पोस्ट' });
  // The post text in Hindi, the shop's own category chosen (shown by its Hindi name).
  await expect(form.getByLabel('आप लोगों को क्या बताना चाहते हैं?')).toHaveValue(/^हम खुल गए हैं! .+ अब Nashik में खुल गया है।/);
  const category = form.getByLabel('श्रेणी', { exact: true });
  await expect(category).toHaveValue('Sweets');
  await expect(category.locator('option:checked')).toHaveText('मिठाई');
  await form.getByRole('button', { name: 'पोस्ट पब्लिश करें' }).click();

  await expect(page).toHaveURL(/\/success\?post=[0-9a-f-]{36}$/);
  const published = page.getByTestId('post-preview');
  await expect(published).toContainText('हम खुल गए हैं!');
  await expect(published).toContainText('मिठाई');
  // The picture the server drew, in Hindi (looked at in the screenshot; the API tests measure its glyphs).
  const photo = published.locator('img').first();
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shootHindi(page, 'published');
});

test('the profile editor’s category chips and suggestions in Hindi', async ({ page, request }) => {
  await signInThenHindi(page, request);
  await page.goto('/edit-profile');
  const chosen = page.getByRole('list', { name: 'चुनी हुई श्रेणियाँ' });
  await expect(chosen.getByRole('listitem')).toHaveText(['मिठाई', 'बेकरी']);
  await expectGlyphsNotBoxes(chosen.getByRole('listitem').first());
  // The feed's other categories, offered by their Hindi names; removing a chip names it in Hindi.
  await expect(page.getByRole('button', { name: /^किराना/ })).toBeVisible();
  await expect(chosen.getByRole('button', { name: /मिठाई/ })).toBeVisible();
  const fieldset = page.locator('#businessCategories');
  await fieldset.scrollIntoViewIfNeeded();
  const text = await fieldset.innerText();
  expect(['Sweets', 'Bakery', 'Grocery'].filter((english) => text.includes(english))).toEqual([]);
  await shootHindi(page, 'profile-categories');
});
