// Builds the API to JavaScript in apps/api/dist (ADR 044): one .js file per .ts file, at the same place
// under dist/ as under src/, so @fastify/autoload finds the plugin and route folders and every
// `import.meta.dirname` means what it meant in the sources. The shared contracts (packages/domain, a
// workspace package of TypeScript sources) are built into dist/domain/, and imports of them are
// rewritten to those files; every other package stays an import of node_modules.
// `--if-stale`: builds only when a source is newer than the last build (npm start, npm run migrate), so
// a production install, which has no esbuild, runs its build as it is.
import fs from 'node:fs';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '..');
const srcDir = path.join(apiDir, 'src');
const distDir = path.join(apiDir, 'dist');
const domainSrcDir = path.resolve(apiDir, '../../packages/domain/src');
const domainDistDir = path.join(distDir, 'domain');

/** Every .ts file under `dir` (declaration files hold types only). */
function typeScriptFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));
}

/** Where the built file of a source file lies. */
function outputOf(file) {
  const [from, to] = file.startsWith(domainSrcDir) ? [domainSrcDir, domainDistDir] : [srcDir, distDir];
  return path.join(to, path.relative(from, file)).replace(/\.ts$/, '.js');
}

/** Our own modules stay separate files: an import of one is rewritten to the relative path of its built file. */
const importsToBuiltFiles = {
  name: 'imports-to-built-files',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'resolving') return undefined;
      const own = args.path.startsWith('.') || args.path.startsWith('#') || args.path.startsWith('@aaspaas/');
      if (!own) return { path: args.path, external: true };
      const resolved = await build.resolve(args.path, {
        importer: args.importer,
        resolveDir: args.resolveDir,
        kind: args.kind,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      let relative = path.relative(path.dirname(outputOf(args.importer)), outputOf(resolved.path));
      if (!relative.startsWith('.')) relative = `./${relative}`;
      return { path: relative.split(path.sep).join('/'), external: true };
    });
  },
};

/** Written last: a build that stopped half-way is stale. */
const stampFile = path.join(distDir, '.built');

/** Whether a source of the build (ours, the contracts', this script, the package's imports) changed since it was made. */
function isStale() {
  if (!fs.existsSync(stampFile)) return true;
  const builtAt = fs.statSync(stampFile).mtimeMs;
  const sources = [
    ...fs.readdirSync(srcDir, { recursive: true }).map((file) => path.join(srcDir, file)),
    ...fs.readdirSync(domainSrcDir, { recursive: true }).map((file) => path.join(domainSrcDir, file)),
    import.meta.filename,
    path.join(apiDir, 'package.json'),
  ];
  return sources.some((file) => fs.statSync(file).mtimeMs > builtAt);
}

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
const esbuild = await import('esbuild');
const started = Date.now();
fs.rmSync(distDir, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [importsToBuiltFiles],
};
await esbuild.build({ ...common, entryPoints: typeScriptFiles(srcDir), outbase: srcDir, outdir: distDir });
await esbuild.build({ ...common, entryPoints: typeScriptFiles(domainSrcDir), outbase: domainSrcDir, outdir: domainDistDir });
// The migrations are read from the folder beside the database client.
fs.cpSync(path.join(srcDir, 'db/migrations'), path.join(distDir, 'db/migrations'), { recursive: true });
fs.writeFileSync(stampFile, new Date().toISOString());
console.log(`API built into ${path.relative(process.cwd(), distDir) || '.'} in ${Date.now() - started} ms`);
