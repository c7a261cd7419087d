import { PUBLISHING_MESSAGES, TEMPLATE_MESSAGES, indiaDay, type AppUser } from '@aaspaas/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, serveFakeApi, testUser, type FakeHandler } from '@/lib/session-testing';
import { PrefillProbe, testTemplate } from '../utils/templates-testing';
import { TemplatePreviewPage } from './template-preview-page';

const diwali = testTemplate({
  title: 'Diwali Dhamaka Offer',
  text: [
    '# Diwali Dhamaka',
    '{offer}',
    '# {discount}',
    'MRP {mrp}  ·  Now {price}',
    'Valid till {validUntil}',
    '{businessName}',
    'Visit us in {city}',
    'Call {phone}',
  ].join('\n'),
});
const opening = testTemplate({
  title: 'Grand Opening',
  kind: 'post',
  text: ['# Grand Opening', '{businessName}', '{offer}'].join('\n'),
  defaultContent: 'We are open! {businessName}.\n{offer}',
  defaultHashtags: ['grandopening'],
});
const owner = testUser({ businessName: 'Patel Sweets', city: 'Pune', businessPhone: '9820012345' });
const RENDERED = { url: '/media/uploads/u1/abc.jpg', width: 1080, height: 1080, bytes: 120_000 };

const preview = () => screen.getByTestId('template-preview');
const field = (name: string | RegExp) => screen.getByLabelText(name);
const type = (name: string | RegExp, value: string) => fireEvent.input(field(name), { target: { value } });

function serve(render: FakeHandler = () => jsonResponse(201, RENDERED)) {
  return serveFakeApi((call) => {
    if (call.method === 'POST') return render(call);
    return jsonResponse(200, [diwali, opening]);
  });
}

function renderPreview(id: string, user: AppUser = owner) {
  return renderRoutes(
    [
      { path: '/template-preview/:id', element: <TemplatePreviewPage id={id} user={user} /> },
      { path: '/add-templates', element: <p>templates page</p> },
      { path: '/send-offers', element: <PrefillProbe name="send offers page" /> },
      { path: '/send-post', element: <PrefillProbe name="send post page" /> },
    ],
    `/template-preview/${id}`,
  );
}

describe('/template-preview/{id}', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('draws the template with the business’s details and leaves out lines whose values are missing', async () => {
    serve();
    renderPreview(diwali.id);
    expect(screen.getByTestId('template-loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Diwali Dhamaka Offer' })).toBeTruthy();
    const lines = Array.from(preview().querySelectorAll('.whitespace-pre'));
    // No offer, prices or date yet: those lines are left out, as on the server's picture. The
    // headline breaks where the server's layout breaks it, and is bold (its size: the browser test).
    expect(lines.map((l) => l.textContent)).toEqual([
      'Diwali',
      'Dhamaka',
      'Patel Sweets',
      'Visit us in\u00a0Pune',
      'Call +91\u00a098200\u00a012345',
    ]);
    const [headline, , body] = lines as HTMLElement[];
    expect(headline!.style.fontWeight).toBe('700');
    expect(body!.style.fontWeight).toBe('400');
    expect(preview().getAttribute('aria-label')).toBe(
      'Preview of your picture: Diwali Dhamaka. Patel Sweets. Visit us in Pune. Call +91 98200 12345',
    );
    expect(screen.queryByTestId('missing-details')).toBeNull();
  });

  it('updates the preview as the owner types, in rupees, with the discount', async () => {
    serve();
    renderPreview(diwali.id);
    await screen.findByLabelText('Offer line (optional)');
    type('Offer line (optional)', 'Kaju katli 1 kg');
    type('MRP (₹)', '1,000');
    type('Our price (₹)', '799');
    expect(screen.getByTestId('discount').textContent).toBe('20% off');
    const text = preview().textContent!;
    expect(text).toContain('Kaju katli');
    expect(text).toContain('20% OFF');
    expect(text).toContain('MRP ₹1,000');
    expect(text).toContain('Now ₹799');
    expect(screen.getByText(/15 of 80 characters/)).toBeTruthy();
  });

  it('says which profile details are missing from the picture, with a link to add them', async () => {
    serve();
    renderPreview(diwali.id, testUser({ businessName: 'Patel Sweets', city: null, businessPhone: null }));
    const notice = await screen.findByTestId('missing-details');
    expect(notice.textContent).toContain('Add your city in your profile to show it on the picture.');
    expect(notice.textContent).toContain('Add your business phone number in your profile to show it on the picture.');
    const links = within(notice).getAllByRole('link', { name: 'Edit profile' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/edit-profile#city', '/edit-profile#businessPhone']);
    expect(preview().textContent).not.toContain('Visit us in');
    expect(preview().textContent).not.toContain('Call');
  });

  it('checks the prices before sending: our price above the MRP is refused with the API’s message', async () => {
    const calls = serve();
    renderPreview(diwali.id);
    await screen.findByLabelText('MRP (₹)');
    type('MRP (₹)', '100');
    type('Our price (₹)', '120');
    fireEvent.click(screen.getByRole('button', { name: 'Use this' }));
    expect((await screen.findAllByText(PUBLISHING_MESSAGES.priceAboveMrp)).length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(field('Our price (₹)'));
    type('MRP (₹)', 'abc');
    expect(screen.getByText('Enter the price in rupees, like 1299 or 1299.50')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('“Use this” renders the picture with prices in paise, then opens /send-offers prefilled', async () => {
    let finish: () => void = () => {};
    const calls = serve(() => new Promise((resolve) => (finish = () => resolve(jsonResponse(201, RENDERED)))));
    const { router } = renderPreview(diwali.id);
    await screen.findByLabelText('Offer line (optional)');
    const until = indiaDay(new Date(Date.now() + 7 * 86_400_000));
    type('Offer line (optional)', 'Kaju katli 1 kg');
    type('MRP (₹)', '1000');
    type('Our price (₹)', '799.50');
    type('Valid until (optional)', until);
    fireEvent.click(screen.getByRole('button', { name: 'Use this' }));

    const pending = await screen.findByRole('button', { name: /Making your picture/ });
    expect(pending).toHaveProperty('disabled', true);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/api/templates/${diwali.id}/render`);
    expect(post.body).toEqual({
      offer: 'Kaju katli 1 kg',
      mrpPaise: 100_000,
      ourPricePaise: 79_950,
      validUntil: until,
      language: 'en',
    });
    await act(async () => finish());

    expect(await screen.findByText('send offers page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/send-offers');
    const prefill = JSON.parse(screen.getByTestId('prefill').textContent!) as Record<string, unknown>;
    expect(prefill).toEqual({
      content: 'Happy Diwali from Patel Sweets!\nKaju katli 1 kg\nMRP ₹1,000, our price ₹799.50 (20% OFF).',
      hashtags: ['diwali', 'shoplocal'],
      images: [RENDERED.url],
      mrpPaise: 100_000,
      ourPricePaise: 79_950,
      validUntil: until,
      templateId: diwali.id,
    });
  });

  it('a post template asks only for its line and opens /send-post', async () => {
    const calls = serve();
    renderPreview(opening.id);
    await screen.findByLabelText('A line of your own (optional)');
    expect(screen.queryByLabelText('MRP (₹)')).toBeNull();
    type('A line of your own (optional)', 'Free sweets on day one');
    fireEvent.click(screen.getByRole('button', { name: 'Use this' }));
    expect(await screen.findByText('send post page')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      offer: 'Free sweets on day one',
      mrpPaise: null,
      ourPricePaise: null,
      validUntil: null,
      language: 'en',
    });
    const prefill = JSON.parse(screen.getByTestId('prefill').textContent!) as Record<string, unknown>;
    expect(prefill.content).toBe('We are open! Patel Sweets.\nFree sweets on day one');
    expect(prefill).not.toHaveProperty('mrpPaise');
  });

  it('shows the server’s message when the picture cannot be made, and keeps what was typed', async () => {
    serve(() => jsonResponse(503, { message: TEMPLATE_MESSAGES.backgroundMissing }));
    renderPreview(diwali.id);
    await screen.findByLabelText('Offer line (optional)');
    type('Offer line (optional)', 'Barfi 500 g');
    fireEvent.click(screen.getByRole('button', { name: 'Use this' }));
    const alert = await screen.findByText(TEMPLATE_MESSAGES.backgroundMissing);
    expect(alert.closest('[role="alert"]')!.textContent).toContain('Could not make your picture');
    expect(field('Offer line (optional)')).toHaveProperty('value', 'Barfi 500 g');
    expect(screen.getByRole('button', { name: 'Use this' })).toHaveProperty('disabled', false);
  });

  it('an unknown id says “Template not found”, with the way back to the list', async () => {
    serve();
    renderPreview('00000000-0000-4000-8000-00000000dead');
    expect(await screen.findByRole('heading', { name: 'Template not found' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'All templates' }).map((l) => l.getAttribute('href'))).toContain('/add-templates');
  });
});
