import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CampaignProgress } from './campaign-progress';

describe('CampaignProgress', () => {
  it('shows the counts and tells a screen reader how far it has got', () => {
    render(
      <CampaignProgress
        label="Diwali offer progress"
        counts={{ total: 1200, queued: 600, sent: 300, delivered: 250, failed: 50 }}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Diwali offer progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('600');
    expect(bar.getAttribute('aria-valuetext')).toBe('600 of 1,200 messages handed to the gateway (50%)');
    expect(screen.getByTestId('progress-queued').textContent).toBe('Waiting600');
    expect(screen.getByTestId('progress-delivered').textContent).toBe('Delivered250');
    expect(screen.getByTestId('progress-failed').textContent).toBe('Failed50');
  });
});
