import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, serveFakeApi, type FakeCall } from '@/lib/session-testing';
import { contactList, renderPage, testContact } from '../utils/contacts-testing';
import { ContactsPage } from './contacts-page';

const meena = testContact({ id: 'c-1', name: 'Meena Iyer', mobileNumber: '9820011111', tags: ['regular'] });
const ravi = testContact({ id: 'c-2', name: 'Ravi Kumar', mobileNumber: '9900022222', optedOut: true });
const asha = testContact({ id: 'c-3', name: 'Asha Patel', mobileNumber: '9900033333', tags: ['wholesale'] });

const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/contacts');
const param = (call: FakeCall | undefined, name: string) => new URLSearchParams(call?.search).get(name);

function renderContacts(path = '/contacts') {
  return renderPage(<ContactsPage />, { path, pattern: '/contacts' });
}

describe('/contacts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists contacts as list items with the number in +91 form, tags, the opted-out badge, call and WhatsApp', async () => {
    serveFakeApi(() => jsonResponse(200, contactList([asha, meena, ravi], { total: 3, tags: ['regular', 'wholesale'] })));
    renderContacts();
    const row = (await screen.findByText('Meena Iyer')).closest('li')!;
    expect(row.textContent).toContain('+91 98200 11111');
    expect(row.textContent).toContain('regular');
    expect(within(row).getByRole('link', { name: 'Call Meena Iyer' }).getAttribute('href')).toBe('tel:+919820011111');
    expect(within(row).getByRole('link', { name: 'WhatsApp Meena Iyer' }).getAttribute('href')).toBe(
      'https://wa.me/919820011111',
    );
    expect(
      within(row)
        .getByRole('link', { name: /^Meena Iyer/ })
        .getAttribute('href'),
    ).toBe('/edit-contact/c-1');
    const raviRow = screen.getAllByRole('listitem').find((li) => li.textContent?.includes('Ravi Kumar'))!;
    expect(raviRow.textContent).toContain('Opted out');
    expect(screen.getByTestId('contacts-total').textContent).toBe('3 contacts');
    expect(screen.getByRole('group', { name: 'Filter by tag' })).toBeTruthy();
  });

  it('searches on the server once typing settles, and filters by a tag chip', async () => {
    const calls = serveFakeApi((call) => {
      const q = param(call, 'q');
      const tag = param(call, 'tag');
      const shown = q ? [asha] : tag ? [meena] : [asha, meena, ravi];
      return jsonResponse(200, contactList(shown, { tags: ['regular', 'wholesale'] }));
    });
    renderContacts();
    await screen.findByText('Ravi Kumar');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'as' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'asha' } });
    await waitFor(() => expect(screen.queryByText('Ravi Kumar')).toBeNull());
    // One request for the settled text, none for each keystroke.
    expect(lists(calls).map((c) => param(c, 'q'))).toEqual([null, 'asha']);
    expect(screen.getByTestId('contacts-total').textContent).toBe('1 contact found');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: '' } });
    await screen.findByText('Ravi Kumar');
    fireEvent.click(screen.getByRole('button', { name: 'regular' }));
    await waitFor(() => expect(screen.queryByText('Ravi Kumar')).toBeNull());
    expect(param(lists(calls).at(-1), 'tag')).toBe('regular');
    expect(screen.getByRole('button', { name: 'regular' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps the DOM small with many contacts, and loads the next keyset page with Load more', async () => {
    const page1 = Array.from({ length: 100 }, (_, i) => testContact({ name: `Customer ${String(i).padStart(4, '0')}` }));
    const page2 = Array.from({ length: 100 }, (_, i) => testContact({ name: `Customer ${String(100 + i).padStart(4, '0')}` }));
    const calls = serveFakeApi((call) =>
      param(call, 'cursor') === 'next-1'
        ? jsonResponse(200, contactList(page2, { total: 10_000, nextCursor: 'next-2' }))
        : jsonResponse(200, contactList(page1, { total: 10_000, nextCursor: 'next-1' })),
    );
    renderContacts();
    await screen.findByText('Customer 0000');
    expect(screen.getByTestId('contacts-total').textContent).toBe('10,000 contacts');
    const rows = () => screen.getAllByTestId('contact-row');
    expect(rows().length).toBeLessThan(40);
    expect(rows()[0]!.getAttribute('aria-setsize')).toBe('10000');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more contacts' }));
    });
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
    expect(param(lists(calls)[1], 'cursor')).toBe('next-1');
    expect(param(lists(calls)[1], 'limit')).toBe('100');
    // 200 contacts loaded, still only the rows near the viewport in the DOM.
    await screen.findByText('Customer 0000');
    expect(rows().length).toBeLessThan(40);
  });

  it('deletes the selected contacts after a confirmation that says how many', async () => {
    const calls = serveFakeApi((call) =>
      call.method === 'POST' && call.path === '/api/contacts/delete'
        ? jsonResponse(200, { deleted: (call.body as { ids: string[] }).ids.length })
        : jsonResponse(200, contactList([asha, meena, ravi])),
    );
    renderContacts();
    await screen.findByText('Meena Iyer');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByRole('button', { name: 'Delete selected' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Meena Iyer' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ravi Kumar' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 contacts?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 contacts' }));
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ ids: ['c-1', 'c-2'] });
    expect(await screen.findByText('2 contacts deleted')).toBeTruthy();
  });

  it('selects every loaded contact at once', async () => {
    serveFakeApi(() => jsonResponse(200, contactList([asha, meena, ravi])));
    renderContacts();
    await screen.findByText('Meena Iyer');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded (3)' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete 3 contacts?' })).toBeTruthy();
  });

  it('explains an empty list and offers add, import and the QR code', async () => {
    serveFakeApi(() => jsonResponse(200, contactList([])));
    renderContacts();
    expect(await screen.findByRole('heading', { name: 'No contacts yet' })).toBeTruthy();
    const empty = screen.getByRole('heading', { name: 'No contacts yet' }).closest('section')!;
    expect(within(empty).getByRole('link', { name: 'Add contact' }).getAttribute('href')).toBe('/add-contact');
    expect(within(empty).getByRole('link', { name: 'Show my QR code' }).getAttribute('href')).toBe('/add-customer-contact');
    fireEvent.click(within(empty).getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('dialog', { name: 'Import contacts' })).toBeTruthy();
  });

  it("says 'Authentication expired' when the session is refused, without retrying", async () => {
    const calls = serveFakeApi(() => jsonResponse(401, { message: 'Authentication failed. Please log in again.' }));
    renderContacts();
    expect(await screen.findByText('Authentication expired')).toBeTruthy();
    expect(screen.getByText('Please log in again to access your contacts.')).toBeTruthy();
    expect(lists(calls)).toHaveLength(1);
  });

  it('shows a failed load with a retry (after the one retry of docs/product.md §9)', async () => {
    let fail = true;
    const calls = serveFakeApi(() =>
      fail ? jsonResponse(500, { message: 'Database unavailable' }) : jsonResponse(200, contactList([meena])),
    );
    renderContacts();
    expect(await screen.findByText('Could not load your contacts')).toBeTruthy();
    expect(lists(calls)).toHaveLength(2);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Meena Iyer')).toBeTruthy();
  });

  it('downloads the CSV export with the bearer request, under the name the server gives', async () => {
    const calls = serveFakeApi((call) =>
      call.path === '/api/contacts/export.csv'
        ? new Response('name,mobileNumber\nMeena Iyer,9820011111\n', {
            headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="contacts.csv"' },
          })
        : jsonResponse(200, contactList([meena])),
    );
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:contacts';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    renderContacts();
    await screen.findByText('Meena Iyer');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    });
    await waitFor(() => expect(downloads).toEqual(['contacts.csv blob:contacts']));
    expect(calls.some((c) => c.path === '/api/contacts/export.csv')).toBe(true);
    expect(await blobs[0]!.text()).toBe('name,mobileNumber\nMeena Iyer,9820011111\n');
  });
});
