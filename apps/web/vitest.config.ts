import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The web unit tests (project 'web'): happy-dom, fast, no network; rendered by React like the build. */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // One happy-dom per worker, each file still in a fresh context of its own: building a happy-dom
    // per file was 29 % of the project's time (ADR 028).
    pool: 'vmThreads',
    // As the root config's: a project from a file of its own does not take the root's workers.
    maxWorkers: '100%',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts', './src/test/load-namespaces.ts'],
    restoreMocks: true,
  },
});
