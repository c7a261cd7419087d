import { adminAddsTemplateABusinessUses, adminEditsLandingPage, signInContentAdmin } from '../fixtures/admin-content';
import { CONTENT_ADMIN_EMAILS } from '../fixtures/services';
import { test } from '../fixtures/test';

// The admin's content tools on a phone: the About page and a template, as visitors and businesses then see them.
test.describe.configure({ mode: 'serial' });

test('the admin edits the About page and a visitor sees it; adds and edits a template and a business uses it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await signInContentAdmin(page, CONTENT_ADMIN_EMAILS.mobile);
  await adminEditsLandingPage(page, browser, { email: CONTENT_ADMIN_EMAILS.mobile, device: 'mobile', page: 'about' });
  await adminAddsTemplateABusinessUses(page, browser, request);
});
