import { CONTACT_MESSAGES, joinedMessage } from '@aaspaas/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, serveFakeApi, type FakeCall } from '@/lib/session-testing';
import { renderPage } from '../utils/contacts-testing';
import { JoinPage } from './join-page';

const business = { businessId: 'u-77', businessName: 'Sharma Kirana Store', city: 'Pune', profileImageUrl: null };

function serveJoin(onPost: (call: FakeCall) => Response) {
  return serveFakeApi((call) => {
    if (call.method === 'POST') return onPost(call);
    if (call.path === '/api/public/join/u-77') return jsonResponse(200, business);
    return jsonResponse(404, { message: 'Business not found' });
  });
}

function renderJoin(id = 'u-77') {
  return renderPage(<JoinPage businessId={id} />, { path: `/join/${id}`, pattern: '/join/:businessId' });
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('/join/{businessId}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets a customer join with explicit consent, without an account', async () => {
    const calls = serveJoin(() => jsonResponse(200, { message: joinedMessage('Sharma Kirana Store') }));
    renderJoin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sharma Kirana Store' })).toBeTruthy();
    const [joinMobile] = screen.getAllByLabelText('Mobile number');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Farhan Shaikh' } });
    fireEvent.change(joinMobile!, { target: { value: '98765 43210' } });
    await click('Join');
    expect(await screen.findByText('Please tick the box to agree to the messages.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const consent = screen.getByRole('checkbox', { name: /agree/i });
    expect(consent.closest('label')!.textContent).toBe(
      'I agree to receive offers and updates from Sharma Kirana Store by SMS or WhatsApp. I can opt out at any time.',
    );
    fireEvent.click(consent);
    await click('Join');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: '/api/public/join/u-77', auth: null });
    expect(post.body).toEqual({ name: 'Farhan Shaikh', mobileNumber: '9876543210', consent: true });
    // Exactly one text says so: the browser test looks for it by /joined/i.
    expect(await screen.findByText(/joined/i)).toBeTruthy();
    expect(screen.getByText(/joined/i).textContent).toBe('You have joined Sharma Kirana Store’s customer list.');
  });

  it("checks the number first, and shows the server's answer to an opt-out", async () => {
    const calls = serveJoin((call) =>
      (call.body as { mobileNumber: string }).mobileNumber === '9876543210'
        ? jsonResponse(200, { message: CONTACT_MESSAGES.optedOut })
        : jsonResponse(429, { message: 'Too many requests. Please try again in a minute.' }),
    );
    renderJoin();
    await screen.findByRole('heading', { name: 'Stop messages from Sharma Kirana Store' });
    const optOutMobile = screen.getAllByLabelText('Mobile number').at(-1)!;

    fireEvent.change(optOutMobile, { target: { value: '12345' } });
    await click('Stop messages');
    expect(screen.getByRole('alert').textContent).toBe(CONTACT_MESSAGES.mobileInvalid);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(optOutMobile, { target: { value: '9820011111' } });
    await click('Stop messages');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again in a minute.');

    fireEvent.change(optOutMobile, { target: { value: '+91 98765 43210' } });
    await click('Stop messages');
    expect(await screen.findByText(CONTACT_MESSAGES.optedOut)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/api/public/join/u-77/opt-out',
      body: { mobileNumber: '9876543210' },
    });
  });

  it('answers an unknown business with a friendly not-found', async () => {
    serveJoin(() => jsonResponse(500, { message: 'unexpected' }));
    renderJoin('nobody');
    expect(await screen.findByRole('heading', { name: 'We could not find this shop' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See offers near you' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });
});
