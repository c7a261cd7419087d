import { describe, expect, it } from 'vitest';
import { layoutTemplateText, type TemplateLine } from '../src';

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
