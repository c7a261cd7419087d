import { shootBusiness, shootEmpty, shootFeed } from '../fixtures/screenshots';
import { test } from '../fixtures/test';

// Phone (Pixel 5) screenshots of the main public screens, into e2e/screenshots/.
test('screenshot: feed (mobile)', async ({ feed }) => {
  await shootFeed(feed, 'feed-mobile.png');
});

test('screenshot: business page (mobile)', async ({ page, api }) => {
  await shootBusiness(page, api, 'business-mobile.png');
});

test('screenshot: empty state (mobile)', async ({ feed }) => {
  await shootEmpty(feed, 'empty-mobile.png');
});
