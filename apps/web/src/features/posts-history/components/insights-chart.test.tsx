import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testInsights } from '../utils/posts-testing';
import { InsightsChart } from './insights-chart';

describe('InsightsChart', () => {
  it('draws a bar per day for views and for WhatsApp enquiries, scaled to a round top', () => {
    // The last three days: 14 views and 2 enquiries, then 0/0, then 5 views and 1 enquiry (today).
    const insights = testInsights([
      [14, 2],
      [0, 0],
      [5, 1],
    ]);
    render(<InsightsChart insights={insights} label="All your posts" />);
    const days = screen.getAllByTestId('chart-day');
    expect(days).toHaveLength(30);
    const [d28, d29, today] = days.slice(-3);
    expect(d28!.querySelectorAll('rect')).toHaveLength(2);
    expect(d29!.querySelectorAll('rect')).toHaveLength(0);
    expect(today!.querySelectorAll('rect')).toHaveLength(2);
    // The value axis goes up to 20 (14 rounded up): a 14-view bar is 14 units of 20 tall.
    const svg = screen.getByTestId('insights-chart').querySelector('svg[preserveAspectRatio]')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 30 20');
    const [views, whatsapp] = Array.from(d28!.querySelectorAll('rect'));
    expect(views!.getAttribute('height')).toBe('14');
    expect(views!.getAttribute('y')).toBe('6');
    expect(whatsapp!.getAttribute('height')).toBe('2');
    // Narrower, so both show where they overlap.
    expect(Number(whatsapp!.getAttribute('width'))).toBeLessThan(Number(views!.getAttribute('width')));
    expect(screen.getByText('20')).toBeTruthy();
    expect(screen.getByText('10')).toBeTruthy();
    // Before a day is picked, the 30-day sums are read out.
    expect(screen.getByTestId('chart-readout').textContent).toBe('Last 30 days: 19 views, 3 WhatsApp enquiries');
  });

  it('reads out a day picked with the arrow keys, Home and End; Escape goes back to the sums', () => {
    const insights = testInsights([
      [14, 2],
      [0, 0],
      [5, 1],
    ]);
    render(<InsightsChart insights={insights} label="This post" />);
    const plot = screen.getByRole('group', { name: /Chart: This post/ });
    expect(plot.getAttribute('tabindex')).toBe('0');
    const readout = () => screen.getByTestId('chart-readout').textContent;

    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(readout()).toMatch(/: 5 views, 1 WhatsApp enquiry$/);
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(readout()).toMatch(/: 0 views, 0 WhatsApp enquiries$/);
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(readout()).toMatch(/: 14 views, 2 WhatsApp enquiries$/);
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(readout()).toMatch(/: 0 views/);
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(readout()).toMatch(/: 0 views, 0 WhatsApp enquiries$/);
    fireEvent.keyDown(plot, { key: 'End' });
    expect(readout()).toMatch(/: 5 views, 1 WhatsApp enquiry$/);
    // The picked day is marked in the chart.
    expect(screen.getByTestId('insights-chart').querySelectorAll('svg[preserveAspectRatio] > rect')).toHaveLength(1);
    fireEvent.keyDown(plot, { key: 'Escape' });
    expect(readout()).toBe('Last 30 days: 19 views, 3 WhatsApp enquiries');
    expect(plot.getAttribute('aria-describedby')).toBe(screen.getByTestId('chart-readout').id);
  });

  it('has every day in a table for screen readers, which a button shows on screen', () => {
    const insights = testInsights([[7, 3]]);
    render(<InsightsChart insights={insights} label="This post" />);
    const table = screen.getByRole('table', { name: 'Views and WhatsApp enquiries per day: This post' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day', 'Views', 'WhatsApp enquiries']);
    // Newest first: today is the first data row.
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '3']);
    expect(table.parentElement!.className).toContain('sr-only');

    const toggle = screen.getByRole('button', { name: 'Show numbers' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(table.parentElement!.id);
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide numbers' }).getAttribute('aria-expanded')).toBe('true');
    expect(table.parentElement!.className).not.toContain('sr-only');
  });

  it('says there is nothing yet when every day is zero, without bars or a table', () => {
    render(<InsightsChart insights={testInsights()} label="This post" />);
    expect(screen.getByTestId('insights-empty').textContent).toMatch(/^No views or WhatsApp enquiries in the last 30 days yet/);
    expect(screen.queryByTestId('chart-day')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show numbers' })).toBeNull();
  });

  it('labels a few days along the bottom, today last', () => {
    const insights = testInsights([[1, 0]]);
    const { container } = render(<InsightsChart insights={insights} label="x" />);
    const labels = container.querySelectorAll('.absolute.top-1');
    expect(labels).toHaveLength(5);
    const today = new Date(`${insights.to}T00:00:00Z`).getUTCDate();
    expect(labels[4]!.textContent).toMatch(new RegExp(`^${today} `));
  });
});
