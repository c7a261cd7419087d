import type { SitePageSlug } from '@aaspaas/domain';
import { expect, MUMBAI, test } from '../fixtures/test';

/** '+91 98200 12345' from any way a 10-digit Indian number is written. */
function indianPhone(phone: string): RegExp {
  const digits = phone.replace(/\D/g, '');
  const local = digits.slice(-10);
  return new RegExp(`\\+91[\\s-]?${local.slice(0, 5)}[\\s-]?${local.slice(5)}`);
}

test('the business page shows the profile and its posts', async ({ page, api }) => {
  const [first] = (await api.feedPage({ point: MUMBAI, limit: 10 })).posts;
  if (!first) throw new Error('no post near Mumbai');
  const profile = await api.business(first.userId);
  const posts = await api.businessPosts(first.userId, 50);
  expect(posts.length).toBeGreaterThan(0);

  await page.goto(`/business/${first.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: profile.businessName })).toBeVisible();
  const main = page.getByRole('main');
  if (profile.businessPhone) await expect(main.getByText(indianPhone(profile.businessPhone)).first()).toBeVisible();
  if (profile.businessAddress) await expect(main.getByText(profile.businessAddress).first()).toBeVisible();
  if (profile.businessDetails) {
    await expect(main.getByText('About my Business')).toBeVisible();
    await expect(main.getByText(profile.businessDetails).first()).toBeVisible();
  }
  if (profile.businessCategories.length > 0) {
    await expect(main.getByText('Business Categories')).toBeVisible();
    for (const c of profile.businessCategories) await expect(main.getByText(c, { exact: true }).first()).toBeVisible();
  }

  // Its posts, newest first, and only its posts.
  const cards = page.getByTestId('post-card');
  await expect(cards.first()).toBeVisible();
  const shown = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-post-id')));
  expect(shown).toEqual(posts.slice(0, shown.length).map((p) => p.id));
  expect(shown.length).toBeGreaterThanOrEqual(Math.min(posts.length, 10));
});

test('tapping a business name or photo in the feed opens its page; the info button its details', async ({ feed, api, page }) => {
  const [first] = (await api.feedPage({ point: MUMBAI, limit: 10 })).posts;
  if (!first) throw new Error('no post near Mumbai');
  const profile = await api.business(first.userId);
  const card = () => feed.card(first.id);

  await feed.open('/');
  await feed.useMyLocation(MUMBAI);
  // The name: the business page, and back to the feed.
  await card().getByRole('link', { name: first.businessName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${first.userId}$`));
  await expect(page.getByRole('heading', { level: 1, name: profile.businessName })).toBeVisible();
  await page.goBack();
  await expect(card()).toBeVisible();
  // The photo (a pointer's way in; for the keyboard the name is the same link).
  await card().locator(`a[href="/business/${first.userId}"][aria-hidden="true"]`).click();
  await expect(page).toHaveURL(new RegExp(`/business/${first.userId}$`));
  await page.goBack();

  // The info button: the popup of docs/product.md §2, and from it the page too.
  await card()
    .getByRole('button', { name: `About ${first.businessName}` })
    .click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(profile.businessName);
  if (profile.businessPhone) await expect(details.getByText(indianPhone(profile.businessPhone))).toBeVisible();
  await details.getByRole('link', { name: 'See all posts from this business' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/${first.userId}$`));
  await expect(page.getByRole('heading', { level: 1, name: profile.businessName })).toBeVisible();
});

const LANDING: { path: string; slug: SitePageSlug }[] = [
  { path: '/about-us', slug: 'about-us' },
  { path: '/contact-us', slug: 'contact-us' },
  { path: '/Termsofservice', slug: 'terms' },
  { path: '/privacyterms', slug: 'privacy' },
];

test('the landing pages show their stored content', async ({ page, api }) => {
  for (const { path, slug } of LANDING) {
    const stored = await api.sitePage(slug);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: stored.title }), `${path}: the title`).toBeVisible();
    const paragraphs = stored.body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p && !p.startsWith('## ') && !p.startsWith('- '));
    const firstParagraph = paragraphs[0]?.split('\n')[0];
    if (!firstParagraph) throw new Error(`${slug}: no paragraph in the stored body`);
    await expect(
      page.getByRole('main').getByText(firstParagraph, { exact: false }).first(),
      `${path}: the first paragraph`,
    ).toBeVisible();
    const heading = /^## (.+)$/m.exec(stored.body)?.[1];
    if (heading) await expect(page.getByRole('heading', { name: heading.trim() }), `${path}: a section heading`).toBeVisible();
  }
});
