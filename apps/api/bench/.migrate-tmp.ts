import { openDatabase } from '../src/db/client';
const handle = await openDatabase({ databaseUrl: process.argv[2]!, dataDir: null, statementTimeoutMs: 0 });
await handle.migrate();
await handle.close?.();
process.exit(0);
