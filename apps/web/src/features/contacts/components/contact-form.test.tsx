import { CONTACT_MESSAGES } from '@aaspaas/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, serveFakeApi, type FakeCall } from '@/lib/session-testing';
import { renderPage, testContact } from '../utils/contacts-testing';
import { AddContactPage } from './add-contact-page';
import { EditContactPage } from './edit-contact-page';

const tagsAnswer = () => jsonResponse(200, { contacts: [], total: 0, nextCursor: null, tags: ['regular', 'wholesale'] });

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

describe('/add-contact form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the spec's required message on name and number, and the domain's number and e-mail messages", async () => {
    const calls = serveFakeApi(tagsAnswer);
    renderPage(<AddContactPage />, { path: '/add-contact' });
    await click('Save contact');
    expect(await screen.findAllByText(CONTACT_MESSAGES.required)).toHaveLength(2);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    type('Name', 'Meena Iyer');
    type('Mobile number', '12345');
    type('Email', 'meena@');
    await click('Save contact');
    expect(await screen.findByText(CONTACT_MESSAGES.mobileInvalid)).toBeTruthy();
    expect(screen.getByText(CONTACT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it("sends the normalised contact with its tags and consent, toasts 'Contact added' and goes back to the list", async () => {
    const calls = serveFakeApi((call) =>
      call.method === 'POST' ? jsonResponse(201, testContact({ ...(call.body as object), id: 'new-id' })) : tagsAnswer(),
    );
    const { router } = renderPage(<AddContactPage />, { path: '/add-contact' });
    type('Name', '  Meena Iyer ');
    type('Mobile number', '+91 98200-11111');
    fireEvent.click(await screen.findByRole('button', { name: 'Add tag regular' }));
    const tagBox = screen.getByLabelText(/^Tags/);
    fireEvent.change(tagBox, { target: { value: 'Diwali List' } });
    fireEvent.keyDown(tagBox, { key: 'Enter' });
    type('Birthday', '1990-05-14');
    fireEvent.click(screen.getByRole('checkbox', { name: /agreed/i }));
    fireEvent.change(await screen.findByLabelText('How did they agree?'), { target: { value: 'whatsapp' } });
    await click('Save contact');

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', path: '/api/contacts' });
    expect(writes(calls)[0]!.body).toEqual({
      name: 'Meena Iyer',
      mobileNumber: '9820011111',
      email: null,
      notes: null,
      tags: ['regular', 'diwali list'],
      birthday: '1990-05-14',
      anniversary: null,
      consent: true,
      consentChannel: 'whatsapp',
      optedOut: false,
      whatsappConsent: false,
    });
    expect(await screen.findByText('Contact added')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });

  it('answers a duplicate number (409) with the message and a link to the existing contact', async () => {
    serveFakeApi((call) =>
      call.method === 'POST'
        ? jsonResponse(409, { message: CONTACT_MESSAGES.duplicate, field: 'mobileNumber', existingId: 'c-42' })
        : tagsAnswer(),
    );
    const { router } = renderPage(<AddContactPage />, { path: '/add-contact' });
    type('Name', 'Meena I.');
    type('Mobile number', '098200-11111');
    await click('Save contact');

    expect(await screen.findByText(CONTACT_MESSAGES.duplicate)).toBeTruthy();
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Failed to add contact')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open the existing contact' });
    expect(open.getAttribute('href')).toBe('/edit-contact/c-42');
    expect(router.state.location.pathname).toBe('/add-contact');
  });
});

describe('/edit-contact/{id}', () => {
  afterEach(() => vi.unstubAllGlobals());

  const meena = testContact({
    id: 'c-1',
    name: 'Meena Iyer',
    mobileNumber: '9820011111',
    tags: ['regular'],
    consentAt: '2026-01-14T09:30:00.000Z',
    consentChannel: 'qr_opt_in',
  });

  function serveMeena(onWrite: (call: FakeCall) => Response) {
    return serveFakeApi((call) => {
      if (call.method !== 'GET') return onWrite(call);
      if (call.path === '/api/contacts/c-1') return jsonResponse(200, meena);
      if (call.path === '/api/contacts') return tagsAnswer();
      return jsonResponse(404, { message: CONTACT_MESSAGES.notFound });
    });
  }

  it("shows when and how consent was recorded, saves with PUT and toasts 'Contact updated'", async () => {
    const calls = serveMeena((call) => jsonResponse(200, { ...meena, ...(call.body as object) }));
    renderPage(<EditContactPage id="c-1" />, { path: '/edit-contact/c-1', pattern: '/edit-contact/:id' });
    expect(await screen.findByDisplayValue('Meena Iyer')).toBeTruthy();
    expect(screen.getByText('Recorded on 14 Jan 2026: Scanned my QR code.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /agreed/i })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('switch', { name: 'Opted out' }));
    await click('Save changes');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', path: '/api/contacts/c-1' });
    expect(writes(calls)[0]!.body).toMatchObject({
      name: 'Meena Iyer',
      mobileNumber: '9820011111',
      optedOut: true,
      tags: ['regular'],
    });
    expect(await screen.findByText('Contact updated')).toBeTruthy();
  });

  it("toasts 'Failed to update contact' with the reason when the save fails", async () => {
    serveMeena(() => jsonResponse(500, { message: 'Internal Server Error' }));
    renderPage(<EditContactPage id="c-1" />, { path: '/edit-contact/c-1', pattern: '/edit-contact/:id' });
    await screen.findByDisplayValue('Meena Iyer');
    await click('Save changes');
    expect(await screen.findByText('Failed to update contact')).toBeTruthy();
    expect(screen.getAllByText('Internal Server Error').length).toBeGreaterThan(0);
  });

  it("deletes after a confirmation naming the contact, toasts 'Contact deleted' and returns to the list", async () => {
    const calls = serveMeena(() => new Response(null, { status: 204 }));
    const { router } = renderPage(<EditContactPage id="c-1" />, { path: '/edit-contact/c-1', pattern: '/edit-contact/:id' });
    await screen.findByDisplayValue('Meena Iyer');
    await click('Delete contact');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Meena Iyer?' });
    expect(writes(calls)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() =>
      expect(writes(calls)).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/contacts/c-1' })]),
    );
    expect(await screen.findByText('Contact deleted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });

  it("says 'Failed to get contact' for a missing contact and offers the way back", async () => {
    serveFakeApi(() => jsonResponse(404, { message: CONTACT_MESSAGES.notFound }));
    renderPage(<EditContactPage id="c-404" />, { path: '/edit-contact/c-404', pattern: '/edit-contact/:id' });
    expect(await screen.findByRole('heading', { name: 'Contact not found' })).toBeTruthy();
    expect(await screen.findByText('Failed to get contact')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to contacts' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  });
});
