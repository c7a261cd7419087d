import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryConfig } from '@/lib/query-client';
import { jsonResponse, serveFakeApi } from '@/lib/session-testing';
import { WhatsAppPricesSection } from './whatsapp-prices-section';

const PRICING = {
  current: [
    { category: 'MARKETING', pricePaise: 90, changedAt: null, changedBy: null },
    { category: 'UTILITY', pricePaise: 15, changedAt: null, changedBy: null },
    { category: 'AUTHENTICATION', pricePaise: 15, changedAt: null, changedBy: null },
  ],
  history: [],
};

describe('WhatsApp prices (admin)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each category’s price and saves a new one in paise', async () => {
    const calls = serveFakeApi((call) =>
      call.method === 'POST'
        ? jsonResponse(201, { category: 'UTILITY', pricePaise: 12, changedAt: '2026-11-29T07:00:00.000Z', changedBy: 'a@b.in' })
        : jsonResponse(200, PRICING),
    );
    const client = new QueryClient({ defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <WhatsAppPricesSection />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('₹0.90 a message')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'UTILITY' } });
    fireEvent.change(screen.getByLabelText('New price a message (₹)'), { target: { value: '0.12' } });
    fireEvent.submit(screen.getByRole('form', { name: 'New WhatsApp price' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ category: 'UTILITY', pricePaise: 12 }));
  });
});
