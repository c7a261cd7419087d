import { CONSENT_CODE_MESSAGES, CONTACT_MESSAGES, joinedMessage } from '@aaspaas/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, serveFakeApi, type FakeCall } from '@/lib/session-testing';
import { renderPage } from '../utils/contacts-testing';
import { JoinPage } from './join-page';

const business = { businessId: 'u-77', businessName: 'Sharma Kirana Store', city: 'Pune', profileImageUrl: null };
const sent = (resendAfterSeconds = 30) => ({
  message: 'We sent a 6-digit code by SMS to 98xxxxxx10.',
  resendAfterSeconds,
  expiresInSeconds: 600,
});

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

async function click(name: string, index = 0) {
  await act(async () => {
    fireEvent.click(screen.getAllByRole('button', { name })[index]!);
  });
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('/join/{businessId}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets a customer join with explicit consent and the code sent to their number, without an account', async () => {
    const calls = serveJoin((call) => {
      if (call.path.endsWith('/code')) return jsonResponse(202, sent());
      const { code } = call.body as { code: string };
      return code === '654321'
        ? jsonResponse(201, { message: joinedMessage('Sharma Kirana Store') })
        : jsonResponse(400, { message: 'That code is not right. 4 tries left.', field: 'code' });
    });
    renderJoin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sharma Kirana Store' })).toBeTruthy();
    const [joinMobile] = screen.getAllByLabelText('Mobile number');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Farhan Shaikh' } });
    fireEvent.change(joinMobile!, { target: { value: '98765 43210' } });
    await click('Send code');
    expect(await screen.findByText('Please tick the box to agree to the messages.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    const consent = screen.getByRole('checkbox', { name: /agree/i });
    expect(consent.closest('label')!.textContent).toBe(
      'I agree to receive offers and updates from Sharma Kirana Store by SMS or WhatsApp. I can opt out at any time.',
    );
    fireEvent.click(consent);
    await click('Send code');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      path: '/api/public/join/u-77/code',
      auth: null,
      body: { name: 'Farhan Shaikh', mobileNumber: '9876543210', consent: true },
    });

    // Step two: the code, which the phone can offer from the SMS.
    expect(await screen.findByText('We sent a 6-digit code by SMS to 98xxxxxx10.')).toBeTruthy();
    const code = screen.getByLabelText('Code from the SMS');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(code, { target: { value: '12' } });
    await click('Join');
    expect(screen.getByRole('alert').textContent).toBe(CONSENT_CODE_MESSAGES.codeFormat);
    expect(posts(calls)).toHaveLength(1);

    fireEvent.change(code, { target: { value: '111 111' } });
    await click('Join');
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. 4 tries left.');

    fireEvent.change(code, { target: { value: '654321' } });
    await click('Join');
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    expect(posts(calls)[2]).toMatchObject({
      path: '/api/public/join/u-77',
      body: { name: 'Farhan Shaikh', mobileNumber: '9876543210', consent: true, code: '654321' },
    });
    // Exactly one text says so: the browser test looks for it by /joined/i.
    expect(await screen.findByText(/joined/i)).toBeTruthy();
    expect(screen.getByText(/joined/i).textContent).toBe('You have joined Sharma Kirana Store’s customer list.');
  });

  it('asks for WhatsApp apart, and sends it with the same code when ticked', async () => {
    const calls = serveJoin((call) =>
      call.path.endsWith('/code')
        ? jsonResponse(202, sent())
        : jsonResponse(201, { message: joinedMessage('Sharma Kirana Store') }),
    );
    renderJoin();
    await screen.findByRole('heading', { level: 1, name: 'Sharma Kirana Store' });
    const [joinMobile] = screen.getAllByLabelText('Mobile number');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Farhan Shaikh' } });
    fireEvent.change(joinMobile!, { target: { value: '98765 43210' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /agree/i }));
    fireEvent.click(screen.getByRole('checkbox', { name: /on WhatsApp/i }));
    await click('Send code');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ name: 'Farhan Shaikh', mobileNumber: '9876543210', consent: true, whatsapp: true });
    fireEvent.change(await screen.findByLabelText('Code from the SMS'), { target: { value: '654321' } });
    await click('Join');
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]!.body).toMatchObject({ whatsapp: true, code: '654321' });
  });

  it('sends a new code once the wait is over, and goes back to change the number', async () => {
    const calls = serveJoin(() => jsonResponse(202, sent(0)));
    renderJoin();
    await screen.findByRole('heading', { level: 1, name: 'Sharma Kirana Store' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Farhan' } });
    fireEvent.change(screen.getAllByLabelText('Mobile number')[0]!, { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /agree/i }));
    await click('Send code');
    await screen.findByLabelText('Code from the SMS');
    await click('Resend code');
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]).toMatchObject({ path: '/api/public/join/u-77/code' });

    await click('Change number');
    expect((screen.getAllByLabelText('Mobile number')[0] as HTMLInputElement).value).toBe('9876543210');
    expect(screen.queryByLabelText('Code from the SMS')).toBeNull();
  });

  it("checks the number first, shows the server's refusals, and opts out with the code", async () => {
    const calls = serveJoin((call) => {
      const { mobileNumber } = call.body as { mobileNumber: string };
      if (mobileNumber !== '9876543210') {
        return jsonResponse(429, { message: 'Too many codes asked for. Please wait 60 minutes and try again.' });
      }
      if (call.path.endsWith('/code')) return jsonResponse(202, sent());
      return jsonResponse(200, { message: CONTACT_MESSAGES.optedOut });
    });
    renderJoin();
    await screen.findByRole('heading', { name: 'Stop messages from Sharma Kirana Store' });
    const optOutMobile = screen.getAllByLabelText('Mobile number').at(-1)!;

    fireEvent.change(optOutMobile, { target: { value: '12345' } });
    await click('Send code', 1);
    expect(screen.getByRole('alert').textContent).toBe(CONTACT_MESSAGES.mobileInvalid);
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(optOutMobile, { target: { value: '9820011111' } });
    await click('Send code', 1);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many codes asked for. Please wait 60 minutes and try again.',
    );

    fireEvent.change(optOutMobile, { target: { value: '+91 98765 43210' } });
    await click('Send code', 1);
    const code = await screen.findByLabelText('Code from the SMS');
    fireEvent.change(code, { target: { value: '123456' } });
    await click('Stop messages');
    expect(await screen.findByText(CONTACT_MESSAGES.optedOut)).toBeTruthy();
    expect(posts(calls).at(-1)).toMatchObject({
      path: '/api/public/join/u-77/opt-out',
      body: { mobileNumber: '9876543210', code: '123456' },
    });
  });

  it('answers an unknown business with a friendly not-found', async () => {
    serveJoin(() => jsonResponse(500, { message: 'unexpected' }));
    renderJoin('nobody');
    expect(await screen.findByRole('heading', { name: 'We could not find this shop' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See offers near you' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });
});
