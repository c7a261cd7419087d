let devanagari: Promise<unknown> | null = null;

/**
 * The Devanagari font's stylesheet (styles/devanagari.css), fetched once and only when Hindi is
 * shown: an English visitor never loads it.
 */
export function loadDevanagariFont(): Promise<unknown> {
  devanagari ??= import('../styles/devanagari.css').catch(() => {
    devanagari = null;
  });
  return devanagari;
}
