import { TEMPLATE_LINE_HEIGHT, type TemplateLine, type TemplateTextArea, layoutTemplateText } from '@aaspaas/domain';
import sharp from 'sharp';
import { escapeXml } from './post-card-image';
import { PICTURE_FONT_FAMILY, usePictureFonts } from './picture-fonts';

// Before the first text is drawn: Hindi lines need Noto Sans Devanagari (picture-fonts.ts).
usePictureFonts();

/** The template's filled-in lines as SVG text, centred in its text area, with a soft shadow for legibility. */
export function templateTextSvg(
  width: number,
  height: number,
  area: TemplateTextArea,
  color: string,
  lines: readonly TemplateLine[],
): string {
  // The web's preview lays the lines out with the same function, so both break at the same words.
  const { blocks, gap, box, top } = layoutTemplateText(lines, area, width, height);
  const k = width / 1080;
  const cx = (box.x + box.width / 2).toFixed(1);
  let y = top;
  const shadow = Math.max(1, Math.round(3 * k));
  let texts = '';
  for (const block of blocks) {
    for (const line of block.lines) {
      const baseline = (y + block.size * 0.9).toFixed(1);
      const attrs = `x="${cx}" y="${baseline}" font-size="${block.size.toFixed(1)}" text-anchor="middle"${block.bold ? ' font-weight="bold"' : ''}`;
      texts += `<text ${attrs} fill="#000" fill-opacity="0.35" transform="translate(${shadow} ${shadow})">${escapeXml(line)}</text>`;
      texts += `<text ${attrs} fill="${escapeXml(color)}">${escapeXml(line)}</text>`;
      y += block.size * TEMPLATE_LINE_HEIGHT;
    }
    y += gap;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${PICTURE_FONT_FAMILY}">${texts}</svg>`;
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
