/** The languages the product is written in (docs/product.md, Languages); English is the default and the fallback. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that keeps a device's choice; the web writes it, the server reads it to draw pages in that language. */
export const LANGUAGE_COOKIE = 'aaspaas_lang';
/** A year: the choice outlives any session. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of our languages an Accept-Language header asks for, by its q-values ('hi-IN,hi;q=0.9,en;q=0.8'
 * → 'hi'), or null when it names none of them. `*` and q=0 entries count for nothing.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguage) ?? null;
}

/** A page's language: the device's choice (the cookie), else what the browser asks for, else English. */
export function chooseLanguage({ cookie, acceptLanguage }: { cookie?: string | null; acceptLanguage?: string | null }): Language {
  if (isLanguage(cookie)) return cookie;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
