import type { BusinessCard, BusinessCardPage } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBusinessCards } from './get-business-cards';
import { useUpdateBusinessCard } from './update-business-card';

const card = (verified: boolean): BusinessCard => ({
  userId: '6f1c2a7e-1111-4222-8333-444455556661',
  email: 'shop1@example.in',
  businessName: 'Sharma Sweets',
  businessPhone: null,
  businessAddress: null,
  businessCategories: [],
  profileImageUrl: null,
  city: 'Nagpur',
  status: 'active',
  verified,
  featured: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const pageOf = (verified: boolean): BusinessCardPage => ({
  items: [card(verified)],
  total: 1,
  totalCapped: false,
  page: 1,
  pageSize: 25,
});

describe('useUpdateBusinessCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the change when a list fetch that read the card before it was still under way', async () => {
    // The first list fetch (a search typed just before the click) answers only after the change is
    // saved, with what it read before: the card not verified. Every later fetch reads it verified.
    let answerStale: () => void = () => {};
    let gets = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
        if (method === 'PUT') return Response.json(card(true));
        gets += 1;
        if (gets === 1) return new Promise<Response>((resolve) => (answerStale = () => resolve(Response.json(pageOf(false)))));
        return Response.json(pageOf(true));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ list: useBusinessCards('Sharma', 1), update: useUpdateBusinessCard() }), { wrapper });
    await waitFor(() => expect(gets).toBe(1));

    await act(() => result.current.update.mutateAsync({ userId: card(true).userId, input: { verified: true } }));
    answerStale();

    await waitFor(() => expect(result.current.list.data?.items[0]?.verified).toBe(true));
    // Still so once everything has settled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.list.data?.items[0]?.verified).toBe(true);
  });
});
