import { SMS_MESSAGES } from '@aaspaas/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSmsPage as renderPage } from '../utils/sms-page-testing';
import { jsonResponse, serveFakeApi, type FakeCall } from '@/lib/session-testing';
import { testCampaign, testCostPreview, testSetup, TEMPLATE_ID } from '../utils/sms-testing';
import { CampaignsPage } from './campaigns-page';

type Answers = { confirm?: () => Response; preview?: () => Response };

function serve(answers: Answers = {}) {
  return serveFakeApi((call: FakeCall) => {
    if (call.path === '/api/sms/dlt') return jsonResponse(200, testSetup());
    if (call.path === '/api/contacts')
      return jsonResponse(200, { contacts: [], total: 0, nextCursor: null, tags: ['regular', 'wholesale'] });
    if (call.path === '/api/sms/campaigns' && call.method === 'GET')
      return jsonResponse(200, { campaigns: [], nextCursor: null });
    if (call.path === '/api/sms/campaigns/audience') {
      const audience = (call.body as { audience: { kind: string } }).audience;
      return jsonResponse(200, { recipients: audience.kind === 'all' ? 300 : 120, leftOut: { noConsent: 10, optedOut: 4 } });
    }
    if (call.path === '/api/sms/campaigns/preview') return answers.preview?.() ?? jsonResponse(200, testCostPreview());
    if (call.path === '/api/sms/campaigns' && call.method === 'POST') return jsonResponse(201, testCampaign({ status: 'draft' }));
    if (call.path.endsWith('/confirm')) return answers.confirm?.() ?? jsonResponse(200, testCampaign());
    return jsonResponse(404, { message: 'Not found' });
  });
}

const next = () => fireEvent.click(screen.getByRole('button', { name: /^Next/ }));

async function throughAudienceAndMessage() {
  await screen.findByRole('heading', { name: 'Who gets it?' });
  fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Diwali 2026' } });
  fireEvent.click(screen.getByRole('radio', { name: /Customers with tags/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'regular' }));
  await screen.findByText('120 customers will get it');
  next();
  await screen.findByRole('heading', { name: 'What does it say?' });
  fireEvent.click(screen.getByRole('radio', { name: /Diwali offer/ }));
  const groups = screen.getAllByRole('radiogroup');
  fireEvent.click(within(groups[0]!).getByRole('radio', { name: "Customer's first name" }));
  fireEvent.change(screen.getByLabelText('Text for variable 2'), { target: { value: '20%' } });
  next();
  await screen.findByRole('heading', { name: 'Check and send' });
}

/** An instant India time (+05:30): "now" is inside or outside the promotional window by the clock, never by when CI runs. */
const atIndiaTime = (local: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${local}+05:30`));
};

describe('the campaign wizard on /campaigns', () => {
  beforeEach(() => atIndiaTime('2026-11-30T12:00'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts the audience live, with who is left out and why, and refuses to go on without a name or tags', async () => {
    serve();
    renderPage(<CampaignsPage />, { path: '/campaigns?new=1', pattern: '/campaigns' });
    await screen.findByRole('heading', { name: 'Who gets it?' });
    expect(await screen.findByText('300 customers will get it')).toBeTruthy();
    expect(screen.getByText('14 left out: 10 never agreed, 4 opted out')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Customers with tags/ }));
    next();
    expect(screen.getByText(SMS_MESSAGES.campaignNameRequired)).toBeTruthy();
    expect(screen.getByText(SMS_MESSAGES.tagsRequired)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Who gets it?' })).toBeTruthy();
  });

  it('refuses a variable longer than 30 characters before asking the server anything', async () => {
    const calls = serve();
    renderPage(<CampaignsPage />, { path: '/campaigns?new=1', pattern: '/campaigns' });
    await screen.findByRole('heading', { name: 'Who gets it?' });
    fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Diwali 2026' } });
    await screen.findByText('300 customers will get it');
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /Diwali offer/ }));
    fireEvent.change(screen.getByLabelText('Text for variable 1'), { target: { value: 'x'.repeat(31) } });
    fireEvent.change(screen.getByLabelText('Text for variable 2'), { target: { value: '20%' } });
    expect(screen.getByText('31/30 characters')).toBeTruthy();
    next();
    expect(screen.getByText(SMS_MESSAGES.variableTooLong)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/sms/campaigns/preview')).toBe(false);
  });

  it('previews a real recipient, shows recipients × parts × price, and confirms the draft at the cost shown', async () => {
    const calls = serve();
    renderPage(<CampaignsPage />, { path: '/campaigns?new=1', pattern: '/campaigns' });
    await throughAudienceAndMessage();
    const preview = await screen.findByTestId('campaign-preview');
    expect(within(preview).getByText('As Meena Iyer (+91 98200 11111) will get it')).toBeTruthy();
    expect(screen.getByTestId('campaign-cost').textContent).toContain('120 recipients × 1 part × ₹0.25');
    expect(screen.getByTestId('campaign-cost-total').textContent).toBe('₹30');
    const draft = calls.find((c) => c.path === '/api/sms/campaigns/preview')!.body;
    expect(draft).toEqual({
      channel: 'sms',
      templateId: TEMPLATE_ID,
      audience: { kind: 'tags', tags: ['regular'] },
      variables: [
        { kind: 'field', field: 'firstName' },
        { kind: 'text', value: '20%' },
      ],
      whatsappTemplateId: null,
      whatsappVariables: [],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('₹30 will be reserved from your wallet now for 120 messages, sent now.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send and pay ₹30' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/confirm'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/confirm'))!.body).toEqual({ expectedCostPaise: 3000 });
    expect(calls.find((c) => c.path === '/api/sms/campaigns' && c.method === 'POST')!.body).toMatchObject({
      name: 'Diwali 2026',
      scheduledAt: null,
    });
  });

  it('says in the confirm dialog that a promotional campaign sent "now" at 21:30 starts at 10:00 next morning', async () => {
    atIndiaTime('2026-11-29T21:30');
    serve();
    renderPage(<CampaignsPage />, { path: '/campaigns?new=1', pattern: '/campaigns' });
    await throughAudienceAndMessage();
    await screen.findByTestId('campaign-cost');
    expect(screen.getByTestId('window-notice').textContent).toContain('this campaign will wait and start at');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      '₹30 will be reserved from your wallet now for 120 messages, sent 30 Nov 2026, 10:00 am.',
    );
  });

  it('answers a short balance with "add ₹N" and the way to the wallet, and confirms the same draft on the next try', async () => {
    let confirms = 0;
    const calls = serve({
      confirm: () =>
        ++confirms === 1
          ? jsonResponse(402, { message: 'Not enough balance: add ₹20 to your wallet' })
          : jsonResponse(200, testCampaign()),
    });
    renderPage(<CampaignsPage />, { path: '/campaigns?new=1', pattern: '/campaigns' });
    await throughAudienceAndMessage();
    await screen.findByTestId('campaign-cost');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send and pay ₹30' }));
    const failure = await screen.findByTestId('send-failure');
    expect(failure.textContent).toContain('Not enough balance: add ₹20 to your wallet');
    expect(within(failure).getByRole('link', { name: 'Go to Wallet' }).getAttribute('href')).toBe('/wallet');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send and pay ₹30' }));
    await waitFor(() => expect(confirms).toBe(2));
    expect(calls.filter((c) => c.path === '/api/sms/campaigns' && c.method === 'POST')).toHaveLength(1);
  });

  it('shows the shortfall before sending and says when a promotional campaign waits for 10:00', async () => {
    serve({ preview: () => jsonResponse(200, testCostPreview({ balancePaise: 1000 })) });
    renderPage(<CampaignsPage />, { path: '/campaigns?new=1', pattern: '/campaigns' });
    await throughAudienceAndMessage();
    expect((await screen.findByRole('link', { name: 'Add ₹20' })).getAttribute('href')).toBe('/wallet');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: '2099-03-02T22:30' } });
    const notice = screen.getByTestId('window-notice');
    expect(notice.textContent).toContain('this campaign will wait and start at');
  });
});
