import type { TemplateLine, TemplateTextArea } from '@aaspaas/domain';
import sharp from 'sharp';
import { ellipsize, escapeXml, wrapText } from '../../../db/seed/post-card-image';

const FONT = 'DejaVu Sans, sans-serif';
/** Sizes on a 1080 px wide picture; scaled with the picture's width. */
const HEADLINE_SIZE = 104;
const BODY_SIZE = 56;
const LINE_HEIGHT = 1.18;
const BLOCK_GAP = 0.45;
/** Shrink steps tried until every line fits the text area. */
const SCALES = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.42] as const;
const SMALLEST_SCALE = 0.42;

type Block = { lines: string[]; size: number; bold: boolean };

/** Digit groups stay on one line: '+91 98200 12345' never breaks between its groups. */
function keepNumbersTogether(text: string): string {
  return text.replace(/([+\d]) (?=\d)/g, '$1\u00a0');
}
type Box = { x: number; y: number; width: number; height: number };

function blocksHeight(blocks: readonly Block[], gap: number): number {
  return blocks.reduce((h, b) => h + b.lines.length * b.size * LINE_HEIGHT, 0) + Math.max(0, blocks.length - 1) * gap;
}

/** The largest layout that fits: headlines bold on up to 2 lines, other lines on up to 3. */
function layout(lines: readonly TemplateLine[], box: Box, k: number): { blocks: Block[]; gap: number } {
  for (const scale of SCALES) {
    const gap = BODY_SIZE * scale * k * BLOCK_GAP;
    const blocks: Block[] = [];
    for (const line of lines) {
      const size = (line.headline ? HEADLINE_SIZE : BODY_SIZE) * scale * k;
      const wrapped = wrapText(keepNumbersTogether(line.text), box.width, size, line.headline, line.headline ? 2 : 3);
      if (!wrapped) break;
      blocks.push({ lines: wrapped, size, bold: line.headline });
    }
    if (blocks.length === lines.length && blocksHeight(blocks, gap) <= box.height) return { blocks, gap };
  }
  // Last resort (very long words or text): one ellipsised line each, and only as many as fit.
  const scale = SMALLEST_SCALE;
  const gap = BODY_SIZE * scale * k * BLOCK_GAP;
  const blocks: Block[] = [];
  for (const line of lines) {
    const size = (line.headline ? HEADLINE_SIZE : BODY_SIZE) * scale * k;
    const next = [...blocks, { lines: [ellipsize(line.text, box.width, size, line.headline)], size, bold: line.headline }];
    if (blocksHeight(next, gap) > box.height) break;
    blocks.push(next[next.length - 1] as Block);
  }
  return { blocks, gap };
}

/** The template's filled-in lines as SVG text, centred in its text area, with a soft shadow for legibility. */
export function templateTextSvg(
  width: number,
  height: number,
  area: TemplateTextArea,
  color: string,
  lines: readonly TemplateLine[],
): string {
  const box = { x: area.x * width, y: area.y * height, width: area.width * width, height: area.height * height };
  const k = width / 1080;
  const { blocks, gap } = layout(lines, box, k);
  const cx = (box.x + box.width / 2).toFixed(1);
  let y = box.y + (box.height - blocksHeight(blocks, gap)) / 2;
  const shadow = Math.max(1, Math.round(3 * k));
  let texts = '';
  for (const block of blocks) {
    for (const line of block.lines) {
      const baseline = (y + block.size * 0.9).toFixed(1);
      const attrs = `x="${cx}" y="${baseline}" font-size="${block.size.toFixed(1)}" text-anchor="middle"${block.bold ? ' font-weight="bold"' : ''}`;
      texts += `<text ${attrs} fill="#000" fill-opacity="0.35" transform="translate(${shadow} ${shadow})">${escapeXml(line)}</text>`;
      texts += `<text ${attrs} fill="${escapeXml(color)}">${escapeXml(line)}</text>`;
      y += block.size * LINE_HEIGHT;
    }
    y += gap;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">${texts}</svg>`;
}

/** The final post picture: the background with the text drawn over it (a PNG, for the upload pipeline to encode). */
export async function renderTemplateImage(
  background: Buffer,
  template: { textArea: TemplateTextArea; textColor: string },
  lines: readonly TemplateLine[],
): Promise<Buffer> {
  const { width, height } = await sharp(background).metadata();
  const svg = templateTextSvg(width, height, template.textArea, template.textColor, lines);
  const { data, info } = await sharp(background)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Opaque, so the upload pipeline stores a JPEG original (what WhatsApp link previews want).
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}
