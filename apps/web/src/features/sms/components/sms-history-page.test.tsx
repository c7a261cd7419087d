import type { SmsHistoryRow } from '@aaspaas/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSmsPage as renderPage } from '../utils/sms-page-testing';
import { jsonResponse, serveFakeApi, type FakeCall } from '@/lib/session-testing';
import { testCampaign } from '../utils/sms-testing';
import { SmsHistoryPage } from './sms-history-page';

const campaign = testCampaign();

function row(i: number, overrides: Partial<SmsHistoryRow> = {}): SmsHistoryRow {
  return {
    id: `m-${i}`,
    to: `91982001${String(i).padStart(4, '0')}`,
    channel: 'sms',
    campaignId: campaign.id,
    campaignName: campaign.name,
    templateName: 'Diwali offer',
    header: '123456',
    text: 'Hi Meena',
    encoding: 'GSM-7',
    parts: 1,
    costPaise: 25,
    refunded: false,
    status: 'delivered',
    error: null,
    createdAt: '2026-11-25T06:00:00.000Z',
    submittedAt: null,
    doneAt: null,
    ...overrides,
  };
}

const param = (call: FakeCall | undefined, name: string) => new URLSearchParams(call?.search).get(name);

describe('/sms-history', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists messages with number, campaign, template, parts, cost and status; filters and pages on the server', async () => {
    const calls = serveFakeApi((call) => {
      if (call.path === '/api/sms/campaigns') return jsonResponse(200, { campaigns: [campaign], nextCursor: null });
      if (param(call, 'cursor') === 'p2') return jsonResponse(200, { messages: [row(3)], nextCursor: null });
      if (param(call, 'status') === 'failed')
        return jsonResponse(200, {
          messages: [row(9, { status: 'failed', refunded: true, error: 'Number not reachable' })],
          nextCursor: null,
        });
      return jsonResponse(200, { messages: [row(1), row(2, { parts: 2, costPaise: 50 })], nextCursor: 'p2' });
    });
    renderPage(<SmsHistoryPage />, { path: '/sms-history', pattern: '/sms-history' });
    const rows = await screen.findAllByTestId('sms-row');
    expect(rows[0]!.textContent).toContain('+91 98200 10001');
    expect(rows[0]!.textContent).toContain('Delivered');
    expect(rows[1]!.textContent).toContain('Diwali 2026 · Diwali offer · 2 parts');
    expect(rows[1]!.textContent).toContain('₹0.50');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('sms-row')).toHaveLength(3));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await screen.findByText('Number not reachable');
    expect(screen.getByTestId('sms-row').textContent).toContain('refunded');
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: campaign.id } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '98200 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search number' }));
    await waitFor(() => expect(param(calls.at(-1), 'number')).toBe('982001'));
    const last = calls.at(-1);
    expect([param(last, 'status'), param(last, 'campaignId'), param(last, 'from')]).toEqual([
      'failed',
      campaign.id,
      '2026-11-01',
    ]);
  });

  it('says when nothing was sent yet, and when nothing matches the filters', async () => {
    serveFakeApi((call) =>
      call.path === '/api/sms/campaigns'
        ? jsonResponse(200, { campaigns: [], nextCursor: null })
        : jsonResponse(200, { messages: [], nextCursor: null }),
    );
    renderPage(<SmsHistoryPage />, { path: '/sms-history', pattern: '/sms-history' });
    expect((await screen.findByTestId('sms-history-empty')).textContent).toBe(
      "No message sent yet. Your campaigns' SMS and WhatsApp messages appear here.",
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(screen.getByTestId('sms-history-empty').textContent).toBe('No message matches these filters.'));
  });
});
