/**
 * `npm run seed [-- --reset]`: migrates the database, then loads the demo data when it is empty.
 * `--reset` first wipes users, posts and site pages (and, by cascade, what hangs off them).
 * The landing pages and the starter templates are always filled in when missing.
 */
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadEnv } from '../../config/env';
import { createMediaStorageService } from '../../plugins/app/media/media-storage-service';
import { openDatabase } from '../client';
import { isDatabaseEmpty, seedDemoData, seedSitePages } from './seed-demo-data';
import { seedTemplates } from './seed-templates';

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  // From the repository root, `npm run seed -- --reset` reaches us as npm config (npm_config_reset), not as an argument.
  if (process.env.npm_config_reset === 'true') args.add('--reset');
  if (args.has('--help') || args.has('-h')) {
    console.log('Usage: npm run seed [-- --reset]\n  --reset  wipe users, posts and site pages first, then seed the demo data');
    return;
  }
  const env = loadEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  // The pictures go where the server keeps its media: DATA_DIR/media, or the bucket when S3 is set.
  const storage = createMediaStorageService({ config: env, log: pino({ level: 'warn' }) });
  try {
    await handle.migrate();
    const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}`;
    console.log(`Database: ${where}; media: ${env.S3_BUCKET ? `the bucket ${env.S3_BUCKET}` : env.mediaDir}`);
    if (args.has('--reset')) {
      await handle.db.execute(sql`truncate table users, posts, site_pages cascade`);
      console.log('Reset: users, posts and site pages wiped.');
    }
    if (await isDatabaseEmpty(handle.db)) {
      const r = await seedDemoData(handle.db, { storage, log: (m) => console.log(m) });
      console.log(
        `Seeded ${r.businesses} businesses and ${r.posts} posts (${r.images} images, ${r.imagesRendered} newly rendered) in ${(r.ms / 1000).toFixed(1)} s.`,
      );
    } else {
      const pages = await seedSitePages(handle.db);
      console.log(
        `The database already has users: demo data not loaded (use --reset to start over).${pages ? ` Added ${pages} missing site pages.` : ''}`,
      );
    }
    const templates = await seedTemplates(handle.db, storage);
    console.log(
      templates.templates > 0
        ? `Added ${templates.templates} starter templates in ${templates.categories} categories (${templates.imagesRendered} backgrounds rendered).`
        : `Templates already present: none added${templates.imagesRendered ? `; ${templates.imagesRendered} missing backgrounds rendered` : ''}.`,
    );
  } finally {
    storage.close();
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
