import { AuthPage, createOwner, newOwner, registerAndSignIn } from '../fixtures/auth-page';
import { expect, test } from '../fixtures/test';

// Business sign-in on a phone: register, logout, login failure, the guard of /app.

test('register → /app shows the business; logout says Logged out and /app then needs login', async ({ page }) => {
  const owner = newOwner();
  const auth = new AuthPage(page);
  await auth.open('/auth');
  await auth.register(owner);
  await expect(auth.toast('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText(owner.businessName).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

  // A signed-in user opening the auth page is sent to /app.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/app$/);

  await page
    .getByRole('button', { name: /account menu|menu/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(auth.toast('Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  await page.goto('/app');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows Login failed with the reason, and the right one opens /app', async ({ page, request }) => {
  const owner = newOwner();
  await createOwner(request, owner);
  const auth = new AuthPage(page);
  await auth.open('/login');
  await auth.login(owner.email, 'not-the-password');
  await expect(auth.toast('Login failed')).toBeVisible();
  await expect(auth.toast('Login failed')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);

  await auth.login(owner.email, owner.password);
  await expect(auth.toast('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);
});

test('the login form explains bad input with the spec messages', async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.open('/login');
  await auth.login('not-an-email', '123');
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
});

test('visiting /app signed out shows the loading text, then lands on /login', async ({ page }) => {
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
});

test('a session survives a reload and a later page opens without signing in again', async ({ page, request }) => {
  const owner = await registerAndSignIn(page, request);
  await page.reload();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText(owner.businessName).first()).toBeVisible();
  await page.goto('/edit-profile');
  await expect(page.getByLabel('Business Name')).toHaveValue(owner.businessName);
});
