/**
 * Backgrounds of the starter templates, drawn as SVG and rendered locally with sharp (no network):
 * a festive or themed gradient, decorations along the edges, and a calm translucent panel where the
 * business's text is written later (the template's text area). No words are drawn here: every word
 * on a template image comes from the template's text, filled in per business.
 */
import { CARD_SIZE, type CardFestival, themeFor } from './post-card-image';

export type TemplateMotif = CardFestival | 'opening' | 'sale' | 'clearance' | 'arrivals' | 'fresh' | 'delivery' | 'whatsapp';

type Palette = { from: string; to: string; accent: string };

const PALETTES: Record<Exclude<TemplateMotif, CardFestival>, Palette> = {
  opening: { from: '#4a148c', to: '#c2185b', accent: '#ffd54f' },
  sale: { from: '#b71c1c', to: '#ff6f00', accent: '#ffeb3b' },
  clearance: { from: '#0d47a1', to: '#6a1b9a', accent: '#ffea00' },
  arrivals: { from: '#004d40', to: '#00897b', accent: '#ffd740' },
  fresh: { from: '#1b5e20', to: '#8bc34a', accent: '#fff59d' },
  delivery: { from: '#01579b', to: '#0288d1', accent: '#ffca28' },
  whatsapp: { from: '#075e54', to: '#25a244', accent: '#dcf8c6' },
};

function paletteOf(motif: TemplateMotif): Palette {
  if (motif in PALETTES) return PALETTES[motif as keyof typeof PALETTES];
  const t = themeFor('', motif as CardFestival);
  return { from: t.from, to: t.to, accent: t.accent === '#ffffff' ? '#ffd54f' : t.accent };
}

/** The text area every starter background keeps calm, as fractions of the picture. */
export const STARTER_TEXT_AREA = { x: 0.12, y: 0.22, width: 0.76, height: 0.56 } as const;

const PANEL = { x: 86, y: 200, width: 908, height: 680 } as const;

function sparkle(x: number, y: number, r: number, colour: string, opacity = 0.9): string {
  const k = r / 10;
  return `<path transform="translate(${x} ${y}) scale(${k})" d="M0 -10 L2.4 -2.4 L10 0 L2.4 2.4 L0 10 L-2.4 2.4 L-10 0 L-2.4 -2.4 Z" fill="${colour}" fill-opacity="${opacity}"/>`;
}

function diya(x: number, y: number, k: number): string {
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M-34 0 Q0 38 34 0 Z" fill="#ff8f00"/><path d="M-34 0 H34" stroke="#ffca28" stroke-width="5"/><path d="M0 -6 Q-10 -24 0 -46 Q10 -24 0 -6 Z" fill="#ffeb3b"/><path d="M0 -10 Q-4 -20 0 -32 Q4 -20 0 -10 Z" fill="#ff6f00"/></g>`;
}

function lantern(x: number, y: number, k: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M0 -60 V-20" stroke="${colour}" stroke-width="3"/><path d="M-22 -20 H22 L30 30 L0 60 L-30 30 Z" fill="${colour}" fill-opacity="0.9"/><path d="M-10 -5 H10 L14 28 L0 42 L-14 28 Z" fill="#fff" fill-opacity="0.45"/></g>`;
}

function balloon(x: number, y: number, colour: string): string {
  return `<g transform="translate(${x} ${y})"><ellipse cx="0" cy="0" rx="42" ry="52" fill="${colour}"/><ellipse cx="-14" cy="-18" rx="9" ry="14" fill="#fff" fill-opacity="0.45"/><path d="M0 52 Q-12 90 6 130 Q18 160 0 190" stroke="#fff" stroke-opacity="0.7" stroke-width="3" fill="none"/></g>`;
}

function priceTag(x: number, y: number, angle: number, colour: string, ink: string): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 -40 H110 L140 0 L110 40 H0 Z" fill="${colour}"/><circle cx="112" cy="0" r="9" fill="${ink}"/><text x="46" y="16" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="bold" fill="${ink}">%</text></g>`;
}

function bag(x: number, y: number, k: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M-30 -20 Q-30 -60 0 -60 Q30 -60 30 -20" stroke="${colour}" stroke-width="7" fill="none"/><rect x="-48" y="-24" width="96" height="100" rx="10" fill="${colour}"/></g>`;
}

function truck(x: number, y: number, k: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M0 0 H90 V62 H0 Z M90 20 H122 L146 46 V62 H90 Z" fill="${colour}"/><circle cx="28" cy="70" r="15" fill="${colour}"/><circle cx="28" cy="70" r="6" fill="#000" fill-opacity="0.35"/><circle cx="116" cy="70" r="15" fill="${colour}"/><circle cx="116" cy="70" r="6" fill="#000" fill-opacity="0.35"/><path d="M-50 14 H-14 M-64 32 H-14 M-40 50 H-14" stroke="${colour}" stroke-width="7" stroke-linecap="round"/></g>`;
}

function pin(x: number, y: number, k: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${k})"><path d="M0 -60 C-33 -60 -46 -36 -46 -18 C-46 14 0 50 0 50 C0 50 46 14 46 -18 C46 -36 33 -60 0 -60 Z" fill="${colour}"/><circle cx="0" cy="-18" r="16" fill="#fff" fill-opacity="0.7"/></g>`;
}

function chatBubble(x: number, y: number, k: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${k})"><circle cx="0" cy="0" r="56" fill="${colour}"/><path d="M-40 40 L-58 66 L-14 52 Z" fill="${colour}"/><path d="M-20 -22 Q-26 6 -2 22 Q20 36 26 20 L14 10 L4 18 Q-10 10 -12 -4 L-4 -12 L-12 -26 Z" fill="#075e54"/></g>`;
}

function pookalam(cx: number, cy: number, r: number): string {
  const rings = ['#ffeb3b', '#ff9800', '#e91e63', '#ffffff', '#4caf50', '#ff5722'];
  const petals = Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8;
    return `<circle cx="${(cx + Math.cos(a) * r * 1.08).toFixed(1)}" cy="${(cy + Math.sin(a) * r * 1.08).toFixed(1)}" r="${(r * 0.13).toFixed(1)}" fill="#e91e63" fill-opacity="0.85"/>`;
  }).join('');
  return (
    rings
      .map((c, i) => `<circle cx="${cx}" cy="${cy}" r="${(r * (1 - i * 0.16)).toFixed(1)}" fill="${c}" fill-opacity="0.85"/>`)
      .join('') + petals
  );
}

function snowflake(x: number, y: number, r: number): string {
  const arms = [0, 60, 120].map(
    (a) =>
      `<path d="M${-r} 0 H${r}" transform="rotate(${a})" stroke="#fff" stroke-width="${Math.max(2, r / 6)}" stroke-linecap="round"/>`,
  );
  return `<g transform="translate(${x} ${y})" opacity="0.8">${arms.join('')}</g>`;
}

/** Decorations outside the panel, per motif. */
function decor(motif: TemplateMotif, p: Palette): string {
  switch (motif) {
    case 'diwali': {
      let s = '';
      for (let i = 0; i < 6; i++) s += diya(150 + i * 156, 965, 1.3);
      for (const [x, y, r] of [
        [120, 110, 30],
        [960, 120, 26],
        [540, 80, 20],
        [330, 140, 14],
        [760, 60, 14],
      ] as const)
        s += sparkle(x, y, r, p.accent);
      for (let i = 0; i < 5; i++) s += lantern(70 + i * 235, 0, 0.9, i % 2 ? p.accent : '#ff7043');
      return s;
    }
    case 'holi': {
      const c = ['#ffeb3b', '#00e676', '#40c4ff', '#ff4081', '#ff9100', '#b388ff'];
      let s = '';
      for (const [x, y, r, i] of [
        [70, 90, 130, 0],
        [1010, 110, 150, 1],
        [90, 1000, 140, 2],
        [1000, 990, 150, 3],
        [540, 40, 80, 4],
        [540, 1050, 90, 5],
      ] as const) {
        s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${c[i]}" fill-opacity="0.55"/>`;
        s += `<circle cx="${x + r * 0.6}" cy="${y + r * 0.4}" r="${r / 3}" fill="${c[(i + 2) % c.length]}" fill-opacity="0.6"/>`;
        s += `<circle cx="${x - r * 0.5}" cy="${y + r * 0.7}" r="${r / 5}" fill="${c[(i + 4) % c.length]}" fill-opacity="0.7"/>`;
      }
      return s;
    }
    case 'eid': {
      let s = `<path d="M880 40 A110 110 0 1 0 960 230 A92 92 0 1 1 880 40 Z" fill="${p.accent}"/>`;
      for (const [x, y, r] of [
        [780, 90, 18],
        [700, 160, 12],
        [150, 120, 16],
        [260, 70, 10],
      ] as const)
        s += sparkle(x, y, r, p.accent);
      s += lantern(120, 0, 1, p.accent) + lantern(300, 0, 0.75, '#fff');
      // A row of domes and minarets along the bottom.
      s += `<path d="M0 1080 V980 H200 Q260 900 320 980 H460 Q540 860 620 980 H760 Q820 900 880 980 H1080 V1080 Z" fill="#000" fill-opacity="0.3"/>`;
      s += `<rect x="420" y="900" width="18" height="90" fill="#000" fill-opacity="0.3"/><rect x="642" y="900" width="18" height="90" fill="#000" fill-opacity="0.3"/>`;
      return s;
    }
    case 'christmas': {
      let s = '';
      for (let i = 0; i < 22; i++)
        s += snowflake(40 + ((i * 211) % 1000), 30 + ((i * 97) % 150) + (i % 2 ? 880 : 0), 10 + (i % 3) * 6);
      s += `<path d="M930 1060 L1010 900 L1090 1060 Z M950 960 L1010 830 L1070 960 Z" fill="#2e7d32"/>${sparkle(1010, 820, 22, '#ffd54f')}`;
      for (let i = 0; i < 6; i++)
        s += `<path d="M${100 + i * 180} 0 V${60 + (i % 3) * 30}" stroke="#fff" stroke-opacity="0.6" stroke-width="3"/><circle cx="${100 + i * 180}" cy="${84 + (i % 3) * 30}" r="24" fill="${i % 2 ? '#ffd54f' : '#fff'}"/>`;
      return s;
    }
    case 'pongal': {
      let s = `<circle cx="960" cy="110" r="80" fill="#fff59d"/>`;
      for (let i = 0; i < 12; i++) {
        const a = (i * Math.PI) / 6;
        s += `<path d="M${(960 + Math.cos(a) * 95).toFixed(1)} ${(110 + Math.sin(a) * 95).toFixed(1)} L${(960 + Math.cos(a) * 130).toFixed(1)} ${(110 + Math.sin(a) * 130).toFixed(1)}" stroke="#fff59d" stroke-width="9" stroke-linecap="round"/>`;
      }
      // The pongal pot boiling over, flanked by sugarcane.
      s += `<ellipse cx="540" cy="1000" rx="110" ry="80" fill="#8d6e63"/><rect x="455" y="905" width="170" height="26" rx="10" fill="#ffd54f"/><path d="M470 905 Q500 860 540 890 Q580 850 610 905 Z" fill="#fff"/>`;
      s += `<path d="M360 1080 L400 860 M720 1080 L680 860" stroke="#558b2f" stroke-width="18"/><path d="M400 860 Q360 820 380 780 M680 860 Q720 820 700 780" stroke="#7cb342" stroke-width="10" fill="none"/>`;
      for (let i = 0; i < 10; i++)
        s += `<circle cx="${60 + i * 30}" cy="${60 + (i % 2) * 30}" r="6" fill="#fff" fill-opacity="0.8"/>`;
      return s;
    }
    case 'onam':
      return pookalam(100, 100, 110) + pookalam(980, 980, 120) + pookalam(990, 90, 60) + pookalam(90, 990, 60);
    case 'ganeshotsav': {
      let s = '';
      for (let i = 0; i < 28; i++)
        s += `<circle cx="${20 + i * 39}" cy="${30 + 18 * Math.sin(i / 2)}" r="18" fill="${i % 2 ? '#ffeb3b' : '#ff9800'}"/>`;
      for (let i = 0; i < 28; i++)
        s += `<circle cx="${20 + i * 39}" cy="${1050 - 18 * Math.sin(i / 2)}" r="18" fill="${i % 2 ? '#ffeb3b' : '#ff9800'}"/>`;
      return s;
    }
    case 'opening': {
      // A red ribbon with a bow across the top, balloons and confetti.
      let s = `<rect x="0" y="120" width="1080" height="46" fill="#d32f2f"/><path d="M540 143 L440 80 L440 206 Z M540 143 L640 80 L640 206 Z" fill="#b71c1c"/><circle cx="540" cy="143" r="30" fill="#e53935"/>`;
      s +=
        balloon(90, 930, '#ffd54f') + balloon(190, 960, '#4fc3f7') + balloon(990, 930, '#f06292') + balloon(890, 970, '#aed581');
      for (let i = 0; i < 26; i++)
        s += `<rect x="${(i * 137) % 1060}" y="${10 + ((i * 53) % 90) + (i % 2 ? 900 : 0)}" width="14" height="26" rx="3" transform="rotate(${(i * 37) % 90} ${(i * 137) % 1060} ${10 + ((i * 53) % 90) + (i % 2 ? 900 : 0)})" fill="${['#ffd54f', '#4fc3f7', '#f06292', '#aed581'][i % 4]}"/>`;
      return s;
    }
    case 'sale':
      return (
        priceTag(40, 100, -12, p.accent, '#b71c1c') +
        priceTag(860, 80, 14, '#fff', '#b71c1c') +
        priceTag(60, 980, 10, '#fff', '#b71c1c') +
        priceTag(850, 990, -10, p.accent, '#b71c1c') +
        sparkle(540, 90, 30, p.accent)
      );
    case 'clearance': {
      let s = '';
      for (let i = 0; i < 14; i++)
        s += `<path d="M${-60 + i * 90} 0 L${i * 90} 0 L${-120 + i * 90} 180 L${-180 + i * 90} 180 Z" fill="#fff" fill-opacity="0.07"/>`;
      return (
        s +
        priceTag(900, 960, -18, p.accent, '#0d47a1') +
        priceTag(60, 960, 12, p.accent, '#0d47a1') +
        sparkle(120, 100, 28, p.accent) +
        sparkle(960, 100, 28, p.accent)
      );
    }
    case 'arrivals':
      return (
        bag(140, 1000, 1.1, p.accent) +
        bag(260, 1010, 0.8, '#fff') +
        bag(930, 1000, 1.1, '#fff') +
        bag(820, 1015, 0.75, p.accent) +
        sparkle(120, 110, 30, p.accent) +
        sparkle(960, 100, 34, '#fff') +
        sparkle(540, 80, 18, p.accent)
      );
    case 'fresh': {
      let s = '';
      for (const [x, y, r, c] of [
        [110, 110, 60, '#e53935'],
        [230, 70, 44, '#ff9800'],
        [960, 100, 58, '#fdd835'],
        [850, 60, 40, '#e53935'],
        [120, 990, 56, '#ff9800'],
        [980, 990, 60, '#e53935'],
      ] as const)
        s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/><path d="M${x} ${y - r} q10 -24 28 -20" stroke="#33691e" stroke-width="6" fill="none"/><ellipse cx="${x - r * 0.3}" cy="${y - r * 0.3}" rx="${r * 0.2}" ry="${r * 0.12}" fill="#fff" fill-opacity="0.4"/>`;
      return s;
    }
    case 'delivery':
      return `<path d="M40 140 Q300 40 540 120 T1040 110" stroke="#fff" stroke-opacity="0.6" stroke-width="6" stroke-dasharray="18 14" fill="none"/>${pin(1000, 100, 0.9, p.accent)}${pin(80, 150, 0.7, '#fff')}${truck(820, 930, 1.2, '#fff')}${truck(200, 950, 0.9, p.accent)}`;
    case 'whatsapp':
      return `${chatBubble(960, 120, 1, p.accent)}${chatBubble(120, 960, 0.9, '#fff')}${chatBubble(150, 110, 0.55, '#fff')}${chatBubble(960, 980, 0.6, p.accent)}`;
  }
}

/** A 1080×1080 template background: gradient, motif, and the calm panel for the text. */
export function templateBackgroundSvg(motif: TemplateMotif): string {
  const p = paletteOf(motif);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_SIZE}" height="${CARD_SIZE}" viewBox="0 0 ${CARD_SIZE} ${CARD_SIZE}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>` +
    `<rect width="${CARD_SIZE}" height="${CARD_SIZE}" fill="url(#bg)"/>` +
    `<circle cx="540" cy="540" r="470" fill="#fff" fill-opacity="0.06"/>` +
    decor(motif, p) +
    `<rect x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.width}" height="${PANEL.height}" rx="36" fill="#000" fill-opacity="0.32"/>` +
    `<rect x="${PANEL.x + 14}" y="${PANEL.y + 14}" width="${PANEL.width - 28}" height="${PANEL.height - 28}" rx="28" fill="none" stroke="${p.accent}" stroke-opacity="0.75" stroke-width="4"/>` +
    `</svg>`
  );
}
