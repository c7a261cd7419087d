import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema';
import { createBusiness } from '../helper';
import { buildLoggedApp, type LoggedApp } from '../logged-app';

const SECRET_NAME = 'Sunita Secretname';
const SECRET_NUMBER = '9820012345';

describe('what a failed query leaves in the log', () => {
  let logged: LoggedApp;
  beforeAll(async () => {
    logged = await buildLoggedApp(async (fastify, dbHandle) => {
      const shop = await createBusiness(dbHandle.db);
      // Two queries that fail inside PostgreSQL with customers' data among their bound parameters.
      fastify.get('/test/bad-value', async () => fastify.db.execute(sql`SELECT ${`${SECRET_NAME} ${SECRET_NUMBER}`}::int`));
      fastify.get('/test/duplicate', async () => {
        const row = { userId: shop.id, name: SECRET_NAME, mobileNumber: SECRET_NUMBER };
        await fastify.db.insert(contacts).values([row, row]);
      });
    });
  });
  afterAll(() => logged.fastify.close());

  const logText = () => JSON.stringify(logged.lines);

  it('a value the database cannot take is a 400, logged by its code without the value', async () => {
    logged.lines.length = 0;
    const res = await logged.fastify.inject({ method: 'GET', url: '/test/bad-value' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request holds a value that cannot be stored' });
    expect(logText()).toContain('"code":"22P02"');
    expect(logText()).not.toContain(SECRET_NAME);
    expect(logText()).not.toContain(SECRET_NUMBER);
    expect(logText()).not.toMatch(/Failed query|params:/);
  });

  it('any other failed query is a 500 logged by code and constraint, never its SQL parameters', async () => {
    logged.lines.length = 0;
    const res = await logged.fastify.inject({ method: 'GET', url: '/test/duplicate' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(logText()).toContain('"code":"23505"');
    expect(logText()).toContain('"constraint":"contacts_user_mobile_unique"');
    expect(logText()).not.toContain(SECRET_NAME);
    expect(logText()).not.toContain(SECRET_NUMBER);
    expect(logText()).not.toMatch(/Failed query|params:/);
  });
});
