import {
  adminAddsTemplateABusinessUses,
  adminEditsAboutPage,
  CONTENT_ADMIN_EMAILS,
  signInContentAdmin,
} from '../fixtures/admin-content';
import { test } from '../fixtures/test';

// The same flows on a desktop screen (the admin's usual one).
test('the admin edits the About page and a visitor sees it; adds a template and a business uses it (desktop)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await signInContentAdmin(page, CONTENT_ADMIN_EMAILS.desktop);
  await adminEditsAboutPage(page, browser, 'desktop');
  await adminAddsTemplateABusinessUses(page, browser, request);
});
