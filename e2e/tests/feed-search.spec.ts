import type { Post } from '@aaspaas/domain';
import { expect, test } from '../fixtures/test';
import { TEXT } from '../fixtures/feed-page';

/** A word of a business's name that starts no hashtag of any post: '#word' finds nothing, 'word' finds that business. */
function wordOnlyInNames(posts: Post[]): { word: string; businessName: string } {
  const tags = [...new Set(posts.flatMap((p) => p.hashtags.map((t) => t.toLowerCase())))];
  for (const post of posts) {
    for (const word of post.businessName.toLowerCase().split(/[^a-z]+/)) {
      if (word.length >= 5 && !tags.some((t) => t.startsWith(word))) return { word, businessName: post.businessName };
    }
  }
  throw new Error('No business-name word outside the hashtags in the demo data');
}

test("'#' search matches hashtags only", async ({ feed, api }) => {
  const all = await api.feedAll();
  const byId = new Map(all.map((p) => [p.id, p]));
  expect(all.filter((p) => p.hashtags.some((t) => t.startsWith('diwali'))).length, 'demo posts tagged #diwali').toBeGreaterThan(
    1,
  );

  await feed.open('/');
  await feed.search('#diwali');
  await expect
    .poll(
      async () => {
        const ids = await feed.cardIds();
        return ids.length > 0 && ids.every((id) => byId.get(id)?.hashtags.some((t) => t.startsWith('diwali')));
      },
      { message: 'every card is tagged #diwali' },
    )
    .toBe(true);

  // A word that is in a business name but starts no hashtag: '#word' finds nothing, 'word' finds the business.
  const { word, businessName } = wordOnlyInNames(all);
  await feed.search(`#${word}`);
  await expect(feed.page.getByRole('heading', { name: TEXT.noResults })).toBeVisible();
  await expect(feed.cards).toHaveCount(0);

  await feed.search(word);
  await expect(feed.cards.first()).toBeVisible();
  await expect(feed.cards.filter({ hasText: businessName }).first()).toBeVisible();
});

test('the category filter shows only that category', async ({ feed, api }) => {
  const categories = await api.categories();
  // Not the biggest category: a filter that visibly changes the list.
  const category = [...categories].sort((a, b) => b.postCount - a.postCount).find((c, i) => i > 0 && c.postCount >= 3);
  expect(category, 'a category with a few posts').toBeDefined();
  if (!category) return;
  const inCategory = new Set((await api.feedAll({ category: category.name })).map((p) => p.id));

  await feed.open('/');
  await expect(feed.categorySelect).toHaveValue('');
  await expect(feed.categorySelect.locator('option').first()).toHaveText('All categories');
  await feed.categorySelect.selectOption(category.name);
  await expect
    .poll(
      async () => {
        const ids = await feed.cardIds();
        return ids.length > 0 && ids.every((id) => inCategory.has(id));
      },
      { message: `every card is in ${category.name}` },
    )
    .toBe(true);
  await expect(feed.cards.first()).toContainText(category.name);

  await feed.categorySelect.selectOption('');
  await expect
    .poll(async () => (await feed.cardIds()).some((id) => !inCategory.has(id)), { message: 'other categories again' })
    .toBe(true);
});
