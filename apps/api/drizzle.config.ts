import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations (`npm run db:generate -w @aaspaas/api`); they are applied in code at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
