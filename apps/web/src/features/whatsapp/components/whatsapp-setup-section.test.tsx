import { WHATSAPP_MESSAGES, type WhatsAppSetup } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryConfig } from '@/lib/query-client';
import { jsonResponse, serveFakeApi } from '@/lib/session-testing';
import { WhatsAppSetupSection } from './whatsapp-setup-section';

const CONNECTED: WhatsAppSetup = {
  provider: 'cloud',
  connection: {
    phoneNumberId: '106540352242922',
    wabaId: '102290129340398',
    displayPhoneNumber: '+91 98765 00000',
    verifiedName: 'Kumar Stores',
    tokenEnding: 'cdef',
    connectedAt: '2026-11-29T06:00:00.000Z',
    templatesSyncedAt: '2026-11-29T06:00:00.000Z',
  },
  templates: [
    {
      id: 't1',
      name: 'weekly_offer',
      language: 'en',
      category: 'MARKETING',
      body: 'Namaste {{1}}! {{2}}',
      variables: 2,
      status: 'APPROVED',
      optOutButton: true,
      updatedAt: '2026-11-29T06:00:00.000Z',
    },
  ],
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WhatsAppSetupSection />
    </QueryClientProvider>,
  );
}

describe('WhatsApp set-up', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the ids before sending, then connects and shows the number and its templates', async () => {
    let connected = false;
    const calls = serveFakeApi((call) => {
      if (call.method === 'PUT') {
        connected = true;
        return jsonResponse(200, CONNECTED);
      }
      return jsonResponse(200, connected ? CONNECTED : { provider: 'cloud', connection: null, templates: [] });
    });
    renderSection();
    fireEvent.change(await screen.findByLabelText('Phone number ID'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect and check' }));
    expect(await screen.findByText(WHATSAPP_MESSAGES.phoneNumberIdInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText('Phone number ID'), { target: { value: ' 106540352242922 ' } });
    fireEvent.change(screen.getByLabelText('WhatsApp Business Account ID'), { target: { value: '102290129340398' } });
    fireEvent.change(screen.getByLabelText('Access token'), { target: { value: 'EAAGtestaccesstoken0123456789abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect and check' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        phoneNumberId: '106540352242922',
        wabaId: '102290129340398',
        accessToken: 'EAAGtestaccesstoken0123456789abcdef',
      }),
    );
    expect(await screen.findByText('Connected: +91 98765 00000 (Kumar Stores)')).toBeTruthy();
    expect(screen.getByTestId('whatsapp-templates').textContent).toContain('weekly_offer');
    expect(screen.queryByLabelText('Access token')).toBeNull();
  });

  it('puts the server’s refusal under the field it names', async () => {
    serveFakeApi((call) =>
      call.method === 'PUT'
        ? jsonResponse(400, { message: WHATSAPP_MESSAGES.tokenRefused, field: 'accessToken' })
        : jsonResponse(200, { provider: 'cloud', connection: null, templates: [] }),
    );
    renderSection();
    fireEvent.change(await screen.findByLabelText('Phone number ID'), { target: { value: '106540352242922' } });
    fireEvent.change(screen.getByLabelText('WhatsApp Business Account ID'), { target: { value: '102290129340398' } });
    fireEvent.change(screen.getByLabelText('Access token'), { target: { value: 'EAAGwrongtoken0123456789abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect and check' }));
    expect(await screen.findByText(WHATSAPP_MESSAGES.tokenRefused)).toBeTruthy();
  });
});
