// The web build (one file above the usual size: the plugins below decide the feed's first-load chunks and
// what index.html preloads, and are read together with the chunking they serve; icons: build-plugins/).
import { fileURLToPath, URL } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lucideIconsByModule } from './build-plugins/lucide-icons-by-module';

/**
 * index.html loads only main.tsx, a small module that starts the feed's requests at once and then
 * imports the app (src/app/index.tsx); the feed is the page most visits start on. Preload the app's
 * chunk, the feed route's chunk and their imports from index.html, so they download alongside the
 * first module instead of after it.
 */
const PRELOADED_MODULES = ['/src/app/index.tsx', '/src/app/routes/feed.tsx'];

type Chunk = Rolldown.OutputChunk;

/** The chunks PRELOADED_MODULES need, beyond the entry: what index.html preloads. */
function preloadedChunks(bundle: Rolldown.OutputBundle): Chunk[] {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const files = new Map<string, Chunk>();
  const visit = (fileName: string) => {
    const chunk = chunks.find((c) => c.fileName === fileName);
    if (!chunk || files.has(fileName) || chunk.isEntry) return;
    files.set(fileName, chunk);
    chunk.imports.forEach(visit);
  };
  for (const id of PRELOADED_MODULES) {
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(id));
    if (chunk) visit(chunk.fileName);
  }
  return [...files.values()];
}

function preloadAppAndFeed(): Plugin {
  return {
    name: 'aaspaas:preload-app-and-feed',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const tags = preloadedChunks(ctx.bundle)
          .map((c) => c.fileName)
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

/**
 * Prints, after the chunk list, the JavaScript the feed's first load asks for — the entry, its
 * imports and what index.html preloads — gzipped, against the feed's budget (docs/performance.md). (`npm run bench:web`
 * measures what a phone really downloads.)
 */
function reportFeedFirstLoad(): Plugin {
  let line = '';
  return {
    name: 'aaspaas:report-feed-first-load',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
      // The one entry: index.html's module (src/main.tsx).
      const entries = chunks.filter((c) => c.isEntry);
      const entryImports = entries.flatMap((e) => e.imports).flatMap((f) => chunks.filter((c) => c.fileName === f));
      const files = new Map([...entries, ...entryImports, ...preloadedChunks(bundle)].map((c) => [c.fileName, c]));
      const gzipped = [...files.values()].reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
      const budget = 140 * 1024;
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      line =
        `Feed route, first load: ${kb(gzipped)} of JavaScript gzipped in ${files.size} files ` +
        `(budget ${kb(budget)})${gzipped > budget ? ' — OVER BUDGET' : ''}`;
    },
    // After Vite's own list of chunks.
    closeBundle() {
      if (line) this.info(line);
    },
  };
}

/**
 * The modules the feed's first load runs after the first module (the app, the feed route and what
 * they import, libraries in the 'core' chunk aside) go into one chunk: left to the bundler they
 * are split into some twenty shared chunks of a few hundred bytes, and on HTTP/1.1 (six connections)
 * those requests queue ahead of the feed's early API calls. Pages that share a piece of it load it
 * too (it is ~30 KB gzipped, and cached once the feed has been seen).
 */
function feedFirstLoadChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'aaspaas:feed-first-load-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.replace(/\\/g, '/').endsWith(suffix));
      const closure = (roots: (string | undefined)[]) => {
        const seen = new Set<string>();
        const stack = roots.filter((r): r is string => r !== undefined);
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const firstModule = closure([find('/src/main.tsx')]);
      for (const id of closure([find('/src/app/index.tsx'), find('/src/app/routes/feed.tsx')])) {
        if (!firstModule.has(id) && !CORE_MODULES.test(id)) members.add(id);
      }
    },
  };
  return { plugin, test: (id) => members.has(id) };
}

/** The renderer, the router, the query cache and i18next: every page needs them (one 'core' chunk). */
const CORE_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/;
/**
 * The domain's language rules, which i18next's set-up calls as the feed's chunk is evaluated: in
 * 'core', which imports nothing of ours. Left to the bundler they landed in the app's entry chunk,
 * which imports the feed's chunk: a cycle in which they were still undefined when first called.
 */
const LANGUAGE_RULES = /[\\/]packages[\\/]domain[\\/]src[\\/]language\.ts$/;
const feedChunk = feedFirstLoadChunk();

/** The PWA manifest (English), and what a Hindi page's manifest says instead (the server links it for Hindi). */
const MANIFEST = {
  name: 'Aaspaas',
  short_name: 'Aaspaas',
  description: 'Offers and posts from local businesses near you.',
  lang: 'en-IN',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  background_color: '#fffaf5',
  theme_color: '#c2410c',
  icons: [
    { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
const MANIFEST_IN: Record<string, Partial<typeof MANIFEST>> = {
  hi: { name: 'आसपास', short_name: 'आसपास', description: 'आसपास की दुकानों के ऑफ़र और पोस्ट।', lang: 'hi-IN' },
};

/** manifest-<lng>.webmanifest beside vite-plugin-pwa's English one, for each other language. */
function languageManifests(): Plugin {
  return {
    name: 'aaspaas:language-manifests',
    apply: 'build',
    generateBundle() {
      for (const [language, texts] of Object.entries(MANIFEST_IN)) {
        this.emitFile({
          type: 'asset',
          fileName: `manifest-${language}.webmanifest`,
          source: JSON.stringify({ ...MANIFEST, ...texts }),
        });
      }
    },
  };
}

const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:5000';

/**
 * `vite build --ssr` (after the browser build): the feed's first screen for the API to render into
 * the feed's HTML (ADR 009), drawn by react-dom/server. Only the web's own sources are bundled:
 * packages stay imports, so the server process that loads the module gives it its own React, zod and
 * @aaspaas/domain. A bundled copy of the domain would register every contract's schema id a second
 * time in zod's process-wide registry, and the API's OpenAPI document refuses duplicate ids (ADR 011).
 * Those imports resolve from where the module lies: dist-ssr stays inside the repository, beside
 * dist, where it is neither served nor precached by the service worker.
 */
const ssrBuild: UserConfig = {
  plugins: [react()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  ssr: { target: 'node' },
  publicDir: false,
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // A workspace package (linked, its entry TypeScript): Vite bundles those unless told here.
      external: [/^@aaspaas\/domain(\/|$)/],
      output: { entryFileNames: 'first-screen.js' },
    },
  },
};

/**
 * The browser build. `native`: the build bundled inside the Android app (`vite build --mode android`,
 * into dist-android): no service worker, since the app's files are on the phone already and a worker
 * would only serve stale copies after an app update (ADR 020).
 */
const browserBuild = (native: boolean): UserConfig => ({
  plugins: [
    lucideIconsByModule(),
    preloadAppAndFeed(),
    reportFeedFirstLoad(),
    feedChunk.plugin,
    languageManifests(),
    react(),
    tailwindcss(),
    VitePWA({
      disable: native,
      // A new version waits for the person's yes (lib/sw-update.ts) instead of reloading under them;
      // the first install takes the page at once (clientsClaim), so one visit is enough to work offline.
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: MANIFEST,
      workbox: {
        // The app shell: every built asset, so a reload works offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The Devanagari font (~160 KB) is Hindi's alone: kept when a Hindi page has used it (below),
        // never fetched by an English visitor's service worker.
        globIgnores: ['**/noto-sans-devanagari-*'],
        // Pages go to the network first (below), so a returning visitor online gets the server's page
        // (its first screen, language and meta, ADR 009), not the shell: no navigation fallback, and
        // no answering `/` with the precached index.html (the precache's directory index).
        navigateFallback: null,
        directoryIndex: '',
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            // Pages: the server's, or — offline, or no answer within 3 s — the precached app shell,
            // which draws the feed's last page from its cache. Pages are never kept themselves: one
            // kept from an earlier release would name assets the new worker no longer has.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/'),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'aaspaas-pages',
              networkTimeoutSeconds: 3,
              plugins: [
                {
                  cacheWillUpdate: async () => null,
                  // This runs inside the worker, serialised: platform APIs only. The precache keys
                  // index.html with its revision in the query.
                  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
                    cachedResponse ?? (await caches.match('/index.html', { ignoreSearch: true })) ?? null,
                },
              ],
            },
          },
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
            // The Devanagari font files, hashed: cache first once a Hindi page has asked for them.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/noto-sans-devanagari-'),
            handler: 'CacheFirst',
            method: 'GET',
            options: { cacheName: 'aaspaas-fonts', expiration: { maxEntries: 10 }, cacheableResponse: { statuses: [200] } },
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
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
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
    outDir: native ? 'dist-android' : 'dist',
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
      output: {
        codeSplitting: {
          groups: process.env.ANALYZE
            ? [
                {
                  name: (id: string) => {
                    const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(id);
                    if (m?.[1]) return `pkg-${m[1].replace('/', '_')}`;
                    return id.includes('packages/domain') ? 'domain' : null;
                  },
                  // Each package's own modules only, not what they import (react would land in the
                  // chunk of whichever package imports it first).
                  includeDependenciesRecursively: false,
                },
              ]
            : [
                { name: 'core', test: (id: string) => CORE_MODULES.test(id) || LANGUAGE_RULES.test(id), priority: 2 },
                { name: 'feed-first-load', test: feedChunk.test, priority: 1, includeDependenciesRecursively: false },
              ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild, mode }) => (isSsrBuild ? ssrBuild : browserBuild(mode === 'android')));
