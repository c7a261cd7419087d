import { and, inArray, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { posts, templates, uploads, users } from '#src/db/schema';

/** An upload no post, profile or template shows after this long was abandoned (a form left unsent). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Rows per statement, so one sweep never holds a long transaction. */
const SWEEP_BATCH = 200;

/** Uploads never attached to anything, deleted (rows and files) a day after they were made. */
export function createUnattachedUploadsService(deps: { db: Db; removeFiles: (storageKeys: string[]) => Promise<void> }) {
  const { db, removeFiles } = deps;
  return {
    /** Deletes uploads older than a day that no post, profile or template shows; returns how many. */
    async sweep(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS);
      let total = 0;
      for (;;) {
        const candidates = db
          .select({ id: uploads.id })
          .from(uploads)
          .where(
            and(
              lt(uploads.createdAt, cutoff),
              sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${uploads.url} = ANY(${posts.images}))`,
              sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.profileImageUrl} = ${uploads.url})`,
              sql`NOT EXISTS (SELECT 1 FROM ${templates} WHERE ${templates.backgroundUrl} = ${uploads.url})`,
            ),
          )
          .limit(SWEEP_BATCH);
        const removed = await db
          .delete(uploads)
          .where(inArray(uploads.id, candidates))
          .returning({ storageKey: uploads.storageKey });
        if (removed.length > 0) await removeFiles(removed.map((r) => r.storageKey));
        total += removed.length;
        if (removed.length < SWEEP_BATCH) return total;
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

/** The sweep runs on a timer started with the server: every hour, and once a minute after start-up. */
export default fp(
  async (fastify) => {
    const service = createUnattachedUploadsService({ db: fastify.db, removeFiles: fastify.uploadsService.removeFiles });
    let running: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      running = service
        .sweep()
        .then((count) => count > 0 && fastify.log.info({ count }, 'unattached uploads deleted'))
        .catch((err: unknown) => fastify.log.error({ err }, 'unattached uploads could not be swept'));
    };
    const first = setTimeout(sweep, 60_000);
    const every = setInterval(sweep, SWEEP_EVERY_MS);
    first.unref();
    every.unref();
    fastify.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    });

    fastify.decorate('unattachedUploadsService', service);
  },
  { name: 'unattached-uploads-service', dependencies: ['db', 'uploads-service'] },
);
