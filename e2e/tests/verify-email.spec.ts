import { AuthPage, newOwner } from '../fixtures/auth-page';
import { linkIn, waitForMail } from '../fixtures/smtp-inbox';
import { expect, test } from '../fixtures/test';

// Email verification: the mail really goes out over SMTP to the run's inbox on 127.0.0.1 (global setup).

test('register → the "Verify your email" banner → the emailed link → the banner is gone', async ({ page }) => {
  const owner = newOwner('verify');
  const auth = new AuthPage(page);
  await auth.open('/auth');
  await auth.register(owner);
  await expect(page).toHaveURL(/\/app$/);

  // The app works unverified, with the banner naming the address.
  const banner = page.getByRole('region', { name: 'Verify your email' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(owner.email);
  // Resend is rationed: the registration's mail went out a moment ago.
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(auth.toast('Could not send the email')).toContainText('We sent a link a moment ago');

  const mail = await waitForMail(owner.email, 20_000, (m) => m.subject.startsWith('Confirm your email'));
  const link = linkIn(mail, '/verify-email?token=');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my business' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The same link again: already used, with a way back.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my business' })).toBeVisible();
});

test('/verify-email with an unknown link says so, with a way back', async ({ page }) => {
  await page.goto(`/verify-email?token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
});
