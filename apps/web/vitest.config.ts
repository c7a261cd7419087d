import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config';

// Its CommonJS main would require() the real react-dom past the aliases: use its ES module build.
const testingLibraryEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@testing-library/react/package.json')),
  'dist/@testing-library/react.esm.js',
);
// Its "node" export comes before "import": the CommonJS build, whose require('react') is the real
// React (icons as React's forwardRef objects, which Preact's string renderer cannot draw).
const lucideEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')),
  'dist/esm/lucide-react.mjs',
);

/** The web unit tests (project 'web'): happy-dom, fast, no network; rendered by Preact like the build. */
export default defineConfig({
  plugins: [react({ refreshExclude: /./ })],
  resolve: {
    alias: [
      ...preactAliases,
      { find: /^@testing-library\/react$/, replacement: testingLibraryEsm },
      { find: /^lucide-react$/, replacement: lucideEsm },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts', './src/test/load-namespaces.ts'],
    restoreMocks: true,
    // Libraries that import react run through Vite, so the aliases above give them Preact too.
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-router/,
          /@tanstack\/react-query/,
          /react-i18next/,
          /@radix-ui\//,
          /lucide-react/,
          /preact-render-to-string/,
          /sonner/,
          /react-hook-form/,
          /@hookform\//,
          /react-remove-scroll/,
          /react-style-singleton/,
          /use-callback-ref/,
          /use-sidecar/,
          /@floating-ui\/react/,
        ],
      },
    },
  },
});
