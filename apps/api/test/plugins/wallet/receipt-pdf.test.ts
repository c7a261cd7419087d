import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { receiptPdf, scriptRuns } from '#src/plugins/app/wallet/receipt-pdf';

const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * The characters each embedded font of a PDF draws, read from its ToUnicode map (what a PDF reader
 * copies as text), by the font's name: a character a font has no glyph for is drawn as a box.
 */
function charactersByFont(pdf: Buffer): Map<string, Set<string>> {
  const text = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const [, id = '', body = ''] = m;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(id, body);
      continue;
    }
    const data = Buffer.from(
      body
        .slice(streamAt + 'stream'.length)
        .replace(/^\r?\n/, '')
        .replace(/\r?\nendstream\s*$/, ''),
      'latin1',
    );
    objects.set(id, body.includes('/FlateDecode') ? inflateSync(data).toString('latin1') : data.toString('latin1'));
  }
  const fonts = new Map<string, Set<string>>();
  for (const body of objects.values()) {
    const name = /\/BaseFont \/[A-Z]+\+([\w-]+)/.exec(body)?.[1];
    const cmapId = /\/ToUnicode (\d+) 0 R/.exec(body)?.[1];
    if (!name || !cmapId) continue;
    const cmap = objects.get(cmapId) ?? '';
    const mapped = cmap.slice(cmap.indexOf('endcodespacerange'));
    const chars = new Set<string>();
    // '<0915 093c>': one glyph for several characters (क़ is one glyph of क and the nukta).
    for (const [, hex = ''] of mapped.matchAll(/<([0-9a-fA-F ]+)>/g)) {
      for (const ch of Buffer.from(hex.replace(/ /g, ''), 'hex').swap16().toString('utf16le')) chars.add(ch);
    }
    fonts.set(name, new Set([...(fonts.get(name) ?? []), ...chars]));
  }
  return fonts;
}

describe('receipt PDF', () => {
  it('cuts a name into its Devanagari runs and the rest', () => {
    expect(scriptRuns('शर्मा स्वीट्स & Sons (मिठाई)')).toEqual([
      { text: 'शर्मा स्वीट्स', devanagari: true },
      { text: ' & Sons (', devanagari: false },
      { text: 'मिठाई', devanagari: true },
      { text: ')', devanagari: false },
    ]);
    expect(scriptRuns('Gupta Stores')).toEqual([{ text: 'Gupta Stores', devanagari: false }]);
  });

  it('draws a Devanagari business and owner name in the Devanagari font, never in the Latin one', async () => {
    const businessName = 'शर्मा स्वीट्स & Sons';
    const ownerName = 'राकेश क़ुरैशी';
    const pdf = await receiptPdf({
      receiptNumber: 'AAS/2026-11/000001',
      paidAt: new Date('2026-11-20T10:00:00Z'),
      businessName,
      ownerName,
      email: 'shop@example.in',
      gstin: null,
      paymentId: null,
      amountPaise: 50_000,
    });
    const fonts = charactersByFont(pdf);
    const devanagari = fonts.get('NotoSansDevanagari-Regular');
    expect(devanagari, [...fonts.keys()].join(', ')).toBeDefined();
    for (const ch of `${businessName}${ownerName}`) {
      if (DEVANAGARI.test(ch)) expect(devanagari?.has(ch), ch).toBe(true);
    }
    for (const [name, chars] of fonts) {
      if (name.startsWith('NotoSansDevanagari')) continue;
      expect(
        [...chars].filter((ch) => DEVANAGARI.test(ch)),
        `${name} draws Devanagari as boxes`,
      ).toEqual([]);
    }
    // The Latin text stays in Noto Sans.
    expect(fonts.get('NotoSans-Regular')?.has('S')).toBe(true);
  });
});
