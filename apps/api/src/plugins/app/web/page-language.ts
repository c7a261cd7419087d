import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '@aaspaas/domain';

/** The manifest a language's pages link to: the web's build writes one per language beside the English one. */
export function manifestFor(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest-${language}.webmanifest`;
}

/**
 * The built stylesheet of the Devanagari font (the web imports `src/styles/devanagari.css` only for
 * Hindi), found through Vite's manifest of the build: its file name carries a hash. Null without it.
 */
export function readDevanagariStylesheet(webDistDir: string): string | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file?: string; css?: string[] }
    >;
    const entry = Object.entries(manifest).find(([source]) => source.endsWith('styles/devanagari.css'))?.[1];
    const file = entry?.css?.[0] ?? (entry?.file?.endsWith('.css') ? entry.file : undefined);
    return file ? `/${file}` : null;
  } catch {
    return null;
  }
}

/**
 * index.html in the page's language: `<html lang>`, the PWA manifest of that language, and, for
 * Hindi, the Devanagari font's stylesheet ahead of the scripts, so the server's first screen is
 * drawn with it (font-display: swap: text shows at once in a fallback font). An English page is
 * left as built, so an English visitor's first load does not change.
 */
export function inLanguage(html: string, language: Language, devanagariStylesheet: string | null): string {
  if (language === DEFAULT_LANGUAGE) return html;
  let out = html
    .replace(/<html lang="[^"]*"/i, () => `<html lang="${language}"`)
    .replace(/href="\/manifest\.webmanifest"/, () => `href="${manifestFor(language)}"`);
  if (language === 'hi' && devanagariStylesheet) {
    out = out.replace(/<\/head>/i, () => `  <link rel="stylesheet" href="${devanagariStylesheet}">\n  </head>`);
  }
  return out;
}
