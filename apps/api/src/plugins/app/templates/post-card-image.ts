/**
 * Post card images for the demo data, drawn as SVG and rendered locally with sharp (librsvg,
 * DejaVu and Noto fonts: picture-fonts.ts): a gradient per category or festival, decorations, a big headline, a price
 * badge and discount ribbon, and the business name, like the promo cards Indian shops share.
 * No network is used. The starter templates' backgrounds take their themes and their rendering
 * to WebP/AVIF files from here; the files go to the app's media storage, like uploads.
 */
import sharp from 'sharp';
import {
  AVIF_VARIANT_WIDTHS,
  IMAGE_VARIANT_WIDTHS,
  discountPercent,
  ellipsize,
  formatRupees,
  textWidth,
  wrapText,
} from '@aaspaas/domain';
import { contentTypeOf } from '../media/media-keys';
import type { MediaStorage } from '../media/media-storage';
import { PICTURE_FONT_FAMILY, usePictureFonts } from './picture-fonts';

// These cards are drawn at start (the seed); fontconfig takes its fonts from the first text drawn.
usePictureFonts();

export type CardFestival = 'diwali' | 'holi' | 'eid' | 'christmas' | 'pongal' | 'onam' | 'ganeshotsav';

export type PostCardSpec = {
  category: string;
  /** offer: the post's main card; product: one item; store: the shop front with hours and phone. */
  layout: 'offer' | 'product' | 'store';
  festival?: CardFestival | null;
  eyebrow?: string | null;
  headline: string;
  subline?: string | null;
  mrpPaise?: number | null;
  ourPricePaise?: number | null;
  ribbon?: string | null;
  businessName: string;
  locality: string;
  city: string;
  phone?: string | null;
  footer?: string | null;
};

export const CARD_SIZE = 1080;
/** The same variants as an upload's (the web's srcset asks for each of them). */
export const CARD_VARIANT_WIDTHS = IMAGE_VARIANT_WIDTHS;

type Theme = { from: string; to: string; accent: string; ink: string; soft: string };

const CATEGORY_THEMES: Record<string, Theme> = {
  Grocery: { from: '#1b5e20', to: '#7cb342', accent: '#ffd54f', ink: '#1b5e20', soft: '#f1f8e9' },
  Restaurant: { from: '#bf360c', to: '#ff8f00', accent: '#fff176', ink: '#bf360c', soft: '#fff3e0' },
  Salon: { from: '#880e4f', to: '#ec407a', accent: '#ffe082', ink: '#880e4f', soft: '#fce4ec' },
  Clothing: { from: '#311b92', to: '#8e24aa', accent: '#ffca28', ink: '#4a148c', soft: '#f3e5f5' },
  Electronics: { from: '#0d47a1', to: '#00acc1', accent: '#ffeb3b', ink: '#0d47a1', soft: '#e3f2fd' },
  Pharmacy: { from: '#00695c', to: '#26a69a', accent: '#ffffff', ink: '#00695c', soft: '#e0f2f1' },
  Tuition: { from: '#1a237e', to: '#3f51b5', accent: '#ffc107', ink: '#1a237e', soft: '#e8eaf6' },
  Bakery: { from: '#5d4037', to: '#c58b4f', accent: '#ffe0b2', ink: '#4e342e', soft: '#fff8e1' },
  Sweets: { from: '#e65100', to: '#ffb300', accent: '#fff9c4', ink: '#bf360c', soft: '#fff8e1' },
  'Mobile Repair': { from: '#212121', to: '#455a64', accent: '#18ffff', ink: '#263238', soft: '#eceff1' },
  Hardware: { from: '#37474f', to: '#78909c', accent: '#ffca28', ink: '#37474f', soft: '#fffde7' },
  Fitness: { from: '#1a1a1a', to: '#c62828', accent: '#ff5252', ink: '#b71c1c', soft: '#ffebee' },
  Jewellery: { from: '#4a0e2e', to: '#8d2a5b', accent: '#ffd700', ink: '#6a1b4d', soft: '#fff8e1' },
  Optical: { from: '#004d60', to: '#0097a7', accent: '#b2ff59', ink: '#006064', soft: '#e0f7fa' },
};

const FESTIVAL_THEMES: Record<CardFestival, Theme> = {
  diwali: { from: '#2a0845', to: '#9c1f5e', accent: '#ffc107', ink: '#6a1b4d', soft: '#fff8e1' },
  holi: { from: '#d81b60', to: '#7c4dff', accent: '#ffeb3b', ink: '#ad1457', soft: '#fce4ec' },
  eid: { from: '#003d33', to: '#00897b', accent: '#ffd54f', ink: '#004d40', soft: '#e0f2f1' },
  christmas: { from: '#8e0000', to: '#d32f2f', accent: '#ffffff', ink: '#b71c1c', soft: '#ffebee' },
  pongal: { from: '#e65100', to: '#fbc02d', accent: '#ffffff', ink: '#e65100', soft: '#fffde7' },
  onam: { from: '#bf8600', to: '#e65100', accent: '#ffffff', ink: '#a04000', soft: '#fffde7' },
  ganeshotsav: { from: '#b71c1c', to: '#ff6f00', accent: '#ffeb3b', ink: '#b71c1c', soft: '#fff3e0' },
};

const DEFAULT_THEME: Theme = { from: '#283593', to: '#5c6bc0', accent: '#ffd54f', ink: '#283593', soft: '#e8eaf6' };

export function themeFor(category: string, festival?: CardFestival | null): Theme {
  if (festival) return FESTIVAL_THEMES[festival];
  return CATEGORY_THEMES[category] ?? DEFAULT_THEME;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

// ------------------------------------------------------------------------------------------------
// Text fitting (measuring and wrapping live in the domain's template-layout, shared with templates)
// ------------------------------------------------------------------------------------------------

/** The largest size from `sizes` at which the text fits; the smallest size, ellipsised, as a last resort. */
export function fitText(
  text: string,
  maxWidth: number,
  sizes: readonly number[],
  bold: boolean,
  maxLines: number,
): { lines: string[]; size: number } {
  for (const size of sizes) {
    const lines = wrapText(text, maxWidth, size, bold, maxLines);
    if (lines) return { lines, size };
  }
  const size = sizes[sizes.length - 1] ?? 40;
  return { lines: [ellipsize(text, maxWidth * maxLines * 0.95, size, bold)], size };
}

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  return lines
    .map((l, i) => `<text x="${x}" y="${Math.round(y + i * lineHeight)}" font-size="${size}" ${attrs}>${escapeXml(l)}</text>`)
    .join('');
}

// ------------------------------------------------------------------------------------------------
// Icons, drawn in a 100×100 box
// ------------------------------------------------------------------------------------------------

function icon(category: string, colour: string): string {
  const sw = (w: number): string =>
    `stroke="${colour}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round" fill="none"`;
  const s = sw(7);
  const f = `fill="${colour}"`;
  switch (category) {
    case 'Grocery':
      return `<path d="M30 38 Q50 5 70 38" ${s}/><path d="M12 40 H88 L78 88 H22 Z" ${f}/><path d="M35 52 V76 M50 52 V76 M65 52 V76" stroke="#fff" stroke-opacity="0.55" stroke-width="5" stroke-linecap="round"/>`;
    case 'Restaurant':
      return `<circle cx="50" cy="55" r="30" ${s}/><circle cx="50" cy="55" r="17" ${f} fill-opacity="0.5"/><path d="M8 20 V45 M8 45 V90 M2 20 V38 Q8 46 14 38 V20" ${sw(5)}/><path d="M92 20 Q84 35 92 50 V90" ${sw(6)}/>`;
    case 'Salon':
      return `<circle cx="28" cy="75" r="13" ${s}/><circle cx="72" cy="75" r="13" ${s}/><path d="M37 65 L78 10 M63 65 L22 10" ${s}/>`;
    case 'Clothing':
      return `<path d="M35 10 L15 20 L5 45 L20 50 L24 40 V92 H76 V40 L80 50 L95 45 L85 20 L65 10 Q50 26 35 10 Z" ${f}/><path d="M50 24 V60" stroke="#fff" stroke-opacity="0.6" stroke-width="4"/>`;
    case 'Electronics':
      return `<rect x="6" y="14" width="88" height="58" rx="8" ${f}/><rect x="13" y="21" width="74" height="44" rx="3" fill="#fff" fill-opacity="0.35"/><path d="M35 90 H65 M50 72 V90" ${s}/>`;
    case 'Pharmacy':
      return `<rect x="8" y="8" width="84" height="84" rx="18" ${f}/><path d="M40 22 H60 V40 H78 V60 H60 V78 H40 V60 H22 V40 H40 Z" fill="#fff"/>`;
    case 'Tuition':
      return `<path d="M50 12 L96 34 L50 56 L4 34 Z" ${f}/><path d="M24 45 V68 Q50 84 76 68 V45" ${f} fill-opacity="0.75"/><path d="M88 38 V66" ${sw(4)}/><circle cx="88" cy="70" r="5" ${f}/>`;
    case 'Bakery':
      return `<rect x="14" y="52" width="72" height="36" rx="6" ${f}/><rect x="22" y="30" width="56" height="24" rx="6" ${f} fill-opacity="0.75"/><path d="M14 66 Q23 74 32 66 Q41 74 50 66 Q59 74 68 66 Q77 74 86 66" stroke="#fff" stroke-width="4" fill="none"/><path d="M38 28 V14 M50 28 V10 M62 28 V14" ${sw(5)}/>`;
    case 'Sweets':
      return `<ellipse cx="50" cy="86" rx="46" ry="9" ${f} fill-opacity="0.6"/><circle cx="30" cy="66" r="15" ${f}/><circle cx="70" cy="66" r="15" ${f}/><circle cx="50" cy="66" r="15" ${f}/><circle cx="40" cy="42" r="15" ${f}/><circle cx="60" cy="42" r="15" ${f}/><circle cx="50" cy="19" r="15" ${f}/>`;
    case 'Mobile Repair':
      return `<rect x="26" y="4" width="48" height="92" rx="9" ${f}/><rect x="32" y="14" width="36" height="66" rx="3" fill="#fff" fill-opacity="0.4"/><circle cx="50" cy="88" r="4" fill="#fff"/><path d="M58 30 L40 62" stroke="#fff" stroke-width="4"/>`;
    case 'Hardware':
      return `<path d="M20 88 L62 46" ${sw(11)}/><path d="M46 18 L74 10 L90 26 L82 54 L72 44 L64 52 L48 36 L56 28 Z" ${f}/>`;
    case 'Fitness':
      return `<rect x="4" y="34" width="12" height="32" rx="4" ${f}/><rect x="16" y="24" width="14" height="52" rx="4" ${f}/><rect x="84" y="34" width="12" height="32" rx="4" ${f}/><rect x="70" y="24" width="14" height="52" rx="4" ${f}/><rect x="30" y="45" width="40" height="10" ${f}/>`;
    case 'Jewellery':
      return `<path d="M22 12 H78 L96 36 L50 92 L4 36 Z" ${f}/><path d="M4 36 H96 M36 12 L50 36 L64 12 M50 36 V92 M22 12 L34 36 M78 12 L66 36" stroke="#fff" stroke-opacity="0.6" stroke-width="3" fill="none"/>`;
    case 'Optical':
      return `<circle cx="27" cy="55" r="19" ${s}/><circle cx="73" cy="55" r="19" ${s}/><path d="M46 52 Q50 46 54 52 M8 50 L2 30 M92 50 L98 30" ${s}/>`;
    default:
      return `<path d="M10 40 L50 10 L90 40 V90 H10 Z" ${f}/><rect x="40" y="60" width="20" height="30" fill="#fff"/>`;
  }
}

function placeIcon(x: number, y: number, size: number, colour: string): string {
  const k = size / 24;
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M12 2 C7.6 2 4 5.6 4 10 C4 15.5 12 22 12 22 C12 22 20 15.5 20 10 C20 5.6 16.4 2 12 2 Z" fill="${colour}"/><circle cx="12" cy="10" r="3" fill="#000" fill-opacity="0.35"/></g>`;
}

function phoneIcon(x: number, y: number, size: number, colour: string): string {
  const k = size / 24;
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M6.6 10.8 C8 13.6 10.4 16 13.2 17.4 L15.4 15.2 C15.7 14.9 16.1 14.8 16.4 15 C17.5 15.4 18.7 15.6 20 15.6 C20.6 15.6 21 16 21 16.6 V20 C21 20.6 20.6 21 20 21 C10.6 21 3 13.4 3 4 C3 3.4 3.4 3 4 3 H7.5 C8.1 3 8.5 3.4 8.5 4 C8.5 5.3 8.7 6.5 9.1 7.6 C9.2 7.9 9.1 8.3 8.9 8.6 Z" fill="${colour}"/></g>`;
}

function truckIcon(x: number, y: number, size: number, colour: string): string {
  const k = size / 24;
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M1 5 H15 V16 H1 Z M15 9 H19 L23 13 V16 H15 Z" fill="${colour}"/><circle cx="6" cy="18" r="2.5" fill="${colour}"/><circle cx="18" cy="18" r="2.5" fill="${colour}"/></g>`;
}

// ------------------------------------------------------------------------------------------------
// Decorations
// ------------------------------------------------------------------------------------------------

function sparkle(x: number, y: number, r: number, colour: string, opacity = 1): string {
  const q = r * 0.22;
  return `<path d="M${x} ${y - r} L${x + q} ${y - q} L${x + r} ${y} L${x + q} ${y + q} L${x} ${y + r} L${x - q} ${y + q} L${x - r} ${y} L${x - q} ${y - q} Z" fill="${colour}" fill-opacity="${opacity}"/>`;
}

/** A hanging toran (bunting) across the top edge. */
function toran(colours: readonly string[], y = 0): string {
  let out = `<path d="M0 ${y + 6} Q540 ${y + 46} 1080 ${y + 6}" stroke="#fff" stroke-opacity="0.5" stroke-width="3" fill="none"/>`;
  for (let i = 0; i < 18; i++) {
    const x = 15 + i * 60;
    const t = (x - 540) / 540;
    const yy = y + 6 + 40 * (1 - t * t);
    const c = colours[i % colours.length] ?? '#fff';
    out += `<path d="M${x} ${yy - 2} L${x + 44} ${yy - 2} L${x + 22} ${yy + 40} Z" fill="${c}" fill-opacity="0.9"/>`;
  }
  return out;
}

function diya(x: number, y: number, k: number): string {
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M-30 0 Q0 34 30 0 Z" fill="#ff8f00"/><path d="M-30 0 H30" stroke="#ffca28" stroke-width="4"/><path d="M0 -6 Q-9 -22 0 -42 Q9 -22 0 -6 Z" fill="#ffeb3b"/><path d="M0 -10 Q-4 -20 0 -30 Q4 -20 0 -10 Z" fill="#ff6f00"/></g>`;
}

function festivalDecor(f: CardFestival, t: Theme): string {
  switch (f) {
    case 'diwali': {
      let s = '';
      [
        [110, 200, 26],
        [980, 420, 22],
        [640, 120, 18],
        [860, 640, 16],
        [70, 620, 14],
        [420, 240, 12],
      ].forEach(([x, y, r]) => (s += sparkle(x ?? 0, y ?? 0, r ?? 10, t.accent, 0.9)));
      for (let i = 0; i < 4; i++) s += diya(520 + i * 150, 872, 1.15);
      return s;
    }
    case 'holi': {
      const c = ['#ffeb3b', '#00e676', '#40c4ff', '#ff4081', '#ff9100'];
      let s = '';
      [
        [60, 120, 110],
        [1010, 300, 140],
        [120, 800, 90],
        [950, 830, 120],
        [560, 60, 70],
      ].forEach(([x, y, r], i) => {
        s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${c[i % c.length]}" fill-opacity="0.45"/>`;
        s += `<circle cx="${(x ?? 0) + 60}" cy="${(y ?? 0) + 50}" r="${(r ?? 0) / 3}" fill="${c[(i + 2) % c.length]}" fill-opacity="0.55"/>`;
      });
      return s;
    }
    case 'eid':
      return `<path d="M930 470 A120 120 0 1 0 1010 690 A100 100 0 1 1 930 470 Z" fill="${t.accent}" fill-opacity="0.9"/>${sparkle(850, 540, 26, t.accent)}<path d="M560 0 V110 M640 0 V60" stroke="${t.accent}" stroke-width="3"/><path d="M535 110 H585 L575 165 H545 Z M615 60 H665 L655 115 H625 Z" fill="${t.accent}" fill-opacity="0.85"/>`;
    case 'christmas': {
      let s = `<path d="M950 430 L990 550 L890 475 H1010 L910 550 Z" fill="${t.accent}" fill-opacity="0.9"/>`;
      for (let i = 0; i < 14; i++)
        s += `<circle cx="${760 + ((i * 97) % 300)}" cy="${380 + ((i * 151) % 520)}" r="${3 + (i % 3) * 2}" fill="#fff" fill-opacity="0.45"/>`;
      s += `<path d="M880 900 L950 760 L1020 900 Z M900 810 L950 690 L1000 810 Z" fill="#2e7d32"/><rect x="938" y="900" width="24" height="30" fill="#5d4037"/>`;
      return s;
    }
    case 'pongal':
      return `<circle cx="950" cy="560" r="70" fill="#fff" fill-opacity="0.5"/>${Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<path d="M${950 + Math.cos(a) * 85} ${560 + Math.sin(a) * 85} L${950 + Math.cos(a) * 120} ${560 + Math.sin(a) * 120}" stroke="#fff" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round"/>`;
      }).join(
        '',
      )}<path d="M880 930 V740 M910 930 V720 M1010 930 V750" stroke="#558b2f" stroke-width="14"/><path d="M880 740 Q840 690 860 650 M910 720 Q950 670 930 630 M1010 750 Q970 700 990 660" stroke="#7cb342" stroke-width="8" fill="none"/>`;
    case 'onam': {
      const rings = ['#ffeb3b', '#ff9800', '#e91e63', '#ffffff', '#4caf50'];
      const petals = Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<circle cx="${(950 + Math.cos(a) * 95).toFixed(1)}" cy="${(640 + Math.sin(a) * 95).toFixed(1)}" r="16" fill="#e91e63" fill-opacity="0.8"/>`;
      }).join('');
      return (
        rings.map((c, i) => `<circle cx="950" cy="640" r="${140 - i * 26}" fill="${c}" fill-opacity="0.8"/>`).join('') + petals
      );
    }
    case 'ganeshotsav': {
      let s = '';
      for (let i = 0; i < 28; i++)
        s += `<circle cx="${20 + i * 39}" cy="${22 + 18 * Math.sin(i / 2)}" r="18" fill="${i % 2 ? '#ffeb3b' : '#ff9800'}"/>`;
      s += `<path d="M940 300 Q980 220 1020 300 Q1020 340 980 340 Q940 340 940 300 Z" fill="#fff" fill-opacity="0.7"/>`;
      return s;
    }
  }
}

function backgroundDecor(t: Theme, seed: number): string {
  const a = 0.1 + (seed % 3) * 0.02;
  return [
    `<circle cx="${880 + (seed % 5) * 20}" cy="${160 + (seed % 7) * 10}" r="260" fill="#fff" fill-opacity="${a}"/>`,
    `<circle cx="${120 - (seed % 4) * 20}" cy="880" r="220" fill="#fff" fill-opacity="0.07"/>`,
    `<circle cx="1040" cy="760" r="120" fill="${t.accent}" fill-opacity="0.12"/>`,
    // A row of rangoli dots.
    Array.from(
      { length: 9 },
      (_, i) => `<circle cx="${80 + i * 34}" cy="${255}" r="5" fill="${t.accent}" fill-opacity="0.7"/>`,
    ).join(''),
  ].join('');
}

function ribbonBadge(text: string, t: Theme, cx: number, cy: number): string {
  const points: string[] = [];
  const n = 16;
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? 132 : 112;
    const a = (i * Math.PI) / n - Math.PI / 2;
    points.push(`${(cx + Math.cos(a) * r).toFixed(1)},${(cy + Math.sin(a) * r).toFixed(1)}`);
  }
  const pct = /^(\d+)% OFF$/.exec(text);
  const badgeFill = t.accent === '#ffffff' ? '#ffd54f' : t.accent;
  let inner: string;
  if (pct) {
    inner =
      `<text x="${cx}" y="${cy + 8}" text-anchor="middle" font-size="76" font-weight="bold" fill="${t.ink}">${escapeXml(pct[1] ?? '')}%</text>` +
      `<text x="${cx}" y="${cy + 56}" text-anchor="middle" font-size="40" font-weight="bold" fill="${t.ink}">OFF</text>`;
  } else {
    const { lines, size } = fitText(text, 190, [46, 40, 34, 28], true, 2);
    const lh = size * 1.1;
    const y0 = cy + size * 0.36 - ((lines.length - 1) * lh) / 2;
    inner = textLines(lines, cx, y0, size, lh, `text-anchor="middle" font-weight="bold" fill="${t.ink}"`);
  }
  return `<g transform="rotate(-10 ${cx} ${cy})"><polygon points="${points.join(' ')}" fill="${badgeFill}"/><circle cx="${cx}" cy="${cy}" r="100" fill="none" stroke="${t.ink}" stroke-opacity="0.25" stroke-width="3" stroke-dasharray="6 8"/>${inner}</g>`;
}

function priceBlock(mrpPaise: number, ourPaise: number, t: Theme, x: number, y: number): string {
  const our = formatRupees(ourPaise);
  const mrp = formatRupees(mrpPaise);
  const hasDiscount = discountPercent(mrpPaise, ourPaise) !== null;
  const size = our.length > 9 ? 82 : 96;
  const ourW = textWidth(our, size, true);
  const mrpSize = 40;
  const mrpText = `MRP ${mrp}`;
  const mrpW = textWidth(mrpText, mrpSize, false);
  const w = Math.max(ourW, hasDiscount ? mrpW : 0, 260) + 70;
  const h = hasDiscount ? 236 : 168;
  let s = `<rect x="${x + 8}" y="${y + 10}" width="${w}" height="${h}" rx="26" fill="#000" fill-opacity="0.22"/>`;
  s += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="26" fill="#fff"/>`;
  s += `<rect x="${x}" y="${y}" width="14" height="${h}" rx="7" fill="${t.accent === '#ffffff' ? t.ink : t.accent}"/>`;
  s += `<text x="${x + 38}" y="${y + 48}" font-size="30" font-weight="bold" letter-spacing="3" fill="${t.ink}" fill-opacity="0.75">${hasDiscount ? 'OFFER PRICE' : 'PRICE'}</text>`;
  s += `<text x="${x + 34}" y="${y + 52 + size * 0.9}" font-size="${size}" font-weight="bold" fill="${t.ink}">${escapeXml(our)}</text>`;
  if (hasDiscount) {
    const my = y + h - 26;
    s += `<text x="${x + 38}" y="${my}" font-size="${mrpSize}" fill="#555">${escapeXml(mrpText)}</text>`;
    s += `<path d="M${x + 36} ${my - 13} L${x + 40 + mrpW} ${my - 13}" stroke="#d32f2f" stroke-width="4"/>`;
  }
  return s;
}

function footerBand(spec: PostCardSpec, t: Theme, showPhone: boolean): string {
  const y = 930;
  let s = `<rect x="0" y="${y}" width="1080" height="150" fill="#000" fill-opacity="0.38"/>`;
  s += `<rect x="0" y="${y}" width="1080" height="6" fill="${t.accent}" fill-opacity="0.9"/>`;
  const rightW = spec.footer ? 360 : showPhone && spec.phone ? 380 : 0;
  const nameMax = 1080 - 140 - rightW;
  const nameSize =
    textWidth(spec.businessName, 46, true) <= nameMax ? 46 : textWidth(spec.businessName, 40, true) <= nameMax ? 40 : 36;
  const name = ellipsize(spec.businessName, nameMax, nameSize, true);
  s += `<text x="70" y="${y + 66}" font-size="${nameSize}" font-weight="bold" fill="#fff">${escapeXml(name)}</text>`;
  s += placeIcon(66, y + 86, 36, t.accent === '#ffffff' ? '#ffd54f' : t.accent);
  s += `<text x="110" y="${y + 116}" font-size="32" fill="#fff" fill-opacity="0.9">${escapeXml(ellipsize(`${spec.locality}, ${spec.city}`, nameMax - 40, 32, false))}</text>`;
  if (spec.footer) {
    const fx = 1080 - 60 - 330;
    s += `<rect x="${fx}" y="${y + 38}" width="330" height="74" rx="37" fill="#fff"/>`;
    s += truckIcon(fx + 22, y + 55, 40, t.ink);
    s += `<text x="${fx + 72}" y="${y + 70}" font-size="25" font-weight="bold" fill="${t.ink}">FREE HOME</text>`;
    s += `<text x="${fx + 72}" y="${y + 99}" font-size="25" font-weight="bold" fill="${t.ink}">DELIVERY</text>`;
  } else if (showPhone && spec.phone) {
    const phone = spec.phone;
    const pw = Math.min(360, textWidth(phone, 32, true) + 90);
    const fx = 1080 - 60 - pw;
    s += `<rect x="${fx}" y="${y + 38}" width="${pw}" height="74" rx="37" fill="#fff"/>`;
    s += phoneIcon(fx + 22, y + 57, 36, t.ink);
    s += `<text x="${fx + 68}" y="${y + 86}" font-size="${textWidth(phone, 32, true) + 90 > 360 ? 26 : 32}" font-weight="bold" fill="${t.ink}">${escapeXml(phone)}</text>`;
  }
  return s;
}

function categoryPill(category: string, t: Theme): string {
  const label = category.toUpperCase();
  const w = textWidth(label, 28, true, 2) + 110;
  return `<rect x="60" y="60" width="${w}" height="70" rx="35" fill="#fff" fill-opacity="0.95"/><g transform="translate(78 73) scale(0.44)">${icon(category, t.ink)}</g><text x="136" y="106" font-size="28" font-weight="bold" letter-spacing="2" fill="${t.ink}">${escapeXml(label)}</text>`;
}

function seedOf(s: string): number {
  let h = 7;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

// ------------------------------------------------------------------------------------------------
// Layouts
// ------------------------------------------------------------------------------------------------

function svgOpen(t: Theme, seed: number): string {
  // Axis-aligned gradients render ~3× faster than diagonal ones in librsvg/cairo.
  const [a, b] = seed % 2 === 0 ? [t.from, t.to] : [t.to, t.from];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_SIZE}" height="${CARD_SIZE}" viewBox="0 0 ${CARD_SIZE} ${CARD_SIZE}" font-family="${PICTURE_FONT_FAMILY}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${seed % 4 < 2 ? t.from : a}"/><stop offset="1" stop-color="${seed % 4 < 2 ? t.to : b}"/></linearGradient></defs>` +
    `<rect width="${CARD_SIZE}" height="${CARD_SIZE}" fill="url(#bg)"/>`
  );
}

function offerSvg(spec: PostCardSpec): string {
  const t = themeFor(spec.category, spec.festival);
  const seed = seedOf(spec.headline + spec.businessName);
  const hasPrice = spec.mrpPaise != null && spec.ourPricePaise != null;
  let s = svgOpen(t, seed);
  s += backgroundDecor(t, seed);
  if (spec.festival) s += festivalDecor(spec.festival, t);
  else if (seed % 3 === 0) s += toran([t.accent, '#ffffff', t.to]);
  // Faint category icon as a watermark (festival cards have their own decorations there).
  if (!spec.festival)
    s += `<g transform="translate(${hasPrice ? 700 : 640} ${hasPrice ? 560 : 520}) scale(${hasPrice ? 3.2 : 3.8})" opacity="0.14">${icon(spec.category, '#ffffff')}</g>`;
  s += categoryPill(spec.category, t);
  if (spec.ribbon) s += ribbonBadge(spec.ribbon, t, 880, 215);

  const textMax = spec.ribbon ? 700 : 920;
  let y = 330;
  if (spec.eyebrow) {
    const eyebrow = ellipsize(spec.eyebrow.toUpperCase(), textMax, 38, true);
    s += `<text x="70" y="${y}" font-size="38" font-weight="bold" letter-spacing="3" fill="${t.accent === '#ffffff' ? '#fff59d' : t.accent}">${escapeXml(eyebrow)}</text>`;
    y += 30;
  }
  // The headline and subline must end above the price block (or the footer).
  const priceTop = 660;
  const bottom = hasPrice ? priceTop - 40 : 880;
  const sub = spec.subline ? fitText(spec.subline, 900, [42, 36, 32], false, 2) : null;
  const subHeight = sub ? 28 + sub.size + (sub.lines.length - 1) * sub.size * 1.25 : 0;
  let head = { lines: [spec.headline], size: 56 };
  for (const size of [100, 90, 80, 72, 64, 56, 50]) {
    const lines = wrapText(spec.headline, textMax, size, true, 4);
    if (!lines) continue;
    head = { lines, size };
    if (y + size + (lines.length - 1) * Math.round(size * 1.14) + subHeight <= bottom) break;
  }
  const lh = Math.round(head.size * 1.14);
  y += head.size;
  s += textLines(head.lines, 70, y, head.size, lh, 'font-weight="bold" fill="#ffffff"');
  y += (head.lines.length - 1) * lh;
  if (sub && y + subHeight <= bottom + 10) {
    y += 28 + sub.size;
    s += textLines(sub.lines, 72, y, sub.size, sub.size * 1.25, 'fill="#ffffff" fill-opacity="0.92"');
  }
  if (hasPrice) s += priceBlock(spec.mrpPaise as number, spec.ourPricePaise as number, t, 70, priceTop);
  s += footerBand(spec, t, false);
  return `${s}</svg>`;
}

function productSvg(spec: PostCardSpec): string {
  const t = themeFor(spec.category, spec.festival);
  const seed = seedOf(spec.headline);
  let s = svgOpen(t, seed);
  s += `<rect x="60" y="60" width="960" height="820" rx="44" fill="${t.soft}"/>`;
  s += `<circle cx="540" cy="370" r="200" fill="${t.from}" fill-opacity="0.12"/>`;
  s += `<circle cx="540" cy="370" r="150" fill="${t.to}" fill-opacity="0.18"/>`;
  s += `<g transform="translate(400 230) scale(2.8)">${icon(spec.category, t.ink)}</g>`;
  for (const [x, y] of [
    [170, 260],
    [910, 260],
    [240, 450],
    [840, 450],
  ] as const)
    s += sparkle(x, y, 16, t.ink, 0.25);
  if (spec.eyebrow) {
    const w = textWidth(spec.eyebrow.toUpperCase(), 28, true, 2) + 60;
    s += `<rect x="${540 - w / 2}" y="90" width="${w}" height="54" rx="27" fill="${t.ink}"/>`;
    s += `<text x="540" y="127" text-anchor="middle" font-size="28" font-weight="bold" letter-spacing="2" fill="#fff">${escapeXml(spec.eyebrow.toUpperCase())}</text>`;
  }
  const { lines, size } = fitText(spec.headline, 880, [72, 64, 56, 48], true, 2);
  const lh = size * 1.15;
  const y0 = 668 - ((lines.length - 1) * lh) / 2 + size * 0.35;
  s += textLines(lines, 540, y0, size, lh, `text-anchor="middle" font-weight="bold" fill="${t.ink}"`);
  if (spec.ourPricePaise != null) {
    const price = formatRupees(spec.ourPricePaise);
    const w = textWidth(price, 64, true) + 90;
    s += `<rect x="${540 - w / 2}" y="772" width="${w}" height="96" rx="48" fill="${t.ink}"/>`;
    s += `<text x="540" y="843" text-anchor="middle" font-size="64" font-weight="bold" fill="#fff">${escapeXml(price)}</text>`;
  }
  s += footerBand(spec, t, false);
  return `${s}</svg>`;
}

function storeSvg(spec: PostCardSpec): string {
  const t = themeFor(spec.category, null);
  let s = svgOpen(t, seedOf(spec.businessName));
  // Wall and shop front.
  s += `<rect x="60" y="150" width="960" height="740" fill="${t.soft}"/>`;
  // Sign board.
  s += `<rect x="40" y="60" width="1000" height="170" rx="18" fill="${t.ink}"/><rect x="56" y="76" width="968" height="138" rx="12" fill="none" stroke="${t.accent === '#ffffff' ? '#ffd54f' : t.accent}" stroke-width="4"/>`;
  const name = fitText(spec.businessName, 900, [64, 56, 48, 42], true, 2);
  const nlh = name.size * 1.1;
  s += textLines(
    name.lines,
    540,
    145 + name.size * 0.35 - ((name.lines.length - 1) * nlh) / 2,
    name.size,
    nlh,
    'text-anchor="middle" font-weight="bold" fill="#fff"',
  );
  // Striped awning with a scalloped edge.
  for (let i = 0; i < 12; i++)
    s += `<rect x="${60 + i * 80}" y="230" width="80" height="90" fill="${i % 2 ? '#ffffff' : t.to}"/>`;
  for (let i = 0; i < 12; i++)
    s += `<path d="M${60 + i * 80} 320 A40 40 0 0 0 ${140 + i * 80} 320 Z" fill="${i % 2 ? '#ffffff' : t.to}"/>`;
  // Shutter/door and a window with shelves.
  s += `<rect x="110" y="380" width="380" height="500" rx="8" fill="${t.from}" fill-opacity="0.85"/>`;
  for (let i = 0; i < 4; i++) s += `<path d="M130 ${450 + i * 110} H470" stroke="#fff" stroke-opacity="0.5" stroke-width="6"/>`;
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 5; c++)
      s += `<rect x="${140 + c * 64}" y="${408 + r * 110}" width="44" height="${38 - ((r + c) % 3) * 6}" rx="4" fill="${[t.accent, '#ffffff', t.to][(r * 5 + c) % 3]}" fill-opacity="0.9"/>`;
  s += `<g transform="translate(610 390) scale(2.6)">${icon(spec.category, t.ink)}</g>`;
  s += `<text x="750" y="700" text-anchor="middle" font-size="40" font-weight="bold" fill="${t.ink}">OPEN</text>`;
  if (spec.subline) {
    const sub = fitText(spec.subline.replace(/^Open /, ''), 420, [36, 32, 28], false, 2);
    s += textLines(sub.lines, 750, 750, sub.size, sub.size * 1.25, `text-anchor="middle" fill="${t.ink}"`);
  }
  s += footerBand(spec, t, true);
  return `${s}</svg>`;
}

export function postCardSvg(spec: PostCardSpec): string {
  if (spec.layout === 'product') return productSvg(spec);
  if (spec.layout === 'store') return storeSvg(spec);
  return offerSvg(spec);
}

// ------------------------------------------------------------------------------------------------
// Avatars
// ------------------------------------------------------------------------------------------------

export const AVATAR_SIZE = 256;

export function initials(name: string): string {
  const words = name
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !['and', 'the', 'of', 'shree', 'sri', 'shri'].includes(w.toLowerCase()));
  const letters = words.slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

export function avatarSvg(name: string, colour: string, category?: string): string {
  const text = initials(name);
  const size = text.length > 1 ? 104 : 124;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 256 256" font-family="${PICTURE_FONT_FAMILY}">` +
    `<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0.72"/></linearGradient></defs>` +
    `<circle cx="128" cy="128" r="128" fill="url(#a)"/>` +
    `<circle cx="128" cy="128" r="116" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="4"/>` +
    (category ? `<g transform="translate(174 170) scale(0.42)" opacity="0.35">${icon(category, '#ffffff')}</g>` : '') +
    `<text x="128" y="${128 + size * 0.36}" text-anchor="middle" font-size="${size}" font-weight="bold" fill="#fff">${escapeXml(text)}</text>` +
    `</svg>`
  );
}

// ------------------------------------------------------------------------------------------------
// Rendering to WebP files
// ------------------------------------------------------------------------------------------------

/** effort 0: flat graphics compress well anyway, and it is ~2× faster than the default. */
const WEBP = { quality: 82, effort: 0 } as const;
/**
 * The uploads' AVIF quality (see image-processing.ts) at effort 0: a few hundred seeded drawings
 * must not hold a first start for long (effort 1 made rendering them 2.8 times slower, effort 0
 * 1.7 times), and flat drawings still come out at about 80 % of their WebP.
 */
const AVIF = { quality: 50, effort: 0 } as const;

/** Where rendered pictures go: the app's media storage (disk or bucket, ADR 046). */
export type RenderStorage = Pick<MediaStorage, 'has' | 'put'>;

/**
 * The file written last of a picture: when the storage has it, it has the others (a render that
 * stopped half-way is done again), so a start-up asks one question per picture.
 */
function lastKey(base: string): string {
  return `${base}-${AVIF_VARIANT_WIDTHS[AVIF_VARIANT_WIDTHS.length - 1]}.avif`;
}

/** The writes of one picture, the last one (lastKey) strictly after the others. */
function writer(storage: RenderStorage) {
  return (key: string, bytes: Buffer) => storage.put(key, bytes, contentTypeOf(key));
}

/**
 * Stores `<base>.webp` (1080×1080), the variants `<base>-<width>.webp` of every IMAGE_VARIANT_WIDTHS
 * and `<base>-<width>.avif` of every AVIF_VARIANT_WIDTHS beside it (the names of an upload's), in the
 * media storage under the key `base`. What the storage already has is not rendered again. Returns
 * true when something was rendered. The SVG is rendered once; the 1080 variant has the original's bytes.
 */
export async function writeCardImages(storage: RenderStorage, svg: string, base: string): Promise<boolean> {
  if (await storage.has(lastKey(base))) return false;
  const put = writer(storage);
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const full = await sharp(data, raw).webp(WEBP).toBuffer();
  await put(`${base}.webp`, full);
  for (const w of CARD_VARIANT_WIDTHS) {
    const bytes = w === CARD_SIZE ? full : await sharp(data, raw).resize(w, w, { kernel: 'mitchell' }).webp(WEBP).toBuffer();
    await put(`${base}-${w}.webp`, bytes);
  }
  for (const w of AVIF_VARIANT_WIDTHS)
    await put(`${base}-${w}.avif`, await sharp(data, raw).resize(w, w, { kernel: 'mitchell' }).avif(AVIF).toBuffer());
  return true;
}

/**
 * Stores a 256×256 avatar `<base>.webp` and its variants, WebP and AVIF: a real 160 px one (what the
 * feed's 44 px avatar asks for); the wider names carry the 256 px bytes (no upscaling).
 */
export async function writeAvatarImage(storage: RenderStorage, svg: string, base: string): Promise<boolean> {
  if (await storage.has(lastKey(base))) return false;
  const put = writer(storage);
  const buf = await sharp(Buffer.from(svg)).webp({ quality: 85, effort: 2 }).toBuffer();
  await put(`${base}.webp`, buf);
  for (const w of CARD_VARIANT_WIDTHS) {
    const bytes = w >= AVATAR_SIZE ? buf : await sharp(buf).resize(w, w, { kernel: 'mitchell' }).webp(WEBP).toBuffer();
    await put(`${base}-${w}.webp`, bytes);
  }
  let fullAvif: Buffer | null = null;
  for (const w of AVIF_VARIANT_WIDTHS) {
    if (w < AVATAR_SIZE)
      await put(`${base}-${w}.avif`, await sharp(buf).resize(w, w, { kernel: 'mitchell' }).avif(AVIF).toBuffer());
    else {
      fullAvif ??= await sharp(buf).avif(AVIF).toBuffer();
      await put(`${base}-${w}.avif`, fullAvif);
    }
  }
  return true;
}
