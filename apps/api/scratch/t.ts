import { openDatabase } from '../src/db/client';
import { sql } from 'drizzle-orm';
const h = await openDatabase({ dataDir: null });
console.time('migrate'); await h.migrate(); console.timeEnd('migrate');
const r = await h.db.execute(sql`select count(*) from posts`); console.log(r);
await h.close();
const h2 = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', dataDir: null });
await h2.migrate(); console.log((await h2.db.execute(sql`select count(*) from posts`)).rows); await h2.close();
