import { moderationFlow } from '../fixtures/moderation';
import { test } from '../fixtures/test';

test('a reported post: the admin hides it with a reason, the business asks for review, the admin unhides it (phone)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await moderationFlow(page, browser, 'mobile');
});
