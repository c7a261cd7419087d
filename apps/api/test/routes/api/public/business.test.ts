import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCategories } from '#src/db/schema';
import { buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

describe('public business pages and categories', () => {
  let app: TestApp;
  let shopId: string;
  const postIds: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, {
      businessName: 'Lakshmi Sweets',
      businessPhone: '9820012345',
      businessAddress: 'Shop 4, MG Road, Pune',
      businessDetails: 'Pure ghee sweets since 1985',
      businessCategories: ['Sweets', 'Bakery'],
    });
    shopId = shop.id;
    for (let i = 0; i < 3; i++) {
      postIds.push(
        (await createPost(db, shop, { category: i === 0 ? 'Bakery' : 'sweets', createdAt: new Date(Date.now() - i * 60_000) }))
          .id,
      );
    }
    await createPost(db, await createBusiness(db), { category: 'Sweets' });
  });
  afterAll(() => app.close());

  it('shows the profile of docs/product.md §3', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/public/business/${shopId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userId: shopId,
      businessName: 'Lakshmi Sweets',
      businessPhone: '9820012345',
      businessAddress: 'Shop 4, MG Road, Pune',
      businessDetails: 'Pure ghee sweets since 1985',
      businessCategories: ['Sweets', 'Bakery'],
      profileImageUrl: null,
      postCount: 3,
    });
  });

  it("lists the business's posts newest first with limit and offset", async () => {
    const page1 = await app.inject({ method: 'GET', url: `/api/public/business/${shopId}/posts?limit=2` });
    expect(page1.json().map((p: { id: string }) => p.id)).toEqual(postIds.slice(0, 2));
    const page2 = await app.inject({ method: 'GET', url: `/api/public/business/${shopId}/posts?limit=2&offset=2` });
    expect(page2.json().map((p: { id: string }) => p.id)).toEqual(postIds.slice(2));
    const bad = await app.inject({ method: 'GET', url: `/api/public/business/${shopId}/posts?limit=500` });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed business id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await app.inject({ method: 'GET', url: `/api/public/business/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Business not found' });
      expect((await app.inject({ method: 'GET', url: `/api/public/business/${id}/posts` })).statusCode).toBe(404);
    }
  });

  it("lists the admin's categories for the filter menu, in the admin's order, with live posts counted case-insensitively", async () => {
    await app.db.insert(businessCategories).values([
      { name: 'Bakery', nameHi: 'बेकरी', sortOrder: 1 },
      { name: 'Sweets', sortOrder: 2 },
      { name: 'Tailoring', sortOrder: 3 },
      { name: 'Old menu entry', sortOrder: 4, retiredAt: new Date() },
    ]);
    app.businessRepository.clearCategoryCache();
    const res = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.json()).toEqual([
      { name: 'Bakery', nameHi: 'बेकरी', postCount: 1 },
      { name: 'Sweets', nameHi: null, postCount: 3 },
      { name: 'Tailoring', nameHi: null, postCount: 0 },
    ]);
  });
});
