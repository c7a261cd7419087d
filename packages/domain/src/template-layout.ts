import type { TemplateLine, TemplateTextArea } from './templates';

/*
 * How a template's filled-in lines are laid out over its background: which size, where each line
 * breaks. The server draws its picture (sharp: DejaVu Sans, Noto Sans Devanagari for Hindi) with this
 * layout and the web's preview draws the same lines in HTML, so both break the text at the same words.
 */

const NBSP = '\u00a0';

/** Devanagari vowel signs that take room of their own (ा ि ी ॉ ो ौ ः), and the marks drawn over or under a letter. */
const DEVANAGARI_SPACING_SIGN = /[\u0903\u093b\u093e-\u0940\u0949-\u094c\u094e\u094f]/;
const DEVANAGARI_MARK = /[\u0900-\u0903\u093a-\u094f\u0951-\u0957\u0962\u0963]/;
const DEVANAGARI = /[\u0900-\u097f]/;

/**
 * Approximate advance widths, in em: DejaVu Sans for Latin, Noto Sans Devanagari for Hindi (a
 * letter about 0.6 em, a spacing vowel sign a quarter, other marks nothing: within ~10 % of the
 * font's own shaping on the starter set's Hindi lines).
 */
function charWidth(ch: string, bold: boolean): number {
  if (ch === ' ' || ch === NBSP) return bold ? 0.35 : 0.32;
  if (DEVANAGARI.test(ch)) {
    if (DEVANAGARI_SPACING_SIGN.test(ch)) return bold ? 0.28 : 0.26;
    if (DEVANAGARI_MARK.test(ch)) return 0;
    return bold ? 0.66 : 0.6;
  }
  if (/[ilI.,:;'!|]/.test(ch)) return bold ? 0.38 : 0.3;
  if (/[fjrt()-]/.test(ch)) return bold ? 0.48 : 0.4;
  if (/[mwMW]/.test(ch)) return bold ? 1.0 : 0.9;
  if (/[0-9₹]/.test(ch)) return bold ? 0.7 : 0.64;
  if (/[A-Z]/.test(ch)) return bold ? 0.78 : 0.7;
  return bold ? 0.66 : 0.6;
}

export function textWidth(text: string, fontSize: number, bold = false, letterSpacing = 0): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch, bold) * fontSize + letterSpacing;
  return w;
}

/** Glues a number to its unit ('1 kg', '20 L', '4 Butter') and short words to the next, so lines never end on them. */
function keepTogether(text: string): string {
  return text
    .replace(/(\d[\d.,]*) (kg|g|L|ml|W|Ton|pcs|items|years|classes|sessions|days)\b/g, `$1${NBSP}$2`)
    .replace(/(^| )(\+|&|of|a|an|to|in|on|for|with) (?=\S)/g, `$1$2${NBSP}`);
}

/** Greedy word wrap; returns null when a single word does not fit or more than maxLines are needed. */
export function wrapText(text: string, maxWidth: number, fontSize: number, bold: boolean, maxLines: number): string[] | null {
  const words = keepTogether(text)
    .split(/[ \t\n]+/)
    .filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (textWidth(word, fontSize, bold) > maxWidth) return null;
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize, bold) <= maxWidth) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length <= maxLines ? lines : null;
}

export function ellipsize(text: string, maxWidth: number, fontSize: number, bold: boolean): string {
  if (textWidth(text, fontSize, bold) <= maxWidth) return text;
  let t = text;
  while (t.length > 1 && textWidth(`${t}…`, fontSize, bold) > maxWidth) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

/** Sizes on a 1080 px wide picture; scaled with the picture's width. */
const HEADLINE_SIZE = 104;
const BODY_SIZE = 56;
export const TEMPLATE_LINE_HEIGHT = 1.18;
const BLOCK_GAP = 0.45;
/** Shrink steps tried until every line fits the text area. */
const SCALES = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.42] as const;
const SMALLEST_SCALE = 0.42;

/** One template line, wrapped: its pieces, font size (px of the picture) and weight. */
export type TemplateTextBlock = { lines: string[]; size: number; bold: boolean };
export type TemplateTextLayout = {
  blocks: TemplateTextBlock[];
  /** Space between blocks, px of the picture. */
  gap: number;
  /** The text area in px of the picture. */
  box: { x: number; y: number; width: number; height: number };
  /** Where the first block starts: the blocks are centred vertically in the box. */
  top: number;
};

/** Digit groups stay on one line: '+91 98200 12345' never breaks between its groups. */
function keepNumbersTogether(text: string): string {
  return text.replace(/([+\d]) (?=\d)/g, '$1\u00a0');
}

function blocksHeight(blocks: readonly TemplateTextBlock[], gap: number): number {
  return blocks.reduce((h, b) => h + b.lines.length * b.size * TEMPLATE_LINE_HEIGHT, 0) + Math.max(0, blocks.length - 1) * gap;
}

function fit(lines: readonly TemplateLine[], box: TemplateTextLayout['box'], k: number) {
  for (const scale of SCALES) {
    const gap = BODY_SIZE * scale * k * BLOCK_GAP;
    const blocks: TemplateTextBlock[] = [];
    for (const line of lines) {
      const size = (line.headline ? HEADLINE_SIZE : BODY_SIZE) * scale * k;
      const wrapped = wrapText(keepNumbersTogether(line.text), box.width, size, line.headline, line.headline ? 2 : 3);
      if (!wrapped) break;
      blocks.push({ lines: wrapped, size, bold: line.headline });
    }
    if (blocks.length === lines.length && blocksHeight(blocks, gap) <= box.height) return { blocks, gap };
  }
  // Last resort (very long words or text): one ellipsised line each, and only as many as fit.
  const gap = BODY_SIZE * SMALLEST_SCALE * k * BLOCK_GAP;
  const blocks: TemplateTextBlock[] = [];
  for (const line of lines) {
    const size = (line.headline ? HEADLINE_SIZE : BODY_SIZE) * SMALLEST_SCALE * k;
    const block = { lines: [ellipsize(line.text, box.width, size, line.headline)], size, bold: line.headline };
    if (blocksHeight([...blocks, block], gap) > box.height) break;
    blocks.push(block);
  }
  return { blocks, gap };
}

/**
 * The largest layout of a template's lines that fits its text area on a width×height picture:
 * headlines bold on up to 2 lines, other lines on up to 3, shrunk step by step until all fit.
 */
export function layoutTemplateText(
  lines: readonly TemplateLine[],
  area: TemplateTextArea,
  width: number,
  height: number,
): TemplateTextLayout {
  const box = { x: area.x * width, y: area.y * height, width: area.width * width, height: area.height * height };
  const { blocks, gap } = fit(lines, box, width / 1080);
  return { blocks, gap, box, top: box.y + (box.height - blocksHeight(blocks, gap)) / 2 };
}
