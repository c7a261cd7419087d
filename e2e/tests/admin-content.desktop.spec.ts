import { adminAddsTemplateABusinessUses, adminEditsLandingPage, signInContentAdmin } from '../fixtures/admin-content';
import { CONTENT_ADMIN_EMAILS } from '../fixtures/services';
import { test } from '../fixtures/test';

// The same flows on a desktop screen (the admin's usual one).
test('the admin edits the Contact Us page and a visitor sees it; adds and edits a template and a business uses it (desktop)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await signInContentAdmin(page, CONTENT_ADMIN_EMAILS.desktop);
  await adminEditsLandingPage(page, browser, { email: CONTENT_ADMIN_EMAILS.desktop, device: 'desktop', page: 'contact' });
  await adminAddsTemplateABusinessUses(page, browser, request);
});
