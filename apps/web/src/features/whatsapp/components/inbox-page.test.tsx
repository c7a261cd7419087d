import type { WhatsAppConversation, WhatsAppThread } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryConfig } from '@/lib/query-client';
import { jsonResponse, serveFakeApi } from '@/lib/session-testing';
import { InboxPage } from './inbox-page';

const HOUR = 60 * 60 * 1000;
const conversation = (overrides: Partial<WhatsAppConversation> = {}): WhatsAppConversation => ({
  waId: '919812340001',
  contactId: 'c1',
  name: 'Asha',
  lastText: 'Also in blue?',
  lastDirection: 'in',
  lastAt: new Date().toISOString(),
  unread: 2,
  windowOpenUntil: new Date(Date.now() + 20 * HOUR).toISOString(),
  postId: 'p1',
  ...overrides,
});
const thread = (c: WhatsAppConversation): WhatsAppThread => ({
  conversation: { ...c, unread: 0 },
  messages: [
    {
      id: 1,
      direction: 'in',
      text: 'Also in blue?',
      status: 'received',
      error: null,
      postId: 'p1',
      createdAt: new Date().toISOString(),
    },
  ],
});

function renderInbox(path: string) {
  const client = new QueryClient({ defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } } });
  const router = createMemoryRouter([{ path: '/inbox', element: <InboxPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('WhatsApp inbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists conversations with their new messages and the post they are about', async () => {
    serveFakeApi(() => jsonResponse(200, { conversations: [conversation()], unreadTotal: 2 }));
    renderInbox('/inbox');
    expect(await screen.findByText('2 new messages')).toBeTruthy();
    const list = screen.getByTestId('conversations');
    expect(list.textContent).toContain('Asha');
    expect(list.textContent).toContain('About one of your posts');
    expect(screen.getByLabelText('2 new messages').textContent).toBe('2');
  });

  it('lets a laptop play a customer on the local stand-in', async () => {
    const calls = serveFakeApi((call) => {
      if (call.path === '/api/whatsapp/setup') {
        return jsonResponse(200, { provider: 'local', connection: { phoneNumberId: '1065403522' }, templates: [] });
      }
      if (call.method === 'POST') return new Response(null, { status: 204 });
      return jsonResponse(200, { conversations: [], unreadTotal: 0 });
    });
    renderInbox('/inbox');
    fireEvent.click(await screen.findByText('Practice: a customer writes to you'));
    fireEvent.change(screen.getByLabelText("Customer's mobile number"), { target: { value: '98123 40001' } });
    fireEvent.change(screen.getByLabelText('Their message'), { target: { value: 'Price? Ref P-1234abcd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive this message' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ from: '9812340001', text: 'Price? Ref P-1234abcd' }),
    );
  });

  it('sends a reply inside the 24 hours with a key of its own', async () => {
    const c = conversation();
    const calls = serveFakeApi((call) =>
      call.method === 'POST'
        ? jsonResponse(201, {
            id: 2,
            direction: 'out',
            text: 'Yes!',
            status: 'accepted',
            error: null,
            postId: null,
            createdAt: new Date().toISOString(),
          })
        : jsonResponse(200, thread(c)),
    );
    renderInbox('/inbox?c=919812340001');
    fireEvent.change(await screen.findByLabelText('Your reply'), { target: { value: ' Yes! ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls.find((x) => x.method === 'POST')).toBeTruthy());
    const post = calls.find((x) => x.method === 'POST')!;
    expect(post.path).toBe('/api/whatsapp/conversations/919812340001/replies');
    expect(post.body).toMatchObject({ text: 'Yes!' });
    expect((post.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says a template is needed once the 24 hours are over', async () => {
    const c = conversation({ windowOpenUntil: new Date(Date.now() - HOUR).toISOString() });
    serveFakeApi(() => jsonResponse(200, thread(c)));
    renderInbox('/inbox?c=919812340001');
    expect((await screen.findByTestId('window-closed')).textContent).toContain('approved template');
    expect(screen.queryByLabelText('Your reply')).toBeNull();
  });

  it('after the 24 hours, shows a template reply with its text and price before it charges, then pays that price once', async () => {
    const c = conversation({ windowOpenUntil: new Date(Date.now() - HOUR).toISOString() });
    const template = {
      id: 't1',
      name: 'order_ready',
      language: 'en',
      category: 'UTILITY',
      body: 'Hello {{1}}, your order {{2}} is ready.',
      variables: 2,
      status: 'APPROVED',
      optOutButton: false,
      updatedAt: new Date().toISOString(),
    };
    const calls = serveFakeApi((call) => {
      if (call.path === '/api/whatsapp/setup')
        return jsonResponse(200, { provider: 'cloud', connection: null, templates: [template] });
      if (call.path.endsWith('/template-replies/preview')) {
        return jsonResponse(200, {
          text: 'Hello Asha, your order A-17 is ready.',
          category: 'UTILITY',
          costPaise: 15,
          balancePaise: 1000,
          windowApplies: false,
        });
      }
      if (call.path.endsWith('/template-replies')) return jsonResponse(201, { id: 'camp-1' });
      return jsonResponse(200, thread(c));
    });
    renderInbox('/inbox?c=919812340001');
    fireEvent.change(await screen.findByLabelText('Approved template'), { target: { value: 't1' } });
    fireEvent.change(screen.getByLabelText('Value for {{1}}'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Value for {{2}}'), { target: { value: 'A-17' } });
    fireEvent.click(screen.getByRole('button', { name: 'See the message and price' }));
    const preview = await screen.findByTestId('template-reply-preview');
    expect(preview.textContent).toContain('Hello Asha, your order A-17 is ready.');
    expect(preview.textContent).toContain('Costs ₹0.15 from your wallet');
    expect(calls.some((x) => x.path.endsWith('/template-replies'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹0.15 and send' }));
    expect(await screen.findByText('Sent. Its status appears in the conversation.')).toBeTruthy();
    const sends = calls.filter((x) => x.path === '/api/whatsapp/conversations/919812340001/template-replies');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({
      whatsappTemplateId: 't1',
      whatsappVariables: [
        { kind: 'text', value: 'Asha' },
        { kind: 'text', value: 'A-17' },
      ],
      expectedCostPaise: 15,
    });
  });
});
