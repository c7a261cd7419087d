import { AuthPage, createOwner, newOwner } from '../fixtures/auth-page';
import { ADMIN_EMAIL } from '../fixtures/services';
import { linkIn, waitForMail } from '../fixtures/smtp-inbox';
import { expect, test } from '../fixtures/test';

// The one admin (ADMIN_EMAILS): created at /admin/create-user, signs in at /admin/login; nobody else.
const ADMIN_PASSWORD = 'admin-pass-123';

test.describe.configure({ mode: 'serial' });

test('/admin signed out redirects to /admin/login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('create-user asks for the email only; the configured admin sets the password from the email, then sees real counts', async ({
  page,
}) => {
  const auth = new AuthPage(page);
  await page.goto('/admin/create-user');
  await expect(page.getByLabel(/name/i)).toHaveCount(0);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByRole('button', { name: 'Email Me the Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check the Admin Mailbox' })).toBeVisible();

  // Only the owner of the admin mailbox can choose the password: the link arrives by email.
  const link = linkIn(await waitForMail(ADMIN_EMAIL), '/reset-password?token=');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel(/confirm/i).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /reset password|set new password|save/i }).click();
  await expect(page.getByText(/password has been reset/i)).toBeVisible();

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(auth.toast('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);

  const stats = await page.evaluate(async () => {
    const res = await fetch('/api/admin/stats', { headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` } });
    return (await res.json()) as { businesses: number; posts: number };
  });
  expect(stats.posts).toBeGreaterThan(300);
  await expect(page.getByText(String(stats.posts)).first()).toBeVisible();
});

test('a business owner is refused at /admin/login with the same message as a wrong password', async ({ page, request }) => {
  const owner = newOwner('not-admin');
  await createOwner(request, owner);
  const auth = new AuthPage(page);
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(auth.toast('Login Failed')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
