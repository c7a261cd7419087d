import type { AdminAuditPage } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, type UserRow } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';

const ADMIN = 'audit.admin@aaspaas.in';

describe('the admin audit log', () => {
  let app: TestApp;
  let admin: UserRow;
  let headers: { authorization: string };

  const search = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminAuditPage>();
  };

  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await createBusiness(app.db, { username: ADMIN, emailVerifiedAt: new Date() });
    headers = await authHeader(app, admin);
    for (let i = 0; i < 5; i += 1) {
      await app.auditRepository.record(app.db, {
        admin,
        action: i % 2 === 0 ? 'post.hide' : 'post.unhide',
        targetType: 'post',
        targetId: `post-${i}`,
        before: { hiddenAt: null },
        after: { hiddenAt: '2026-11-25T10:00:00.000Z', n: i },
        reason: `reason ${i}`,
      });
    }
  });
  afterAll(() => app.close());

  it('lists entries newest first in keyset pages, with what was recorded', async () => {
    const first = await search('?limit=2');
    expect(first.entries.map((e) => e.targetId)).toEqual(['post-4', 'post-3']);
    expect(first.entries[0]).toMatchObject({
      adminId: admin.id,
      adminEmail: ADMIN,
      action: 'post.hide',
      targetType: 'post',
      before: { hiddenAt: null },
      after: { hiddenAt: '2026-11-25T10:00:00.000Z', n: 4 },
      reason: 'reason 4',
    });
    const second = await search(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.targetId)).toEqual(['post-2', 'post-1']);
    const third = await search(`?limit=2&cursor=${second.nextCursor}`);
    expect(third.entries.map((e) => e.targetId)).toEqual(['post-0']);
    expect(third.nextCursor).toBeNull();
  });

  it('searches by action, target, admin and India day', async () => {
    expect((await search('?action=post.unhide')).entries.map((e) => e.targetId)).toEqual(['post-3', 'post-1']);
    expect((await search('?targetType=post&targetId=post-2')).entries).toHaveLength(1);
    expect((await search(`?admin=${ADMIN.toUpperCase()}`)).entries).toHaveLength(5);
    expect((await search('?admin=someone.else@aaspaas.in')).entries).toHaveLength(0);
    expect((await search('?from=2000-01-01&to=2000-01-02')).entries).toHaveLength(0);
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect((await search(`?from=${today}&to=${today}`)).entries).toHaveLength(5);
  });

  it('pages a day range newest first with the same id cursor, every entry once', async () => {
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminAuditPage = await search(`?from=${today}&to=${today}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.entries.map((e) => e.targetId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['post-4', 'post-3', 'post-2', 'post-1', 'post-0']);
  });

  it('answers bad filters with a message', async () => {
    for (const query of ['?cursor=abc', '?from=yesterday', '?limit=0']) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('writes nothing when the action’s transaction fails', async () => {
    const before = await search('?limit=100');
    await expect(
      app.db.transaction(async (tx) => {
        await app.auditRepository.record(tx, { admin, action: 'post.delete', targetType: 'post', targetId: 'gone' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect((await search('?limit=100')).entries).toHaveLength(before.entries.length);
  });

  it('cannot be edited or deleted, even by SQL', async () => {
    await expect(app.db.execute(sql`UPDATE admin_audit_log SET reason = 'rewritten'`)).rejects.toThrow();
    await expect(app.db.execute(sql`DELETE FROM admin_audit_log`)).rejects.toThrow();
    await expect(app.db.execute(sql`TRUNCATE admin_audit_log`)).rejects.toThrow();
    const rows = await app.db.select().from(adminAuditLog);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.reason?.startsWith('reason '))).toBe(true);
  });

  it('has no route that edits or deletes it', () => {
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const auditPaths = Object.entries(paths).filter(([p]) => p.startsWith('/api/admin/audit'));
    expect(auditPaths.flatMap(([, methods]) => Object.keys(methods))).toEqual(['get']);
  });
});
