import { describe, expect, it } from 'vitest';
import { layoutTemplateText, textWidth, type TemplateLine } from '../src';

const AREA = { x: 0.12, y: 0.22, width: 0.76, height: 0.56 };
const line = (text: string, headline = false): TemplateLine => ({ text, headline });

describe('layoutTemplateText', () => {
  it('draws short lines at full size, centred in the text area', () => {
    const layout = layoutTemplateText([line('Sale', true), line('Patel Sweets')], AREA, 1080, 1080);
    expect(layout.blocks.map((b) => [b.lines, b.size, b.bold])).toEqual([
      [['Sale'], 104, true],
      [['Patel Sweets'], 56, false],
    ]);
    const height = 104 * 1.18 + 56 * 1.18 + layout.gap;
    expect(layout.top).toBeCloseTo(layout.box.y + (layout.box.height - height) / 2);
  });

  it('measures Devanagari as its font draws it: marks above and below a letter take no room of their own', () => {
    // Noto Sans Devanagari's advance widths (in em) of these words, as the font shapes them.
    for (const [word, em] of [
      ['दिवाली धमाका', 5.3],
      ['होली रंगों की सेल', 6.12],
      ['गणेशोत्सव की शुभकामनाएँ', 9.66],
    ] as const)
      expect(Math.abs(textWidth(word, 1) - em) / em, word).toBeLessThan(0.1);
    // A letter with a vowel sign below and a nasal mark above is as wide as the letter alone.
    expect(textWidth('कुं', 1)).toBe(textWidth('क', 1));
  });

  it('scales with the picture: the same breaks and sizes in proportion on a 480 px picture', () => {
    const lines = [line('Diwali Dhamaka', true), line('Kaju katli 1 kg box'), line('MRP ₹1,000 · Now ₹799')];
    const big = layoutTemplateText(lines, AREA, 1080, 1080);
    const small = layoutTemplateText(lines, AREA, 480, 480);
    expect(small.blocks.map((b) => b.lines)).toEqual(big.blocks.map((b) => b.lines));
    expect(small.blocks[0]!.size).toBeCloseTo((big.blocks[0]!.size * 480) / 1080);
  });

  it('shrinks many lines until they fit, and never splits a phone number', () => {
    const lines = [
      line('Grand Opening Celebration', true),
      ...Array.from({ length: 6 }, () => line('Call +91 98200 12345 today')),
    ];
    const layout = layoutTemplateText(lines, AREA, 1080, 1080);
    expect(layout.blocks).toHaveLength(7);
    expect(layout.blocks[1]!.size).toBeLessThan(56);
    for (const block of layout.blocks.slice(1))
      expect(block.lines.some((l) => l.includes('+91\u00a098200\u00a012345'))).toBe(true);
    expect(layout.top).toBeGreaterThanOrEqual(layout.box.y);
  });
});
