import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSmsPage as renderPage } from '../utils/sms-page-testing';
import { jsonResponse, serveFakeApi } from '@/lib/session-testing';
import { testCampaign, testSetup } from '../utils/sms-testing';
import { CAMPAIGN_POLL_MS } from '../api/get-campaigns';
import { CampaignsPage } from './campaigns-page';

describe('/campaigns list', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows live progress, the admin’s reason on a stopped campaign, and asks before cancelling', async () => {
    const running = testCampaign();
    const stopped = testCampaign({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Monsoon sale',
      status: 'stopped-by-admin',
      stopReason: 'Complaints from recipients',
      refundedPaise: 1500,
    });
    const calls = serveFakeApi((call) => {
      if (call.path === '/api/sms/dlt') return jsonResponse(200, testSetup());
      if (call.path === '/api/sms/campaigns') return jsonResponse(200, { campaigns: [running, stopped], nextCursor: null });
      if (call.path.endsWith('/cancel')) return jsonResponse(200, testCampaign({ status: 'cancelled' }));
      return jsonResponse(404, { message: 'Not found' });
    });
    renderPage(<CampaignsPage />, { path: '/campaigns', pattern: '/campaigns' });
    const cards = await screen.findAllByTestId('campaign-card');
    expect(within(cards[0]!).getByTestId('campaign-status').textContent).toBe('Sending');
    expect(within(cards[0]!).getByRole('progressbar', { name: 'Progress of Diwali 2026' }).getAttribute('aria-valuenow')).toBe(
      '60',
    );
    expect(within(cards[0]!).getByTestId('progress-delivered').textContent).toBe('Delivered25');
    expect(cards[1]!.textContent).toContain('Stopped by the admin: Complaints from recipients');
    expect(cards[1]!.textContent).toContain('₹15 given back to your wallet so far.');
    expect(within(cards[1]!).queryByRole('button')).toBeNull();

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Cancel Diwali 2026' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('the cost of every message not yet sent goes back to your wallet');
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/${running.id}/cancel`))).toBe(true));
  });

  it('sends a business without DLT set-up to the set-up first', async () => {
    serveFakeApi((call) => {
      if (call.path === '/api/sms/dlt') return jsonResponse(200, testSetup({ entityId: null, templates: [] }));
      if (call.path === '/api/sms/campaigns') return jsonResponse(200, { campaigns: [], nextCursor: null });
      return jsonResponse(404, { message: 'Not found' });
    });
    renderPage(<CampaignsPage />, { path: '/campaigns', pattern: '/campaigns' });
    expect(await screen.findByTestId('setup-needed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open sender set-up' }));
    expect(await screen.findByRole('heading', { name: 'Principal entity ID' })).toBeTruthy();
  });

  it('keeps asking while a completed campaign waits for its receipts, and stops once they are in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const completedAt = new Date(Date.now() - 1000).toISOString();
    const sent = { queued: 0, submitted: 3, delivered: 0, failed: 0, expired: 0, cancelled: 0 };
    const done = testCampaign({ status: 'completed', recipients: 3, completedAt, progress: sent });
    let receipts = false;
    const calls = serveFakeApi((call) => {
      if (call.path === '/api/sms/dlt') return jsonResponse(200, testSetup());
      if (call.path === '/api/sms/campaigns') {
        const progress = receipts ? { ...sent, submitted: 0, delivered: 3 } : sent;
        return jsonResponse(200, { campaigns: [{ ...done, progress }], nextCursor: null });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    const listFetches = () => calls.filter((c) => c.path === '/api/sms/campaigns').length;
    renderPage(<CampaignsPage />, { path: '/campaigns', pattern: '/campaigns' });
    const [card] = await screen.findAllByTestId('campaign-card');
    expect(within(card!).getByTestId('campaign-status').textContent).toBe('Completed');
    expect(within(card!).getByTestId('progress-delivered').textContent).toBe('Delivered0');

    // The receipts come after the campaign completed: the list asks again and shows them.
    receipts = true;
    await vi.advanceTimersByTimeAsync(CAMPAIGN_POLL_MS);
    await waitFor(() =>
      expect(within(screen.getByTestId('campaign-card')).getByTestId('progress-delivered').textContent).toBe('Delivered3'),
    );
    // Every receipt in: nothing more can change, so it stops asking.
    const fetched = listFetches();
    await vi.advanceTimersByTimeAsync(CAMPAIGN_POLL_MS * 3);
    expect(listFetches()).toBe(fetched);
  });
});
