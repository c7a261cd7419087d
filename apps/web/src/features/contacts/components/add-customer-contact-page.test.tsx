import { CONTACT_MESSAGES } from '@aaspaas/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, serveFakeApi } from '@/lib/session-testing';
import { renderPage, testContact } from '../utils/contacts-testing';
import { AddCustomerContactPage } from './add-customer-contact-page';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save customer' }));
  });
}

function renderCounter() {
  return renderPage(<AddCustomerContactPage userId="u-77" businessName="Sharma Kirana Store" />, {
    path: '/add-customer-contact',
  });
}

describe('/add-customer-contact', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('needs the consent tick, saves with in-person consent, then stays ready for the next customer', async () => {
    const calls = serveFakeApi((call) => jsonResponse(201, testContact({ ...(call.body as object), id: 'c-9' })));
    renderCounter();
    type('Name', 'Farhan Shaikh');
    type('Mobile number', '98765 43210');
    await save();
    expect(await screen.findByText(CONTACT_MESSAGES.consentRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: /agrees to receive offers and updates from Sharma Kirana Store/ }));
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/contacts' });
    expect(calls[0]!.body).toMatchObject({
      name: 'Farhan Shaikh',
      mobileNumber: '9876543210',
      consent: true,
      consentChannel: 'in_person',
    });

    expect((await screen.findByText(/Saved Farhan Shaikh/)).textContent).toBe(
      'Saved Farhan Shaikh (+91 98765 43210). Ready for the next customer.',
    );
    expect(await screen.findByText('Contact added')).toBeTruthy();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Mobile number')).toHaveProperty('value', '');
    expect(screen.getByRole('checkbox', { name: /agrees/ })).toHaveProperty('checked', false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('offers the existing contact for a number already in the list', async () => {
    serveFakeApi(() => jsonResponse(409, { message: CONTACT_MESSAGES.duplicate, field: 'mobileNumber', existingId: 'c-3' }));
    renderCounter();
    type('Name', 'Farhan');
    type('Mobile number', '9876543210');
    fireEvent.click(screen.getByRole('checkbox', { name: /agrees/ }));
    await save();
    expect(await screen.findByText(CONTACT_MESSAGES.duplicate)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the existing contact' }).getAttribute('href')).toBe('/edit-contact/c-3');
  });

  it("shows the business's QR code for its public join page, the link itself, and a WhatsApp share", async () => {
    serveFakeApi(() => jsonResponse(500, { message: 'unexpected' }));
    renderCounter();
    const joinUrl = `${window.location.origin}/join/u-77`;
    expect(screen.getByTestId('join-link').textContent).toBe(joinUrl);
    const qr = await screen.findByRole('img', { name: "QR code to join Sharma Kirana Store's customer list" });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    const share = screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')!;
    expect(decodeURIComponent(share)).toBe(`https://wa.me/?text=Get offers and updates from Sharma Kirana Store: ${joinUrl}`);
  });

  it("copies the link and says 'Link copied to clipboard!'", async () => {
    serveFakeApi(() => jsonResponse(500, { message: 'unexpected' }));
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCounter();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/join/u-77`);
    expect(await screen.findByText('Link copied to clipboard!')).toBeTruthy();
  });
});
