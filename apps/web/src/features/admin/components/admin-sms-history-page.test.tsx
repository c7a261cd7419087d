import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, serveFakeApi } from '@/lib/session-testing';
import { AdminSmsHistoryPage } from './admin-sms-history-page';

const message = {
  id: 'm1',
  to: '9820011111',
  campaignId: 'c1',
  campaignName: 'Diwali 2026',
  templateName: 'Diwali offer',
  header: '123456',
  text: 'Hi Meena',
  encoding: 'GSM-7',
  parts: 2,
  costPaise: 50,
  refunded: true,
  status: 'failed',
  error: 'Number not reachable',
  createdAt: '2026-11-25T06:00:00.000Z',
  submittedAt: null,
  doneAt: null,
  businessId: 'b1',
  businessName: 'Sharma Kirana',
};

describe('/admin/sms-history', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every business’s messages and filters by business, status, day and number on the server', async () => {
    const calls = serveFakeApi(() => jsonResponse(200, { messages: [message], nextCursor: null }));
    renderRoutes([{ path: '/admin/sms-history', element: <AdminSmsHistoryPage /> }], '/admin/sms-history');
    const row = (await screen.findByText('+91 98200 11111')).closest('tr')!;
    expect(row.textContent).toContain('Sharma Kirana');
    expect(row.textContent).toContain('Number not reachable');
    expect(row.textContent).toContain('₹0.50 · 2 parts');
    expect(row.textContent).toContain('Refunded');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-25' } });
    const number = screen.getByLabelText('Mobile number');
    fireEvent.change(number, { target: { value: '98200 11' } });
    fireEvent.keyDown(number, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Search by business'), { target: { value: 'sharma' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => {
      const q = new URLSearchParams(calls.at(-1)?.search);
      expect([q.get('q'), q.get('status'), q.get('from'), q.get('to'), q.get('number')]).toEqual([
        'sharma',
        'failed',
        '2026-11-25',
        '2026-11-25',
        '9820011',
      ]);
    });
  });
});
