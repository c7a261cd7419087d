import { shootBusiness, shootEmpty, shootFeed } from '../fixtures/screenshots';
import { test } from '../fixtures/test';

// Desktop (1366 × 900) screenshots of the main public screens, into e2e/screenshots/.
test('screenshot: feed (desktop)', async ({ feed }) => {
  await shootFeed(feed, 'feed-desktop.png');
});

test('screenshot: business page (desktop)', async ({ page, api }) => {
  await shootBusiness(page, api, 'business-desktop.png');
});

test('screenshot: empty state (desktop)', async ({ feed }) => {
  await shootEmpty(feed, 'empty-desktop.png');
});
