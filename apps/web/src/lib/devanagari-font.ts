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

/** The weights the app uses (styles/devanagari.css). */
const WEIGHTS = [400, 600, 700];

/**
 * Resolves once every weight of the font is in (at most `timeoutMs`): Chromium left text that was
 * first laid out while the font was loading drawn as empty boxes, so the app's first render in Hindi
 * waits for it, behind the server's first screen.
 */
export function devanagariFontReady(timeoutMs: number): Promise<unknown> {
  const loaded = loadDevanagariFont().then(() =>
    Promise.all(WEIGHTS.map((w) => document.fonts.load(`${w} 16px "Noto Sans Devanagari"`, 'अआ'))),
  );
  return Promise.race([loaded.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
