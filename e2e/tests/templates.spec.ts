import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { UploadResponse } from '@aaspaas/domain';
import { signInBusinessWithProfile } from '../fixtures/business-profile';
import { SCREENSHOT_DIR, shoot } from '../fixtures/screenshots';
import { expect, seriousA11yViolations, test } from '../fixtures/test';

// Templates on a phone: browse by category, fill an offer template with the business's
// details and the owner's offer, "Use this" → the composer, with the server's picture.

/** The sizes (px) the preview draws its headline and its other lines at. */
async function previewFontSizes(page: Page): Promise<{ headline: number; body: number }> {
  return page.getByTestId('template-preview').evaluate((el) => {
    const lines = Array.from(el.querySelectorAll<HTMLElement>('.whitespace-pre'));
    const size = (bold: boolean) =>
      Number.parseFloat(getComputedStyle(lines.find((l) => (getComputedStyle(l).fontWeight === '700') === bold)!).fontSize);
    return { headline: size(true), body: size(false) };
  });
}

test('a business picks an offer template, fills it in, "Use this" opens /send-offers with the rendered picture, and publishes it', async ({
  page,
  request,
}) => {
  const { owner } = await signInBusinessWithProfile(page, request);

  // From the /app home's shortcut.
  await page.getByRole('link', { name: /Use a template/ }).click();
  await expect(page).toHaveURL(/\/add-templates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Grand Opening, Post template/ })).toBeVisible();
  // A toast may still be up (docs/product.md §9); the page itself is what is checked here.
  for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all()) await close.click();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'add-templates-mobile.png');

  // Filter by a category.
  const categories = page.getByRole('group', { name: 'Category' });
  await categories.getByText('Festival Offers', { exact: true }).click();
  await expect(categories.getByRole('radio', { name: 'Festival Offers' })).toBeChecked();
  await expect(page).toHaveURL(/\?category=Festival\+Offers$/);
  await expect(page.getByRole('link', { name: /Grand Opening, Post template/ })).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Templates' }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  for (const name of await cards.evaluateAll((links) => links.map((l) => l.getAttribute('aria-label') ?? ''))) {
    expect(name).toMatch(/, Offer template$/);
  }

  // Open an offer template: the preview carries the business's own name and city.
  await page.getByRole('link', { name: 'Diwali Dhamaka Offer, Offer template' }).click();
  await expect(page).toHaveURL(/\/template-preview\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Diwali Dhamaka Offer' })).toBeVisible();
  const preview = page.getByTestId('template-preview');
  await expect(preview).toHaveAttribute('aria-label', new RegExp(owner.businessName));
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('missing-details')).toHaveCount(0);

  // The offer and prices: the preview follows as they type.
  await page.getByLabel('Offer line (optional)').fill('Kaju katli 1 kg box');
  await page.getByLabel('MRP (₹)').fill('1,000');
  await page.getByLabel('Our price (₹)').fill('799');
  await expect(page.getByTestId('discount')).toHaveText('20% off');
  await expect(preview).toContainText('Kaju katli');
  await expect(preview).toContainText('20% OFF');
  await expect(preview).toContainText('₹799');
  const sizes = await previewFontSizes(page);
  expect(sizes.headline).toBeGreaterThan(sizes.body * 1.5);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'template-preview-mobile.png');

  // "Use this": the server renders the picture, and the composer gets it with the filled text.
  const rendered = page.waitForResponse((res) => /\/api\/templates\/[^/]+\/render$/.test(res.url()));
  await page.getByRole('button', { name: 'Use this' }).click();
  const response = await rendered;
  expect(response.status()).toBe(201);
  const picture = (await response.json()) as UploadResponse;
  await expect(page).toHaveURL(/\/send-offers$/);

  const image = await request.get(picture.url);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\/(webp|jpeg)$/);
  const bytes = await image.body();
  expect(bytes.byteLength).toBeGreaterThan(10_000);
  // Beside the preview's screenshot, to compare what the owner saw with what the server drew.
  fs.writeFileSync(path.join(SCREENSHOT_DIR, `template-rendered.${image.headers()['content-type']!.split('/')[1]}`), bytes);

  // react-router keeps the navigation's state in history.state.usr: what the composer reads.
  // The composer starts from the template: its text, its picture, the prices; publishing puts it in the feed.
  const form = page.getByRole('form', { name: 'New offer' });
  await expect(form.getByLabel('What do you want to tell people?')).toHaveValue(new RegExp(owner.businessName));
  await expect(form.getByTestId('photo-tile')).toHaveCount(1);
  await expect(form.getByTestId('photo-tile').first()).toHaveAttribute('data-status', 'ready');
  await expect(form.getByLabel('MRP (₹)')).toHaveValue(/1,?000/);
  await expect(form.getByLabel('Our price (₹)')).toHaveValue('799');
  await expect(form.getByTestId('hashtag-preview')).toContainText('#diwali');
  await form.getByRole('button', { name: 'Publish offer' }).click();
  await expect(page).toHaveURL(/\/success\?post=[0-9a-f-]{36}$/);
  const postId = new URL(page.url()).searchParams.get('post') ?? '';
  const published = await request.get(`/api/posts/${postId}`);
  expect(published.status()).toBe(200);
  expect(await published.json()).toMatchObject({
    images: [picture.url],
    mrpPaise: 100_000,
    ourPricePaise: 79_900,
    hashtags: expect.arrayContaining(['diwali']),
    content: expect.stringContaining(owner.businessName),
    city: 'Nashik',
  });
});

test('an unknown template says so, with the way back to the list', async ({ page, request }) => {
  await signInBusinessWithProfile(page, request);
  await page.goto('/template-preview/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Template not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'All templates' }).last().click();
  await expect(page).toHaveURL(/\/add-templates$/);
});
