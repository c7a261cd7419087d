import { devices, type Browser, type Page } from '@playwright/test';
import type { OwnPost } from '@aaspaas/domain';
import { signInBusinessWithProfile } from '../fixtures/business-profile';
import { FeedPage } from '../fixtures/feed-page';
import { shoot } from '../fixtures/screenshots';
import { expect, seriousA11yViolations, test, type Point } from '../fixtures/test';

// The shop's counter at phone size (docs/product.md §3): a business sets its hours and UPI ID; a visitor
// nearby sees "Open now · Closes at …", filters Open now, pays an offer by UPI (a upi:// link with the
// amount), gets a code; the business marks it redeemed; the offer's insights count it. A wide screen shows
// the same link as a QR code.

/** Bhuj: a town of its own, so this business's offer is the first post of its feed. */
const BHUJ: Point = { latitude: 23.242, longitude: 69.6669 };
const IST_MS = 330 * 60_000;

/**
 * Hours open now and closing at least two hours from now: 00:00–22:00 every day while it is before 20:00
 * in India (the page then says "Closes at 10 pm"); later, from two hours ago to three hours ahead.
 */
function hoursOpenNow(): { opens: string; closes: string; closesText: RegExp } {
  const hour = new Date(Date.now() + IST_MS).getUTCHours();
  if (hour < 20) return { opens: '00:00', closes: '22:00', closesText: /^Open now · Closes at 10 pm$/ };
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return { opens: at(hour + 22), closes: at(hour + 3), closesText: /^Open now · Closes (at|tomorrow at) \d+ (am|pm)$/ };
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

async function visitorAt(browser: Browser, point: Point, device: 'Pixel 5' | 'Desktop Chrome'): Promise<FeedPage> {
  const context = await browser.newContext({
    ...devices[device],
    geolocation: point,
    permissions: ['geolocation'],
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  return new FeedPage(await context.newPage());
}

test('hours and UPI: a visitor sees open now, filters it, pays by UPI with a code the shop redeems and counts', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const { token } = await signInBusinessWithProfile(page, request, {
    city: 'Bhuj',
    state: 'Gujarat',
    lat: BHUJ.latitude,
    lon: BHUJ.longitude,
    businessPhone: '9825012345',
    businessCategories: ['Sweets'],
  });
  const made = await request.post('/api/user/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      content: 'Diwali combo: kaju katli and soan papdi',
      category: 'Sweets',
      mrpPaise: 49_900,
      ourPricePaise: 39_900,
      images: [],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const offerId = ((await made.json()) as OwnPost).id;

  // The business sets its hours (Monday's, then every day) and its UPI ID.
  const hours = hoursOpenNow();
  await page.goto('/edit-profile');
  const form = page.getByTestId('counter-settings');
  const monday = form.getByTestId('hours-mon');
  await monday.getByLabel('Opens').fill(hours.opens);
  await monday.getByLabel('Closes').fill(hours.closes);
  await form.getByRole('button', { name: "Use Monday's hours for every day" }).click();
  await form.getByLabel('UPI ID').fill('not a upi id');
  await form.getByRole('button', { name: 'Save hours and UPI ID' }).click();
  await expect(form.getByRole('alert')).toContainText('Enter a UPI ID like yourshop@okaxis');
  await form.getByLabel('UPI ID').fill('bhujsweets@okaxis');
  await form.getByRole('button', { name: 'Save hours and UPI ID' }).click();
  await expect(toast(page, 'Opening hours and UPI ID saved')).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await shoot(page, 'counter-hours-mobile.png');

  // A visitor in Bhuj: the offer first, open now with its closing time, text and icon.
  const visitor = await visitorAt(browser, BHUJ, 'Pixel 5');
  await visitor.open('/');
  await visitor.useMyLocation(BHUJ);
  const card = visitor.card(offerId);
  await expect(visitor.cards.first()).toHaveAttribute('data-post-id', offerId);
  await expect(card.getByTestId('open-status')).toHaveText(hours.closesText);
  await expect(card.getByTestId('open-status').locator('svg')).toBeVisible();
  await shoot(visitor.page, 'counter-card-open-now-mobile.png');

  // "Open now": the feed asks for openNow=true and still shows the offer.
  const filtered = visitor.page.waitForResponse((r) => r.url().includes('/api/feed') && r.url().includes('openNow=true'));
  await visitor.page.getByTestId('open-now-filter').click();
  expect((await filtered).status()).toBe(200);
  await expect(visitor.page.getByTestId('open-now-filter')).toHaveAttribute('aria-pressed', 'true');
  await expect(visitor.cards.first()).toHaveAttribute('data-post-id', offerId);
  await shoot(visitor.page, 'counter-open-now-filter-mobile.png');

  // Pay by UPI: a claim with a code and the upi://pay link with the offer's amount.
  await card.getByTestId('pay-upi-button').click();
  const dialog = visitor.page.getByTestId('claim-dialog');
  await expect(dialog).toBeVisible();
  const code = (await dialog.getByTestId('claim-code').textContent())!.trim();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}$/);
  const link = await dialog.getByTestId('upi-pay-link').getAttribute('href');
  expect(link).toMatch(/^upi:\/\/pay\?pa=bhujsweets@okaxis&pn=[^&]+&am=399\.00&cu=INR&tn=[^&]+&tr=AASPAAS-/);
  expect(link).toContain(`tr=AASPAAS-${code}-`);
  await expect(dialog.getByTestId('upi-pay-link')).toHaveText('Pay ₹399 by UPI');
  await expect(dialog.getByTestId('upi-qr')).toHaveCount(0);
  expect(await seriousA11yViolations(visitor.page)).toEqual([]);
  await shoot(visitor.page, 'counter-claim-code-mobile.png');
  await visitor.page.context().close();

  // The business: today's claim on the dashboard, redeemed with one tap for ₹399.
  await page.goto('/app');
  const row = page.getByTestId('claim-row').filter({ hasText: code });
  await expect(row).toBeVisible();
  await row.getByTestId('redeem-button').click();
  await expect(row.getByTestId('claim-redeemed')).toHaveText('Redeemed · ₹399 received');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await row.scrollIntoViewIfNeeded();
  await shoot(page, 'counter-redeemed-mobile.png');

  // The offer's insights: 1 claim, 1 redeemed, ₹399 received.
  await page.goto('/posts-history');
  const offer = page.getByTestId('my-post').filter({ hasText: 'Diwali combo' });
  await offer.getByRole('button', { name: 'Show daily chart' }).click();
  await expect(offer.getByTestId('claim-totals')).toHaveText('1 claim · 1 redeemed · ₹399 received');
  await offer.getByTestId('claim-totals').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shoot(page, 'counter-insights-mobile.png');

  // On a wide screen the same link is a QR code to scan with the phone.
  const desk = await visitorAt(browser, BHUJ, 'Desktop Chrome');
  await desk.open('/');
  await desk.useMyLocation(BHUJ);
  await desk.card(offerId).getByTestId('pay-upi-button').click();
  const deskDialog = desk.page.getByTestId('claim-dialog');
  await expect(deskDialog.getByTestId('upi-qr')).toBeVisible();
  await expect(deskDialog.getByTestId('upi-pay-link')).toHaveAttribute('href', /am=399\.00/);
  await shoot(desk.page, 'counter-claim-qr-desktop.png');
  await desk.page.context().close();
});
