import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: vitest's default leaves one to itself, which on a 2-core machine runs one file at a time
    // while the API tests wait on the database (ADR 028).
    maxWorkers: '100%',
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'], environment: 'node' } },
      // The repository's own tooling: lint rules, scripts.
      { test: { name: 'tooling', include: ['scripts/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated database per run, copied for each file (openTestDatabase).
          // The API's build too, for the tests of the built server (ADR 044).
          globalSetup: ['apps/api/test/global-setup.ts', 'apps/api/test/build-setup.ts'],
          // Autoload imports our plugin files itself: inline it so those imports go through Vite (TypeScript, extensionless paths).
          server: { deps: { inline: ['@fastify/autoload'] } },
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
