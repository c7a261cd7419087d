import { verifyAndFeatureFlow } from '../fixtures/business-cards';
import { test } from '../fixtures/test';

// The same flow on a desktop screen, where the admin's pages are in the sidebar.
test('the admin marks a business verified and features it from the sidebar; a visitor sees the badge (desktop)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await verifyAndFeatureFlow(page, browser, 'desktop');
});
