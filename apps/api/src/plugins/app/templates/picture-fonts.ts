/**
 * The fonts the server's pictures are drawn with. sharp draws SVG text through librsvg and fontconfig,
 * which know only the machine's own fonts: a slim container or a Debian box has none with Devanagari,
 * so Hindi picture text came out as boxes. The app ships Noto Sans Devanagari (and Noto Sans) as WOFF
 * for the web and the receipts; sharp's FreeType reads no WOFF, so the few files the pictures use are
 * unpacked to TrueType in a folder of their own and fontconfig is pointed at it, beside the machine's
 * fonts. fontconfig reads FONTCONFIG_FILE once, at the first text drawn in the process: the drawing
 * modules call usePictureFonts() when they load, before any picture is drawn.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);

/** Regular and bold: the weights the pictures use (headlines bold, other lines regular). */
const FONT_FILES = [
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
  '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
  '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff',
  '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff',
  '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff',
] as const;

/** The family list of every picture: DejaVu Sans for Latin (the layout's widths are its), Noto for what it lacks. */
export const PICTURE_FONT_FAMILY = 'DejaVu Sans, Noto Sans, Noto Sans Devanagari, sans-serif';

/**
 * A WOFF 1.0 file as the TrueType/OpenType file it wraps: the same tables, each inflated when it
 * was compressed, behind a plain sfnt table directory (https://www.w3.org/TR/WOFF/).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector++;
  }
  const directory = Buffer.alloc(12 + 16 * numTables);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(numTables, 4);
  directory.writeUInt16BE(searchRange * 16, 6);
  directory.writeUInt16BE(entrySelector, 8);
  directory.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  const bodies: Buffer[] = [];
  let offset = directory.length;
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const tag = woff.readUInt32BE(entry);
    const start = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const checksum = woff.readUInt32BE(entry + 16);
    const stored = woff.subarray(start, start + compLength);
    const table = compLength < origLength ? zlib.inflateSync(stored) : stored;
    if (table.length !== origLength) throw new Error('a WOFF table does not unpack to its length');
    const record = 12 + i * 16;
    directory.writeUInt32BE(tag, record);
    directory.writeUInt32BE(checksum, record + 4);
    directory.writeUInt32BE(offset, record + 8);
    directory.writeUInt32BE(origLength, record + 12);
    // Tables start on 4-byte boundaries.
    const padding = Buffer.alloc((4 - (table.length % 4)) % 4);
    bodies.push(table, padding);
    offset += table.length + padding.length;
  }
  return Buffer.concat([directory, ...bodies]);
}

/** Written under a temporary name and renamed: two processes starting together never read half a file. */
function writeOnce(file: string, data: Buffer | string): void {
  if (fs.existsSync(file)) return;
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, data);
  fs.renameSync(partial, file);
}

let outcome: { folder: string } | { problem: string } | undefined;

/**
 * Unpacks the picture fonts (once per process; the folder is named by their content, so a new
 * version never meets stale files) and points fontconfig at them. Never throws: without it Hindi
 * text is drawn with the machine's fonts, and pictureFontsProblem() says why for the log.
 */
export function usePictureFonts(): void {
  if (outcome) return;
  try {
    const fonts = FONT_FILES.map((name) => ({ name, woff: fs.readFileSync(require.resolve(name)) }));
    const hash = crypto.createHash('sha1');
    for (const f of fonts) hash.update(f.woff);
    const folder = path.join(os.tmpdir(), `aaspaas-picture-fonts-${hash.digest('hex').slice(0, 12)}`);
    fs.mkdirSync(folder, { recursive: true });
    for (const f of fonts) writeOnce(path.join(folder, path.basename(f.name, '.woff') + '.ttf'), woffToSfnt(f.woff));
    // The machine's own configuration stays in (its fonts, and an operator's FONTCONFIG_FILE).
    const base = process.env.FONTCONFIG_FILE ?? '/etc/fonts/fonts.conf';
    // Named by what it includes: a config never includes itself, and another base gets its own file.
    const config = path.join(folder, `fonts-${crypto.createHash('sha1').update(base).digest('hex').slice(0, 8)}.conf`);
    const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    if (base !== config)
      writeOnce(
        config,
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
          `  <include ignore_missing="yes">${xml(base)}</include>\n  <dir>${xml(folder)}</dir>\n` +
          `  <cachedir>${xml(path.join(folder, 'cache'))}</cachedir>\n</fontconfig>\n`,
      );
    process.env.FONTCONFIG_FILE = config;
    outcome = { folder };
  } catch (err) {
    outcome = { problem: err instanceof Error ? err.message : String(err) };
  }
}

/** Why the picture fonts could not be set up, or null when they are in use. */
export function pictureFontsProblem(): string | null {
  return outcome && 'problem' in outcome ? outcome.problem : null;
}
