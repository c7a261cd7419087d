import type { AdminCampaign } from '@aaspaas/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, serveFakeApi } from '@/lib/session-testing';
import { AdminCampaignsPage } from './admin-campaigns-page';

function campaign(overrides: Partial<AdminCampaign> = {}): AdminCampaign {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Diwali 2026',
    status: 'running',
    stopReason: null,
    channel: 'sms',
    template: { id: 't1', name: 'Diwali offer', category: 'promotional', header: '123456', text: 'Hi {#var#}' },
    whatsappTemplate: null,
    audience: { kind: 'all' },
    variables: [],
    whatsappVariables: [],
    whatsappRecipients: 0,
    whatsappPricePaise: 0,
    scheduledAt: null,
    sendsAt: null,
    recipients: 120,
    totalParts: 120,
    pricePaise: 25,
    costPaise: 3000,
    refundedPaise: 0,
    progress: { queued: 60, submitted: 30, delivered: 25, failed: 5, expired: 0, cancelled: 0 },
    createdAt: '2026-11-25T06:00:00.000Z',
    confirmedAt: '2026-11-25T06:00:00.000Z',
    completedAt: null,
    businessId: 'b1',
    businessName: 'Sharma Kirana',
    ...overrides,
  };
}

describe('/admin/campaigns', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every business’s campaigns and stops a running one only with a reason', async () => {
    const done = campaign({ id: '55555555-5555-4555-8555-555555555555', name: 'Old offer', status: 'completed' });
    const calls = serveFakeApi((call) => {
      if (call.path.endsWith('/stop'))
        return jsonResponse(200, campaign({ status: 'stopped-by-admin', stopReason: 'Spam complaints' }));
      return jsonResponse(200, { campaigns: [campaign(), done], nextCursor: null });
    });
    renderRoutes([{ path: '/admin/campaigns', element: <AdminCampaignsPage /> }], '/admin/campaigns');
    const row = (await screen.findByText('Diwali 2026')).closest('tr')!;
    expect(row.textContent).toContain('Sharma Kirana');
    expect(row.textContent).toContain('25 delivered, 30 sent, 5 failed, 60 waiting of 120');
    const oldRow = screen.getByText('Old offer').closest('tr')!;
    expect(within(oldRow).queryByRole('button', { name: 'Stop' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Stop campaign' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason (the business sees it)'), { target: { value: ' Spam complaints ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/stop'))?.body).toEqual({ reason: 'Spam complaints' }));
    expect(calls.find((c) => c.path.endsWith('/stop'))!.path).toBe(
      '/api/admin/campaigns/33333333-3333-4333-8333-333333333333/stop',
    );
  });

  it('searches by name and filters by status on the server', async () => {
    const calls = serveFakeApi(() => jsonResponse(200, { campaigns: [], nextCursor: null }));
    renderRoutes([{ path: '/admin/campaigns', element: <AdminCampaignsPage /> }], '/admin/campaigns');
    await screen.findByText('No campaign matches.');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'running' } });
    fireEvent.change(screen.getByLabelText('Search by campaign or business'), { target: { value: 'sharma' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => {
      const q = new URLSearchParams(calls.at(-1)?.search);
      expect([q.get('q'), q.get('status')]).toEqual(['sharma', 'running']);
    });
  });
});
