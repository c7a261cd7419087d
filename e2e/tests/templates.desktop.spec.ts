import { signInBusinessWithProfile } from '../fixtures/business-profile';
import { shoot } from '../fixtures/screenshots';
import { expect, test } from '../fixtures/test';

// Desktop (1366 × 900) screenshots of the templates screens, into e2e/screenshots/.
test('screenshot: /add-templates and /template-preview (desktop)', async ({ page, request }) => {
  await signInBusinessWithProfile(page, request);
  await page.goto('/add-templates');
  await expect(page.getByRole('link', { name: /Grand Opening, Post template/ })).toBeVisible();
  await shoot(page, 'add-templates-desktop.png');

  await page.getByRole('link', { name: 'Diwali Dhamaka Offer, Offer template' }).click();
  await expect(page.getByTestId('template-preview')).toBeVisible();
  await page.getByLabel('Offer line (optional)').fill('Kaju katli 1 kg box');
  await page.getByLabel('MRP (₹)').fill('1000');
  await page.getByLabel('Our price (₹)').fill('799');
  await expect(page.getByTestId('discount')).toHaveText('20% off');
  await shoot(page, 'template-preview-desktop.png');
});
