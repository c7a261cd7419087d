import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config/env';

/**
 * In the built server (ADR 044) the contracts are JavaScript in dist/domain/, and the server's own
 * imports point there. The web's first-screen module (ADR 009) imports `@aaspaas/domain` by name, on
 * purpose, to share the server's copy of it (one zod registry, ADR 011): by name it would find the
 * TypeScript sources, which plain node cannot load. This hook resolves the name to the same built
 * files. Under tsx (tests, `npm run dev`) nothing is built and nothing changes.
 */
export function resolveDomainToBuild(): void {
  const builtDomain = path.join(import.meta.dirname, '../domain');
  if (!import.meta.filename.endsWith('.js') || !fs.existsSync(path.join(builtDomain, 'index.js'))) return;
  if (typeof module.registerHooks !== 'function') {
    // The operator's to fix from the message alone: one line, no stack (logFatal).
    throw new ConfigError(`Node ${process.version} is too old for the built server: it needs Node 22.15 or newer.`);
  }
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const match = /^@aaspaas\/domain(?:\/(.+))?$/.exec(specifier);
      if (!match) return nextResolve(specifier, context);
      return { url: pathToFileURL(path.join(builtDomain, `${match[1] ?? 'index'}.js`)).href, shortCircuit: true };
    },
  });
}
