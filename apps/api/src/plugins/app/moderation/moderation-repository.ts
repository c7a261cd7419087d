// The admin's moderation of posts in one repository: the list and its search, hide/unhide/remove with
// their audit rows, and visitors' reports with their sources (ADR 048). Long because each decision
// locks the post, changes its state and writes the audit in one transaction, and they share those steps.
import {
  type AdminPost,
  type AdminPostListFilters,
  type AdminPostPage,
  type HidePostRequest,
  MODERATION_MESSAGES,
  type ReportPostRequest,
  type ReportSource,
} from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Tx } from '#src/db/client';
import { AppError } from '#src/lib/app-error';
import { ADMIN_SEARCH_WALK } from '../admin/admin-search-walk';
import type { AuditRecord, AuditRepository } from '../audit/audit-repository';
import { decodeCursor, encodeCursor } from '../posts/feed-cursor';
import { SEARCH_TEXT, searchNarrowing, searchRule, searchTerms } from '../posts/search/search-rule';

type Admin = AuditRecord['admin'];

/** The business whose post reports hid, and what to tell it. */
type HiddenPostNotice = {
  email: string;
  name: string;
  language: string;
  content: string;
  reasons: Record<string, number>;
};

/** Who reported: the visitor id, whether it is a new visitor's (ADR 048), and its network (networkOf). */
type Reporter = { visitorId: string; newVisitor: boolean; network: string };

/** What the audit log keeps of a post's moderation state, before and after an action. */
type ModerationState = {
  hiddenAt: string | null;
  hiddenReason: string | null;
  hiddenNote: string | null;
  reviewRequestedAt: string | null;
  openReports: number;
};

type StateRow = {
  id: string;
  user_id: string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  hidden_note: string | null;
  review_requested_at: Date | string | null;
  open_reports: number;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function stateOf(row: StateRow): ModerationState {
  return {
    hiddenAt: iso(row.hidden_at),
    hiddenReason: row.hidden_reason,
    hiddenNote: row.hidden_note,
    reviewRequestedAt: iso(row.review_requested_at),
    openReports: Number(row.open_reports),
  };
}

/**
 * The reports of a post since the admin last decided on it: its latest `openCount` (deciding sets the
 * post's open_reports to 0, and each report adds one).
 */
const openReports = (postId: string | SQL, openCount: SQL) =>
  sql`SELECT r.network, r.new_visitor, r.reason FROM post_reports r WHERE r.post_id = ${postId}::uuid
      ORDER BY r.created_at DESC LIMIT ${openCount}`;

const STATE_COLUMNS = sql`id, user_id, hidden_at, hidden_reason, hidden_note, review_requested_at, open_reports`;

type ListRow = StateRow & {
  business_name: string;
  business_status: string;
  content: string;
  category: string;
  city: string | null;
  image: string | null;
  created_at: Date | string;
  sort_us: string;
};

/**
 * The admin's moderation of posts (docs/product.md §2, Admin routes) and visitors' reports. Every admin
 * action locks the post, changes it and writes its audit row in one transaction.
 */
export function createModerationRepository(deps: { db: Db; audit: AuditRepository; autoHideThreshold: number }) {
  const { db, audit } = deps;

  async function lockPost(tx: Tx, id: string): Promise<StateRow> {
    const { rows } = await tx.execute<StateRow>(sql`SELECT ${STATE_COLUMNS} FROM posts WHERE id = ${id}::uuid FOR UPDATE`);
    const row = rows[0];
    if (!row) throw AppError.notFound(MODERATION_MESSAGES.postNotFound);
    return row;
  }

  async function update(tx: Tx, id: string, set: SQL): Promise<StateRow> {
    const { rows } = await tx.execute<StateRow>(sql`UPDATE posts SET ${set} WHERE id = ${id}::uuid RETURNING ${STATE_COLUMNS}`);
    const row = rows[0];
    if (!row) throw AppError.notFound(MODERATION_MESSAGES.postNotFound);
    return row;
  }

  /** The open reports of each post, grouped by the reporters' networks, most reports first (ADR 048). */
  async function reportSources(postIds: string[]): Promise<Map<string, ReportSource[]>> {
    const bySource = new Map<string, ReportSource[]>();
    if (postIds.length === 0) return bySource;
    const { rows } = await db.execute<{ post_id: string; network: string; new_visitor: boolean; reason: string }>(sql`
      SELECT p.id AS post_id, o.network, o.new_visitor, o.reason
      FROM posts p CROSS JOIN LATERAL (${openReports(sql`p.id`, sql`p.open_reports`)}) o
      WHERE p.id = ANY(${`{${postIds.join(',')}}`}::uuid[])`);
    for (const row of rows) {
      const list = bySource.get(row.post_id) ?? [];
      let source = list.find((s) => s.network === row.network);
      if (!source) {
        source = { network: row.network, reports: 0, newVisitors: 0, reasons: {} };
        list.push(source);
      }
      source.reports += 1;
      if (row.new_visitor) source.newVisitors += 1;
      source.reasons[row.reason] = (source.reasons[row.reason] ?? 0) + 1;
      bySource.set(row.post_id, list);
    }
    for (const list of bySource.values()) list.sort((a, b) => b.reports - a.reports || a.network.localeCompare(b.network));
    return bySource;
  }

  /** Deciding on a post closes its open reports and its owner's request for review. */
  const DECIDED = sql`open_reports = 0, review_requested_at = NULL`;

  return {
    async list(query: AdminPostListFilters): Promise<AdminPostPage> {
      // Each queue sorts by its own time, through its own partial index; the full list by creation.
      const sortColumn = query.reported
        ? sql.raw('p.last_reported_at')
        : query.appealed
          ? sql.raw('p.review_requested_at')
          : query.hidden
            ? sql.raw('p.hidden_at')
            : sql.raw('p.created_at');
      const conditions: SQL[] = [sql`true`];
      if (query.reported) conditions.push(sql`p.open_reports > 0`);
      if (query.appealed) conditions.push(sql`p.review_requested_at IS NOT NULL`);
      if (query.hidden === true) conditions.push(sql`p.hidden_at IS NOT NULL`);
      if (query.hidden === false) conditions.push(sql`p.hidden_at IS NULL`);
      if (query.businessId) conditions.push(sql`p.user_id = ${query.businessId}::uuid`);
      if (query.city) conditions.push(sql`lower(p.city) = lower(${query.city})`);
      if (query.category) conditions.push(sql`lower(p.category) = lower(${query.category})`);
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor, 'the nextCursor value');
        conditions.push(
          sql`(${sortColumn}, p.id) < (timestamptz 'epoch' + ${cursor.createdUs}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`,
        );
      }
      const order = sql`ORDER BY ${sortColumn} DESC, p.id DESC`;
      const listed = sql.join(conditions, sql` AND `);
      const select = (source: SQL, where: SQL) =>
        db.execute<ListRow>(sql`
        SELECT p.id, p.user_id, p.hidden_at, p.hidden_reason, p.hidden_note, p.review_requested_at, p.open_reports,
               u.business_name, u.status AS business_status, left(p.content, 280) AS content, p.category, p.city,
               p.images[1] AS image, p.created_at,
               (floor(extract(epoch from ${sortColumn}) * 1000000))::bigint::text AS sort_us
        FROM ${source} JOIN users u ON u.id = p.user_id
        WHERE ${where}
        ${order}
        LIMIT ${query.limit + 1}`);
      // The search rule (search-rule.ts, as the feed's), its values given here.
      const terms = searchTerms(query.q);
      const value = (name: string) => terms.values[name];
      const search = searchRule(terms.shapes, value);
      let rows: ListRow[];
      let searchedTo: { sort_us: string; id: string; at: Date | string } | null = null;
      if (!search) {
        rows = (await select(sql`posts p`, listed)).rows;
      } else {
        // The list's own order walked for at most ADMIN_SEARCH_WALK posts, each decided on its own
        // row (its search text put together once for all the words), and the account joined to the
        // page only: a search matching one post in a few hundred fills its page here whatever its
        // words name.
        const page = sql`(SELECT p.* FROM (
            SELECT p.*, ${SEARCH_TEXT} AS search_text FROM posts p WHERE ${listed} ${order} LIMIT ${ADMIN_SEARCH_WALK}) p
          WHERE ${searchRule(terms.shapes, value, sql`p.search_text`)} ${order} LIMIT ${query.limit + 1}) p`;
        rows = (await select(page, sql`true`)).rows;
        if (rows.length <= query.limit) {
          // Rarer matches: from posts_search_idx when a term narrows where to look (searchNarrowing);
          // the rule still decides which posts match.
          const narrowing = searchNarrowing(terms.shapes, value);
          if (narrowing) {
            rows = (await select(sql`posts p`, sql`${listed} AND ${narrowing} AND ${search}`)).rows;
          } else {
            const { rows: stop } = await db.execute<{ sort_us: string; id: string; at: Date | string }>(sql`
              SELECT (floor(extract(epoch from ${sortColumn}) * 1000000))::bigint::text AS sort_us, p.id, ${sortColumn} AS at
              FROM posts p WHERE ${listed} ${order} OFFSET ${ADMIN_SEARCH_WALK - 1} LIMIT 1`);
            searchedTo = stop[0] ?? null;
          }
        }
      }
      const page = rows.slice(0, query.limit);
      const reasons = new Map<string, Record<string, number>>();
      if (page.length > 0) {
        const { rows: counted } = await db.execute<{ post_id: string; reason: string; n: number }>(sql`
          SELECT post_id, reason, count(*)::int AS n FROM post_reports
          WHERE post_id = ANY(${`{${page.map((r) => r.id).join(',')}}`}::uuid[]) GROUP BY post_id, reason`);
        for (const r of counted) reasons.set(r.post_id, { ...reasons.get(r.post_id), [r.reason]: Number(r.n) });
      }
      const sources = await reportSources(page.filter((r) => Number(r.open_reports) > 0).map((r) => r.id));
      const last = page.at(-1);
      return {
        posts: page.map((r): AdminPost => ({
          id: r.id,
          businessId: r.user_id,
          businessName: r.business_name,
          businessStatus: r.business_status,
          content: r.content,
          category: r.category,
          city: r.city,
          image: r.image,
          createdAt: new Date(r.created_at).toISOString(),
          ...stateOf(r),
          reportReasons: reasons.get(r.id) ?? {},
          reportSources: sources.get(r.id) ?? [],
        })),
        nextCursor: searchedTo
          ? encodeCursor({ createdUs: searchedTo.sort_us, id: searchedTo.id })
          : rows.length > query.limit && last
            ? encodeCursor({ createdUs: last.sort_us, id: last.id })
            : null,
        searchedTo: searchedTo ? new Date(searchedTo.at).toISOString() : null,
      };
    },

    /** Counts of the admin's queue for the dashboard. */
    async queue(): Promise<{ reported: number; appeals: number; hidden: number }> {
      const { rows } = await db.execute<{ reported: number; appeals: number; hidden: number }>(sql`
        SELECT (SELECT count(*)::int FROM posts WHERE open_reports > 0) AS reported,
               (SELECT count(*)::int FROM posts WHERE review_requested_at IS NOT NULL) AS appeals,
               (SELECT count(*)::int FROM posts WHERE hidden_at IS NOT NULL) AS hidden`);
      const row = rows[0];
      return { reported: Number(row?.reported ?? 0), appeals: Number(row?.appeals ?? 0), hidden: Number(row?.hidden ?? 0) };
    },

    /** Hides a post with a reason its owner sees; hiding a hidden post again changes the reason. */
    async hide(admin: Admin, id: string, input: HidePostRequest): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockPost(tx, id);
        const after = await update(
          tx,
          id,
          sql`hidden_at = coalesce(hidden_at, now()), hidden_reason = ${input.reason}, hidden_note = ${input.note || null}, ${DECIDED}`,
        );
        await audit.record(tx, {
          admin,
          action: 'post.hide',
          targetType: 'post',
          targetId: id,
          before: stateOf(before),
          after: stateOf(after),
          reason: input.note ? `${input.reason}: ${input.note}` : input.reason,
        });
      });
    },

    async unhide(admin: Admin, id: string, note?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockPost(tx, id);
        if (before.hidden_at === null) throw new AppError('CONFLICT', MODERATION_MESSAGES.notHidden);
        if (before.hidden_reason === 'suspended') throw new AppError('CONFLICT', MODERATION_MESSAGES.hiddenWithBusiness);
        const after = await update(tx, id, sql`hidden_at = NULL, hidden_reason = NULL, hidden_note = NULL, ${DECIDED}`);
        await audit.record(tx, {
          admin,
          action: 'post.unhide',
          targetType: 'post',
          targetId: id,
          before: stateOf(before),
          after: stateOf(after),
          reason: note || null,
        });
      });
    },

    /** The admin looked at the reports and keeps the post as it is. */
    async dismissReports(admin: Admin, id: string, note?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockPost(tx, id);
        const after = await update(tx, id, DECIDED);
        await audit.record(tx, {
          admin,
          action: 'post.dismiss-reports',
          targetType: 'post',
          targetId: id,
          before: stateOf(before),
          after: stateOf(after),
          reason: note || null,
        });
      });
    },

    async remove(admin: Admin, id: string, note?: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockPost(tx, id);
        const { rows } = await tx.execute<Record<string, unknown>>(sql`
          DELETE FROM posts WHERE id = ${id}::uuid
          RETURNING id, user_id, category, content, hashtags, images, city, created_at, hidden_at, hidden_reason, hidden_note`);
        await audit.record(tx, {
          admin,
          action: 'post.delete',
          targetType: 'post',
          targetId: id,
          before: rows[0] ?? null,
          after: null,
          reason: note || null,
        });
      });
    },

    /**
     * A visitor's report: counted once per visitor and post, each one in the admin's queue. The post is
     * hidden until the admin decides once the reports since the admin last decided come from the
     * threshold's number of distinct networks, new visitors' not counted (ADR 048): fresh ids from one
     * address are one voice. Only a post visitors can see can be reported.
     */
    async report(
      postId: string,
      reporter: Reporter,
      input: ReportPostRequest,
    ): Promise<{ alreadyReported: boolean; hidden: boolean }> {
      return db.transaction(async (tx) => {
        const { rows: visible } = await tx.execute<{ id: string }>(sql`
          SELECT id FROM posts WHERE id = ${postId}::uuid AND hidden_at IS NULL AND (expires_at IS NULL OR expires_at > now())
          FOR UPDATE`);
        if (!visible[0]) throw AppError.notFound(MODERATION_MESSAGES.postNotFound);
        const { rows: added } = await tx.execute<{ post_id: string }>(sql`
          INSERT INTO post_reports (post_id, visitor_id, reason, note, network, new_visitor)
          VALUES (${postId}::uuid, ${reporter.visitorId}, ${input.reason}, ${input.note || null}, ${reporter.network}, ${reporter.newVisitor})
          ON CONFLICT DO NOTHING RETURNING post_id`);
        if (!added[0]) return { alreadyReported: true, hidden: false };
        const { rows } = await tx.execute<{ networks: number }>(sql`
          WITH counted AS (
            UPDATE posts SET open_reports = open_reports + 1, last_reported_at = now()
            WHERE id = ${postId}::uuid RETURNING open_reports)
          SELECT count(DISTINCT o.network)::int AS networks FROM (
            ${openReports(postId, sql`(SELECT open_reports FROM counted)`)}) o
          WHERE NOT o.new_visitor`);
        if (Number(rows[0]?.networks ?? 0) < deps.autoHideThreshold) return { alreadyReported: false, hidden: false };
        await tx.execute(sql`UPDATE posts SET hidden_at = now(), hidden_reason = 'reports' WHERE id = ${postId}::uuid`);
        return { alreadyReported: false, hidden: true };
      });
    },

    /** What the business is told when reports hid its post: its owner, the post's text and the open reports' reasons. */
    async hiddenPostNotice(postId: string): Promise<HiddenPostNotice | null> {
      const { rows } = await db.execute<{
        username: string;
        name: string;
        language: string;
        content: string;
        reason: string;
      }>(sql`
        SELECT u.username, u.name, u.language, p.content, o.reason
        FROM posts p JOIN users u ON u.id = p.user_id
        CROSS JOIN LATERAL (${openReports(sql`p.id`, sql`p.open_reports`)}) o
        WHERE p.id = ${postId}::uuid`);
      const first = rows[0];
      if (!first) return null;
      const reasons: Record<string, number> = {};
      for (const row of rows) reasons[row.reason] = (reasons[row.reason] ?? 0) + 1;
      return { email: first.username, name: first.name, language: first.language, content: first.content, reasons };
    },

    /** The owner asks the admin to look at a hidden post again (an appeal); another business's post is not found. */
    async requestReview(userId: string, postId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<StateRow>(
          sql`SELECT ${STATE_COLUMNS} FROM posts WHERE id = ${postId}::uuid AND user_id = ${userId}::uuid FOR UPDATE`,
        );
        const row = rows[0];
        if (!row) throw AppError.notFound(MODERATION_MESSAGES.postNotFound);
        if (row.hidden_at === null) throw new AppError('CONFLICT', MODERATION_MESSAGES.notHidden);
        if (row.review_requested_at !== null) throw new AppError('CONFLICT', MODERATION_MESSAGES.reviewAlreadyRequested);
        await tx.execute(sql`UPDATE posts SET review_requested_at = now() WHERE id = ${postId}::uuid`);
      });
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    moderationRepository: ModerationRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'moderationRepository',
      createModerationRepository({
        db: fastify.db,
        audit: fastify.auditRepository,
        autoHideThreshold: fastify.config.REPORTS_AUTO_HIDE_THRESHOLD,
      }),
    );
  },
  { name: 'moderation-repository', dependencies: ['db', 'env', 'audit-repository'] },
);
