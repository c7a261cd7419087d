let devanagari: Promise<unknown> | null = null;

/** The weights styles/devanagari.css declares (400 text, 600 labels, 700 headings). */
const WEIGHTS = [400, 600, 700] as const;
/** As long as font-display: block would hide text: past it, the app draws with whatever has arrived. */
const FACES_WAIT_MS = 3000;

/**
 * The Devanagari font (styles/devanagari.css), fetched once and only when Hindi is shown: an English
 * visitor never loads it. Resolves once its faces are in (or after FACES_WAIT_MS), so Hindi is drawn
 * after them: Debian's Chromium, which has no Devanagari font of its own, kept the boxes of text it
 * had laid out while the 600 face was still loading ("फ़ीड पर वापस", "या", the active tab) after the
 * face came in.
 */
export function loadDevanagariFont(): Promise<unknown> {
  devanagari ??= import('../styles/devanagari.css')
    .then(() =>
      Promise.race([
        Promise.all(WEIGHTS.map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क'))),
        new Promise((resolve) => setTimeout(resolve, FACES_WAIT_MS)),
      ]),
    )
    .catch(() => {
      devanagari = null;
    });
  return devanagari;
}
