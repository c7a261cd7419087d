import { verifyAndFeatureFlow } from '../fixtures/business-cards';
import { test } from '../fixtures/test';

test('the admin marks a business verified and features it; a visitor sees the badge on its feed card and its page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await verifyAndFeatureFlow(page, browser, 'mobile');
});
