import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * @aaspaas/domain mixes pure rules (accuracyLabel, formatRupees…) with zod contracts in one file.
 * Wrapping each top-level `const X = z.…` initialiser in a pure IIFE lets the bundler drop the
 * schemas (and zod, ~24 KB gzipped) from pages that only use the rules; a page that parses with a
 * schema still gets it. Runs after the TypeScript transform, on JavaScript.
 */
type AstNode = { type: string; start: number; end: number; [key: string]: unknown };
function pureDomainSchemas(): Plugin {
  return {
    name: 'aaspaas:pure-domain-schemas',
    transform(code, id) {
      if (!/[\\/]packages[\\/]domain[\\/]src[\\/][^?]*\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const inits: AstNode[] = [];
      for (const statement of program.body) {
        const decl = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as AstNode | null;
        if (decl?.type !== 'VariableDeclaration') continue;
        for (const d of decl.declarations as AstNode[]) {
          const init = d.init as AstNode | null;
          if (init?.type === 'CallExpression' && code.slice(init.start, init.end).startsWith('z.')) inits.push(init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * The feed is the page most visits start on: preload its lazy route chunk (and that chunk's
 * imports) from index.html, so it downloads alongside the entry instead of after it.
 */
function preloadFeedRoute(): Plugin {
  return {
    name: 'aaspaas:preload-feed-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const feed = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/app/routes/feed.tsx'));
        if (!feed) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk || files.has(fileName) || chunk.isEntry) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(feed.fileName);
        const tags = [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          }));
        return { html, tags };
      },
    },
  };
}

const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:5000';

export default defineConfig({
  plugins: [
    pureDomainSchemas(),
    preloadFeedRoute(),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Aaspaas',
        short_name: 'Aaspaas',
        description: 'Offers and posts from local businesses near you.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fffaf5',
        theme_color: '#c2410c',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every built asset, so a reload works offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Feed: network first, the last answer when offline.
            urlPattern: ({ url }) => url.pathname === '/api/feed',
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'aaspaas-feed',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 20, maxAgeSeconds: 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Uploaded images never change once written: cache first, bounded.
            urlPattern: ({ url }) => url.pathname.startsWith('/media/'),
            handler: 'CacheFirst',
            method: 'GET',
            options: {
              cacheName: 'aaspaas-media',
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/media': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/media': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
    manifest: true,
    // `ANALYZE=1 npx vite build` splits every package into its own chunk to read their gzipped sizes.
    rolldownOptions: {
      treeshake: {
        // @aaspaas/domain is pure (constants, rules, zod contracts): the web ships only what it uses,
        // so zod's schemas stay out of the feed bundle unless a page really parses with them.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]/.test(id),
      },
      ...(process.env.ANALYZE
        ? {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id: string) => {
                      const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id);
                      if (m?.[1]) return `pkg-${m[1].replace('/', '_')}`;
                      return id.includes('packages/domain') ? 'domain' : null;
                    },
                  },
                ],
              },
            },
          }
        : {}),
    },
  },
});
