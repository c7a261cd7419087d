import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';

/** U+202E turns what follows around on screen: "Kumar \u202Eerots" reads "Kumar store". */
const RLO = '\u202E';
const ZWSP = '\u200B';

describe('names and posts keep no spoofing characters', () => {
  let app: TestApp;
  let owner: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp();
    owner = await authHeader(app, await createBusiness(app.dbHandle.db));
  });
  afterAll(() => app.close());

  it('strips bidi overrides and zero-width characters from a profile’s names', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: owner,
      payload: { name: `Ra${ZWSP}vi\u2066`, businessName: `Kumar ${RLO}erots\u202C` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ravi', businessName: 'Kumar erots' });
  });

  it('does not let invisible characters make a too-short name long enough', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/user/me', headers: owner, payload: { name: `R${ZWSP}${RLO}` } });
    expect(res.statusCode).toBe(400);
  });

  it('strips them from a contact’s name', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: owner,
      payload: { name: `${RLO}Asha${ZWSP} Devi`, mobileNumber: '9876500001' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Asha Devi' });
  });

  it('keeps bidi overrides out of a post and its hashtags, and keeps the joiners Hindi needs', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/posts',
      headers: owner,
      payload: {
        content: `Sale ${RLO}%05 ffo${'\u202C'} today #di${ZWSP}wali क्\u200Dष`,
        category: 'Grocery',
        hashtags: [`of${ZWSP}fer`],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<{ content: string; hashtags: string[] }>();
    expect(post.content).toBe('Sale %05 ffo today #diwali क्\u200Dष');
    expect(post.hashtags).toEqual(expect.arrayContaining(['offer', 'diwali']));
  });
});
