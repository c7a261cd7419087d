import type { Page } from '@playwright/test';
import { createOwner, newOwner, type Owner } from '../fixtures/auth-page';
import { attachScreenshot, expectGlyphsNotBoxes, HINDI_PHONE, noHorizontalOverflow } from '../fixtures/hindi';
import { signInAsAdmin } from '../fixtures/moderation';
import { businessWithPosts } from '../fixtures/my-posts';
import { APP_URL, HINDI_ADMIN_EMAIL } from '../fixtures/services';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// The business app and the admin dashboard on a Hindi phone, 360 px wide: each screen in Hindi, with
// no English of the app's own, axe clean, and a screenshot in the report.
test.use(HINDI_PHONE);
// Sign-in, a few screens and axe on each: minutes on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** Texts of locales/en for these screens: none may show on the Hindi pages. */
const ENGLISH_TEXTS = [
  'Contacts',
  'No contacts yet',
  'Add contact',
  'Save contact',
  'Your balance',
  'History',
  'Money added',
  'Send a post',
  'Publish post',
  'from your wallet',
  'free posts left this month',
  'Your post is live',
  'Real counts from the database',
  'Businesses',
  'Views today',
  'Loading',
];

async function noEnglishShown(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(
    ENGLISH_TEXTS.filter((english) => text.includes(english)),
    'English texts of the app on a Hindi page',
  ).toEqual([]);
}

/** Signs in through the Hindi form. */
async function signInInHindi(page: Page, owner: Owner): Promise<void> {
  await page.goto('/login');
  const login = page.getByRole('tabpanel', { name: 'साइन इन' });
  await login.getByLabel('ईमेल').fill(owner.email);
  await login.getByLabel('पासवर्ड').fill(owner.password);
  await login.getByRole('button', { name: 'ईमेल से साइन इन करें' }).click();
  await expect(page).toHaveURL(/\/app$/);
}

async function checkScreen(page: Page, testInfo: Parameters<typeof attachScreenshot>[1], name: string): Promise<void> {
  await noEnglishShown(page);
  await noHorizontalOverflow(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await attachScreenshot(page, testInfo, name);
}

test('contacts in Hindi: the empty list, adding one with the form’s Hindi messages, the list', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createOwner(request, newOwner('hindi-contacts'));
  await signInInHindi(page, owner);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'संपर्क' })).toBeVisible();
  await expect(page.getByText('अभी कोई संपर्क नहीं है')).toBeVisible();
  await checkScreen(page, testInfo, 'contacts empty, 360 px');

  await page.goto('/add-contact');
  await expect(page.getByRole('heading', { level: 1, name: 'संपर्क जोड़ें' })).toBeVisible();
  // Saved empty: the contracts' messages, in Hindi.
  await page.getByRole('button', { name: 'संपर्क सेव करें' }).click();
  await expect(page.getByText('नाम और मोबाइल नंबर ज़रूरी हैं').first()).toBeVisible();
  await checkScreen(page, testInfo, 'add contact validation, 360 px');

  await page.getByLabel('नाम', { exact: true }).fill('सुनीता वर्मा');
  await page.getByLabel('मोबाइल नंबर').fill('+91 98200 22222');
  await page.getByRole('button', { name: 'संपर्क सेव करें' }).click();
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();

  await page.goto('/contacts');
  const row = page.getByRole('listitem').filter({ hasText: 'सुनीता वर्मा' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('98200 22222');
  await expect(page.getByText('1 संपर्क')).toBeVisible();
  await checkScreen(page, testInfo, 'contacts list, 360 px');
});

test('the wallet in Hindi: balance, adding money through the test gateway, the history', async ({ page, request }, testInfo) => {
  const owner = await createOwner(request, newOwner('hindi-wallet'));
  await signInInHindi(page, owner);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'वॉलेट' })).toBeVisible();
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toHaveText('₹100');
  await expect(page.getByTestId('wallet-entry').filter({ hasText: 'स्वागत क्रेडिट' })).toBeVisible();
  await checkScreen(page, testInfo, 'wallet, 360 px');

  await page.getByTestId('topup-amount').fill('250');
  await page.getByTestId('topup-submit').click();
  // The test gateway's own page stands in for Razorpay's: it is not the app's and is not checked.
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'पैसे जुड़ गए' })).toBeVisible();
  await expect(page.getByTestId('payment-result')).toHaveText('आपके वॉलेट में ₹250 जुड़ गए।');
  await checkScreen(page, testInfo, 'payment result, 360 px');

  await page.getByTestId('to-wallet').click();
  await expect(balance).toHaveText('₹350');
  const topup = page.getByTestId('wallet-entry').filter({ hasText: 'पैसे जोड़े गए' });
  await expect(topup).toContainText('+₹250');
  await expect(topup).toContainText('बैलेंस ₹350');
  await checkScreen(page, testInfo, 'wallet history, 360 px');
});

test('publishing a post in Hindi: the composer with its cost line, then the published post', async ({
  page,
  request,
}, testInfo) => {
  const owner = await createOwner(request, newOwner('hindi-post'));
  await businessWithPosts(request, owner, []); // a business location (Nagpur), as its profile sets it
  await signInInHindi(page, owner);
  await page.goto('/send-post');
  const form = page.getByRole('form', { name: 'नई पोस्ट' });
  await expect(form).toBeVisible();
  await expect(form.getByText('Nagpur के आसपास के लोग इसे देखेंगे।')).toBeVisible();
  await expect(page.getByText(/^मुफ़्त — इस महीने \d+ में से \d+ मुफ़्त पोस्ट बाकी$/)).toBeVisible();
  await form.getByLabel('आप लोगों को क्या बताना चाहते हैं?').fill('दिवाली पर ताज़ा मिठाई, हर शाम 5 बजे से। #दिवाली');
  await form.getByLabel('श्रेणी').fill('मिठाई');
  await checkScreen(page, testInfo, 'composer, 360 px');

  await form.getByRole('button', { name: 'पोस्ट पब्लिश करें' }).click();
  await expect(page.getByRole('heading', { name: 'आपकी पोस्ट लाइव है' })).toBeVisible();
  await expect(page.getByTestId('post-preview')).toContainText('दिवाली पर ताज़ा मिठाई');
  await checkScreen(page, testInfo, 'post published, 360 px');
});

test('the admin dashboard in Hindi', async ({ page }, testInfo) => {
  // The admin signs in in English (the shared helper's labels), then turns the device to Hindi.
  await page.context().addCookies([{ name: 'aaspaas_lang', value: 'en', url: APP_URL }]);
  await signInAsAdmin(page, HINDI_ADMIN_EMAIL);
  await page.evaluate(() => (document.cookie = 'aaspaas_lang=hi; Path=/'));
  await page.goto('/admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByText('डेटाबेस से असली गिनती।')).toBeVisible();
  await expect(page.getByText('आज के व्यू')).toBeVisible();
  await expectGlyphsNotBoxes(page.getByText('आज के व्यू'));
  await checkScreen(page, testInfo, 'admin dashboard, 360 px');
});
