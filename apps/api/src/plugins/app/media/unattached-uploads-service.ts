import { and, asc, gt, inArray, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { posts, templates, uploads, users } from '#src/db/schema';

/** An upload no post, profile or template shows after this long was abandoned (a form left unsent). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** The pg-boss queue of the sweep; its schedule sends one job an hour for all processes (ADR 046). */
export const UNATTACHED_UPLOADS_QUEUE = 'media-unattached-uploads-sweep';
const HOURLY = '17 * * * *';
/** Rows per statement, so one sweep never holds a long transaction. */
const SWEEP_BATCH = 200;

const unattached = [
  sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${uploads.url} = ANY(${posts.images}))`,
  sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.profileImageUrl} = ${uploads.url})`,
  sql`NOT EXISTS (SELECT 1 FROM ${templates} WHERE ${templates.backgroundUrl} = ${uploads.url})`,
];

/**
 * Uploads never attached to anything, deleted (rows and files) a day after they were made. With
 * `holds`, only those whose file this process's storage holds: a disk that is not shared must not
 * lose a row whose file sits on another machine's disk (that file and its row wait for a sweep there).
 */
export function createUnattachedUploadsService(deps: {
  db: Db;
  removeFiles: (storageKeys: string[]) => Promise<void>;
  holds?: ((storageKey: string) => Promise<boolean>) | undefined;
}) {
  const { db, removeFiles, holds } = deps;
  return {
    /** Deletes uploads older than a day that no post, profile or template shows; returns how many. */
    async sweep(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS);
      let total = 0;
      let after: string | null = null;
      for (;;) {
        const candidates = await db
          .select({ id: uploads.id, storageKey: uploads.storageKey })
          .from(uploads)
          .where(and(lt(uploads.createdAt, cutoff), after === null ? undefined : gt(uploads.id, after), ...unattached))
          .orderBy(asc(uploads.id))
          .limit(SWEEP_BATCH);
        if (candidates.length === 0) return total;
        after = candidates[candidates.length - 1]!.id;
        const here = holds ? await Promise.all(candidates.map((c) => holds(c.storageKey))) : null;
        const ids = candidates.filter((_, i) => !here || here[i]).map((c) => c.id);
        if (ids.length > 0) {
          // Attached meanwhile (a post published with it): kept.
          const removed = await db
            .delete(uploads)
            .where(and(inArray(uploads.id, ids), ...unattached))
            .returning({ storageKey: uploads.storageKey });
          if (removed.length > 0) await removeFiles(removed.map((r) => r.storageKey));
          total += removed.length;
        }
        if (candidates.length < SWEEP_BATCH) return total;
      }
    },
  };
}

export type UnattachedUploadsService = ReturnType<typeof createUnattachedUploadsService>;

declare module 'fastify' {
  interface FastifyInstance {
    unattachedUploadsService: UnattachedUploadsService;
  }
}

/**
 * The sweep is a pg-boss schedule, never a timer of each process (ADR 046): one job an hour, worked by
 * whichever process takes it. Files are deleted through the media storage, where they live.
 */
export default fp(
  async (fastify) => {
    const storage = fastify.mediaStorageService;
    const service = createUnattachedUploadsService({
      db: fastify.db,
      removeFiles: fastify.uploadsService.removeFiles,
      // A bucket is every process's; a disk may be this machine's alone.
      holds: storage.kind === 'disk' ? (key) => storage.has(key) : undefined,
    });
    fastify.decorate('unattachedUploadsService', service);
    if (!fastify.config.JOBS_RECURRING) return;
    fastify.addHook('onReady', async () => {
      await fastify.jobsService.work(UNATTACHED_UPLOADS_QUEUE, async () => {
        const count = await service.sweep();
        if (count > 0) fastify.log.info({ count }, 'unattached uploads deleted');
      });
      await fastify.jobsService.schedule(UNATTACHED_UPLOADS_QUEUE, HOURLY, {});
    });
  },
  { name: 'unattached-uploads-service', dependencies: ['db', 'env', 'jobs-service', 'media-storage-service', 'uploads-service'] },
);
