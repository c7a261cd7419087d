import { PUBLISHING_MESSAGES } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postPrefillState } from '@/lib/post-prefill';
import { queryConfig } from '@/lib/query-client';
import { jsonResponse, serveFakeApi, testUser } from '@/lib/session-testing';
import { draftKey, readDraft, writeDraft } from '../utils/draft-storage';
import { emptyComposerValues } from '../utils/form-values';
import { ComposerPage } from './composer-page';

const pune = testUser({ lat: 18.52, lon: 73.85, city: 'Pune', state: 'Maharashtra', businessCategories: ['Sweets'] });

function renderComposer(state?: unknown) {
  const client = new QueryClient({ defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/send-offers', element: <ComposerPage mode="offer" user={pune} /> },
      { path: '/success', element: <p>success page</p> },
    ],
    { initialEntries: [{ pathname: '/send-offers', state }] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const contentBox = () => screen.getByLabelText('What do you want to tell people?') as HTMLTextAreaElement;

describe('the offer composer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('starts from a template, keeps it as the draft and drops the router state (a reload uses the draft)', async () => {
    serveFakeApi(() => jsonResponse(500, {}));
    const router = renderComposer(
      postPrefillState({
        content: 'Happy Diwali! 20% off',
        category: 'sweets',
        mrpPaise: 50_000,
        ourPricePaise: 40_000,
        templateId: 't1',
      }),
    );
    expect(await screen.findByText('Started from a template. Change anything you like.')).toBeTruthy();
    expect(contentBox().value).toBe('Happy Diwali! 20% off');
    expect((screen.getByLabelText('MRP (₹)') as HTMLInputElement).value).toBe('500');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Sweets');
    expect(screen.getByTestId('price-preview').textContent).toContain('20% off');
    expect(readDraft(draftKey(pune.id, 'offer'))?.values.content).toBe('Happy Diwali! 20% off');
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('asks before a template replaces a waiting draft', async () => {
    serveFakeApi(() => jsonResponse(500, {}));
    writeDraft(draftKey(pune.id, 'offer'), { values: { ...emptyComposerValues(), content: 'My own words' }, images: [] });
    renderComposer(postPrefillState({ content: 'Template words' }));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(contentBox().value).toBe('My own words');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use the template' })));
    expect(contentBox().value).toBe('Template words');
  });

  it('publishes prices as paise and goes to /success; a server refusal shows its message', async () => {
    let answer = jsonResponse(400, { message: PUBLISHING_MESSAGES.locationMissing });
    const calls = serveFakeApi((call) => (call.path === '/api/pricing/next-post' ? nextPostCost(3, 5) : answer));
    const router = renderComposer();
    await screen.findByText('People near Pune will see this.');
    expect((await screen.findByTestId('post-cost')).textContent).toBe('Free — 3 of 5 free posts left this month');
    fireEvent.change(contentBox(), { target: { value: 'Kaju katli #sweets' } });
    fireEvent.change(screen.getByLabelText('MRP (₹)'), { target: { value: '1,000' } });
    fireEvent.change(screen.getByLabelText('Our price (₹)'), { target: { value: '899.50' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Sweets' } });
    fireEvent.click(screen.getByLabelText('Free home delivery'));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish offer' })));
    expect(await screen.findByTestId('composer-error')).toBeTruthy();
    expect(screen.getByTestId('composer-error').textContent).toContain(PUBLISHING_MESSAGES.locationMissing);
    expect(calls.at(-1)?.body).toMatchObject({
      content: 'Kaju katli #sweets',
      mrpPaise: 100_000,
      ourPricePaise: 89_950,
      homeDelivery: true,
      category: 'Sweets',
      images: [],
      location: null,
    });
    // The draft is still there after the refusal.
    expect(readDraft(draftKey(pune.id, 'offer'))?.values.price).toBe('899.50');

    answer = jsonResponse(201, { id: 'p-new' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish offer' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(router.state.location.search).toBe('?post=p-new');
    expect(readDraft(draftKey(pune.id, 'offer'))).toBeNull();
  });

  it('says what a post past the allowance costs; a wallet that cannot pay offers Add money and keeps the draft', async () => {
    serveFakeApi((call) =>
      call.path === '/api/pricing/next-post'
        ? nextPostCost(0, 5, 1_000)
        : jsonResponse(402, { message: 'Not enough balance: add ₹5 to your wallet' }),
    );
    renderComposer();
    expect((await screen.findByTestId('post-cost')).textContent).toBe('₹10 from your wallet');
    fireEvent.change(contentBox(), { target: { value: 'Rasgulla today' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Sweets' } });
    fireEvent.change(screen.getByLabelText('MRP (₹)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Our price (₹)'), { target: { value: '90' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish offer' })));
    expect((await screen.findByTestId('composer-error')).textContent).toContain('Not enough balance: add ₹5 to your wallet');
    expect(screen.getByRole('link', { name: 'Add money' }).getAttribute('href')).toBe('/wallet');
    expect(readDraft(draftKey(pune.id, 'offer'))?.values.content).toBe('Rasgulla today');
  });
});

/** GET /api/pricing/next-post's answer: `left` of `allowance` free posts, or the price when none is left. */
function nextPostCost(left: number, allowance: number, pricePaise = 0) {
  return jsonResponse(200, { pricePaise: left > 0 ? 0 : pricePaise, allowance, left, planName: null, balancePaise: 500 });
}
