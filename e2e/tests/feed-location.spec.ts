import { expect, MUMBAI, test } from '../fixtures/test';
import { FeedPage, isFeedResponse, TEXT } from '../fixtures/feed-page';
import { SPLASH_MIN_MS, SUPPORT_LOCAL_POPUP_DELAY_MS } from '../fixtures/ui-timings';

test('first visit: the splash, then the Support Local popup answered with Okay', async ({ feed, page }) => {
  const splashMarks = await feed.recordSplash();
  await feed.goto('/');
  // The app draws the splash once its code runs, which on a busy machine can be after goto's 'load':
  // wait until it has been seen, then until it has gone.
  await expect
    .poll(async () => (await splashMarks()).seen, { message: `the splash '${TEXT.splash}' was shown`, timeout: 15_000 })
    .toBeDefined();
  await feed.waitForSplashToGo();
  await expect.poll(async () => (await splashMarks()).gone, { message: 'the splash went away' }).toBeDefined();
  const splash = await splashMarks();
  expect(splash.gone, `the splash stays until at least ${SPLASH_MIN_MS} ms after the page was opened`).toBeGreaterThanOrEqual(
    SPLASH_MIN_MS,
  );
  // The server draws it into the HTML, so it is painted with the first paint; the app, drawing its own
  // in its place, keeps the time it had: on screen for at least SPLASH_MIN_MS from that paint.
  const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  expect(firstPaint, 'the first paint came with the splash').toBeGreaterThan(0);
  expect((splash.gone ?? 0) - firstPaint, `the splash is on screen for at least ${SPLASH_MIN_MS} ms`).toBeGreaterThanOrEqual(
    SPLASH_MIN_MS,
  );
  test.info().annotations.push({
    type: 'splash',
    description: `shown at ${Math.round(splash.seen ?? 0)} ms, gone at ${Math.round(splash.gone ?? 0)} ms after navigation start`,
  });

  await expect(feed.supportLocal).toBeVisible();
  await expect(feed.supportLocal).toContainText(TEXT.supportLocalBody);
  await feed.supportLocal.getByRole('button', { name: 'Okay' }).click();
  await expect(feed.supportLocal).toBeHidden();

  // The feed behind it: the header, the search box, the location bar and posts.
  await expect(page.getByRole('banner')).toContainText('Aaspaas');
  await expect(feed.searchBox).toBeVisible();
  await expect(feed.locationBar).toContainText(TEXT.locationPrompt);
  await expect(feed.cards.first()).toBeVisible();

  // Once per visit: a reload in the same tab does not ask again, a new visit (a new tab) does.
  await page.reload();
  await expect(feed.cards.first()).toBeVisible();
  await feed.waitForSplashToGo();
  // Nothing to wait for when the popup rightly stays away: give it twice its delay to (wrongly) appear.
  await page.waitForTimeout(2 * SUPPORT_LOCAL_POPUP_DELAY_MS);
  await expect(feed.supportLocal).toHaveCount(0);
  const again = new FeedPage(await page.context().newPage());
  await again.goto('/');
  await again.waitForSplashToGo();
  await expect(again.supportLocal).toBeVisible();
  await again.page.close();
});

test("a first visit from a Hyderabad address shows Hyderabad's posts from the page itself: no look-up, no feed request", async ({
  feed,
  page,
  api,
}) => {
  // The server behind a proxy (TRUST_PROXY in the e2e server) sees the phone's public address.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '49.207.0.1' });
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    // The next page is prefetched (docs/product.md §7): only a request without a cursor would be the first page.
    const page = url.searchParams.has('cursor') ? ' (next page)' : '';
    if (url.pathname.startsWith('/api/')) asked.push(`${r.method()} ${url.pathname}${page}`);
  });
  await feed.open('/');
  await expect(feed.locationBar).toContainText('Hyderabad');
  await expect(feed.cards.first()).toBeVisible();
  const shown = (await feed.cardFacts()).map((c) => c.id);
  expect(new Set((await feed.cardFacts()).map((c) => c.city))).toEqual(new Set(['Hyderabad']));
  // The same posts, in the same order, as the API gives for that point.
  const { posts } = await api.feedPage({ point: { latitude: 17.385, longitude: 78.4867 }, limit: 10 });
  expect(shown.slice(0, 3)).toEqual(posts.slice(0, 3).map((p) => p.id));
  expect(asked, 'no IP look-up: the HTML carried the guess').not.toContain('POST /api/geo/locate');
  expect(asked, 'no first-page request: the HTML carried the page').not.toContain('GET /api/feed');
});

test('Use my location shows posts from Mumbai and none from other cities', async ({ feed, api }) => {
  const near = await api.feedAll({ point: MUMBAI });
  const everywhere = await api.feedAll();
  const nearIds = new Set(near.map((p) => p.id));
  const nearCities = new Set(near.map((p) => p.city ?? ''));
  const otherCities = [...new Set(everywhere.map((p) => p.city ?? ''))].filter((c) => !nearCities.has(c));
  expect(nearCities, 'the demo data has posts in Mumbai').toContain('Mumbai');
  expect(otherCities, 'the demo data has posts in other cities too').toEqual(expect.arrayContaining(['Pune', 'Delhi']));

  await feed.open('/');
  await feed.useMyLocation(MUMBAI);

  await expect(feed.locationBar).toContainText(/Posts near/);
  await expect(feed.locationBar).toContainText('High accuracy');
  await expect
    .poll(
      async () => {
        const cards = await feed.cardFacts();
        return cards.length > 0 && cards.every((c) => nearIds.has(c.id) && nearCities.has(c.city));
      },
      { message: 'every card is a post within 25 km of Mumbai' },
    )
    .toBe(true);
  const cities = new Set((await feed.cardFacts()).map((c) => c.city));
  expect(cities).toContain('Mumbai');
  for (const other of otherCities) expect(cities, `no post from ${other}`).not.toContain(other);
});

test('Change → search Pune → the first place found shows posts from Pune', async ({ feed, api, page }) => {
  const [pune] = await api.geoSearch('Pune');
  expect(pune, 'the place search finds Pune').toBeDefined();
  if (!pune) return;
  const nearPune = await api.feedAll({ point: { latitude: pune.lat, longitude: pune.lon } });
  const puneIds = new Set(nearPune.map((p) => p.id));
  expect(nearPune.map((p) => p.city)).toContain('Pune');

  await feed.open('/');
  const loaded = page.waitForResponse((r) => isFeedResponse(r, { near: { latitude: pune.lat, longitude: pune.lon } }));
  const picked = await feed.changePlace('Pune');
  expect(picked).toMatch(/^Pune/);
  await loaded;

  await expect(feed.locationBar).toContainText('Pune');
  await expect
    .poll(
      async () => {
        const cards = await feed.cardFacts();
        return cards.length > 0 && cards.every((c) => puneIds.has(c.id) && c.city === 'Pune');
      },
      { message: 'every card is a post from Pune' },
    )
    .toBe(true);
});

test('a place with no posts shows the empty state; its three buttons work', async ({ feed, api }) => {
  const [leh] = await api.geoSearch('Leh');
  expect(leh?.display_name, 'the place search finds Leh').toMatch(/^Leh\b/);
  if (!leh) return;
  expect((await api.feedPage({ point: { latitude: leh.lat, longitude: leh.lon } })).posts, 'no demo post near Leh').toHaveLength(
    0,
  );
  const empty = feed.emptyState;
  const toLeh = async () => {
    await feed.changePlace('Leh');
    await expect(feed.locationBar).toContainText('Leh');
    await expect(empty.getByRole('heading', { name: TEXT.empty })).toBeVisible();
    await expect(feed.cards).toHaveCount(0);
  };

  await feed.open('/');
  await toLeh();
  await expect(empty.getByRole('button', { name: 'Use my location' })).toBeVisible();
  await expect(empty.getByRole('button', { name: 'Search place' })).toBeVisible();
  await expect(empty.getByRole('button', { name: 'Show all' })).toBeVisible();

  // Use my location (the phone is in Mumbai): Mumbai's posts.
  await empty.getByRole('button', { name: 'Use my location' }).click();
  await expect
    .poll(
      async () => {
        const cities = (await feed.cardFacts()).map((c) => c.city);
        return cities.length > 0 && cities.every((c) => c === 'Mumbai');
      },
      { message: 'posts from Mumbai' },
    )
    .toBe(true);

  // Search place: the place search; Pune's posts.
  await toLeh();
  await empty.getByRole('button', { name: 'Search place' }).click();
  await expect(feed.placeDialog.getByPlaceholder(TEXT.placePlaceholder)).toBeFocused();
  await feed.pickPlace('Pune');
  await expect
    .poll(
      async () => {
        const cities = (await feed.cardFacts()).map((c) => c.city);
        return cities.length > 0 && cities.every((c) => c === 'Pune');
      },
      { message: 'posts from Pune' },
    )
    .toBe(true);

  // Show all: no location, posts from everywhere.
  await toLeh();
  await empty.getByRole('button', { name: 'Show all' }).click();
  await expect(feed.locationBar).toContainText(TEXT.locationPrompt);
  await expect
    .poll(async () => new Set((await feed.cardFacts()).map((c) => c.city)).size, { message: 'posts from several cities' })
    .toBeGreaterThan(1);
});

test('an unknown path shows 404 Page Not Found inside the app', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: TEXT.notFound })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /Aaspaas/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the feed' }).click();
  await expect(page).toHaveURL(/\/$/);
});
