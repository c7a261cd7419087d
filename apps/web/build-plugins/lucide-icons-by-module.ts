import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * `import { Heart, X } from 'lucide-react'` becomes one import per icon module
 * (`lucide-react/dist/esm/icons/heart.mjs`). Through the package's index, which re-exports every icon,
 * the feed's first-load chunk (feedFirstLoadChunk follows each module's imports) took every icon the
 * whole app uses: 107 where the first screen draws about thirty (the chunk 38.3 KB gzipped, 31.1 without).
 * Names are looked up in the index itself, so its aliases (`HeartIcon`, `LucideHeart`) work; type-only
 * names stay on the package.
 */
export function lucideIconsByModule(): Plugin {
  const index = fileURLToPath(new URL('../../../node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url));
  const fileOf = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)';/g)) {
    for (const name of names!.split(',')) fileOf.set(name.trim().replace(/^default as /, ''), file!);
  }
  const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;
  return {
    name: 'aaspaas:lucide-icons-by-module',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('node_modules') || !code.includes('lucide-react')) return null;
      const out = code.replace(LUCIDE_IMPORT, (whole, specifiers: string) => {
        const icons: string[] = [];
        const types: string[] = [];
        const others: string[] = [];
        for (const raw of specifiers
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)) {
          const [name = '', local = name] = raw.split(/\s+as\s+/);
          const file = fileOf.get(name);
          if (raw.startsWith('type ')) types.push(raw.replace(/^type\s+/, ''));
          else if (file) icons.push(`import ${local} from 'lucide-react/dist/esm/icons/${file}';`);
          else others.push(raw);
        }
        if (icons.length === 0) return whole;
        // A type-only import (LucideIcon) leaves nothing behind; anything else stays on the package.
        if (types.length) icons.push(`import type { ${types.join(', ')} } from 'lucide-react';`);
        if (others.length) icons.push(`import { ${others.join(', ')} } from 'lucide-react';`);
        return icons.join(' ');
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}
