/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '../src/index';
import * as rules from '../src/rules';

const src = join(dirname(fileURLToPath(import.meta.url)), '../src');

/** The files a module loads at run time (type-only imports are erased), itself included. */
function runtimeClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(src, file), 'utf8');
  for (const [, kind, spec] of code.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
    if (!kind && spec?.startsWith('./')) runtimeClosure(`${spec.slice(2)}.ts`, seen);
  }
  return seen;
}

describe('@aaspaas/domain/rules', () => {
  it('loads no zod, so the web can use the rules without the contracts', () => {
    for (const file of runtimeClosure('rules.ts')) {
      expect(readFileSync(join(src, file), 'utf8'), file).not.toMatch(/from 'zod'/);
    }
  });

  it('exports nothing the main entry does not: one source for each rule', () => {
    for (const [name, value] of Object.entries(rules)) expect(contracts[name as keyof typeof contracts], name).toBe(value);
  });
});
