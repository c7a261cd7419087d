import type { RenderStorage } from '../../plugins/app/templates/post-card-image';
import type { Db } from '../client';
import { isDatabaseEmpty, seedDemoData } from './seed-demo-data';

/** First start: an empty database gets the demo data, so a new machine shows a real feed at once. */
export async function seedIfEmpty(db: Db, storage: RenderStorage, log: (msg: string) => void): Promise<void> {
  if (!(await isDatabaseEmpty(db))) return;
  log('Empty database: adding demo data (businesses, posts, images)…');
  const started = Date.now();
  const result = await seedDemoData(db, { storage, log });
  log(`Demo data ready: ${result.businesses} businesses, ${result.posts} posts in ${Date.now() - started} ms`);
}
