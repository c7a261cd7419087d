import { AuthPage, createOwner, newOwner } from '../fixtures/auth-page';
import { linkIn, waitForMail } from '../fixtures/smtp-inbox';
import { expect, test } from '../fixtures/test';

// Forgot password: the email really goes out over SMTP to the run's inbox on 127.0.0.1 (global setup).

test('forgot password → the mail arrives → reset → login with the new password', async ({ page, request }) => {
  const owner = newOwner('reset');
  await createOwner(request, owner);
  // A reset link goes only to a confirmed address: confirm it with the registration's mail first.
  const welcome = await waitForMail(owner.email, 20_000, (m) => m.subject.startsWith('Confirm your email'));
  const token = new URL(linkIn(welcome, '/verify-email?token=')).searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);

  const auth = new AuthPage(page);
  await auth.open('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Email').fill(owner.email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(auth.toast('Password reset email sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(owner.email, 20_000, (m) => m.subject.startsWith('Reset your'));
  const link = linkIn(mail, '/reset-password?token=');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  const newPassword = 'brand-new-pass';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel(/confirm/i).fill(newPassword);
  await page.getByRole('button', { name: /reset password|set new password|save/i }).click();
  await expect(page.getByText(/password has been reset/i)).toBeVisible();

  // The link is single-use.
  const again = await page.request.post('/api/auth/reset-password', {
    data: { token: new URL(link).searchParams.get('token'), password: 'another-pass' },
  });
  expect(again.status()).toBe(400);

  await auth.open('/login');
  await auth.login(owner.email, owner.password);
  await expect(auth.toast('Login failed')).toBeVisible();
  await auth.login(owner.email, newPassword);
  await expect(page).toHaveURL(/\/app$/);
});
