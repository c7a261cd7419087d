import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { contacts } from '../../src/db/schema';
import { createBusiness, openTestDatabase } from '../helper';

const SECRET_NAME = 'Sunita Secretname';
const SECRET_NUMBER = '9820012345';

describe('what a failed query leaves in the log', () => {
  const lines: string[] = [];
  let fastify: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    const dbHandle = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-test-'));
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    fastify = Fastify({ logger: { level: 'info', stream } });
    await fastify.register(fp(app), { env, dbHandle });
    const shop = await createBusiness(dbHandle.db);
    // Two queries that fail inside PostgreSQL with customers' data among their bound parameters.
    fastify.get('/test/bad-value', async () => fastify.db.execute(sql`SELECT ${`${SECRET_NAME} ${SECRET_NUMBER}`}::int`));
    fastify.get('/test/duplicate', async () => {
      const row = { userId: shop.id, name: SECRET_NAME, mobileNumber: SECRET_NUMBER };
      await fastify.db.insert(contacts).values([row, row]);
    });
    fastify.addHook('onClose', async () => {
      await dbHandle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  it('a value the database cannot take is a 400, logged by its code without the value', async () => {
    lines.length = 0;
    const res = await fastify.inject({ method: 'GET', url: '/test/bad-value' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request holds a value that cannot be stored' });
    const log = lines.join('\n');
    expect(log).toContain('"code":"22P02"');
    expect(log).not.toContain(SECRET_NAME);
    expect(log).not.toContain(SECRET_NUMBER);
    expect(log).not.toMatch(/Failed query|params:/);
  });

  it('any other failed query is a 500 logged by code and constraint, never its SQL parameters', async () => {
    lines.length = 0;
    const res = await fastify.inject({ method: 'GET', url: '/test/duplicate' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    const log = lines.join('\n');
    expect(log).toContain('"code":"23505"');
    expect(log).toMatch(/"constraint":"contacts_user_mobile_unique"/);
    expect(log).not.toContain(SECRET_NAME);
    expect(log).not.toContain(SECRET_NUMBER);
    expect(log).not.toMatch(/Failed query|params:/);
  });
});
