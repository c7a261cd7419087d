import { CONTACT_MESSAGES, CONTACTS_IMPORT_MAX_ROWS, type ContactImportRow } from '@aaspaas/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, serveFakeApi } from '@/lib/session-testing';
import { renderPage } from '../utils/contacts-testing';
import { ImportDialog } from './import-dialog';

const CSV = [
  'Name,Phone,Email,Tags',
  'Ravi Kumar,+91 99000 22222,ravi@example.in,regular',
  'Asha Patel,099000-33333,,wholesale',
  'No Number,,,',
  'Bad Number,12345,,',
  'Ravi Again,9900022222,,',
].join('\n');

// A phone's export with the same kind of mix: two good cards, one without a mobile.
const VCF = [
  'BEGIN:VCARD',
  'VERSION:2.1',
  'FN:Meena Iyer',
  'TEL;CELL:+91 98200 11111',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'FN:Office',
  'TEL;WORK:022 2345 6789',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'FN:Farhan',
  'TEL;CELL:9876543210',
  'END:VCARD',
].join('\r\n');

async function chooseFile(name: string, text: string, type: string) {
  const input = screen.getByLabelText('Choose a CSV or vCard (.vcf) file');
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([text], name, { type })] } });
  });
}

function openDialog() {
  return renderPage(<ImportDialog open onOpenChange={() => undefined} />, { path: '/contacts' });
}

describe('<ImportDialog>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews a CSV with counts and row problems, needs the consent tick, then shows the server summary', async () => {
    const calls = serveFakeApi(() =>
      jsonResponse(200, {
        imported: 2,
        duplicates: 1,
        invalid: 2,
        errors: [
          { row: 3, reason: CONTACT_MESSAGES.required },
          { row: 4, reason: CONTACT_MESSAGES.mobileInvalid },
        ],
      }),
    );
    openDialog();
    await chooseFile('customers.csv', CSV, 'text/csv');

    const counts = await screen.findByTestId('import-counts');
    expect(counts.textContent).toBe('2ready2with problems1repeated in the file');
    const problems = screen.getByRole('table', { name: 'Rows with problems' });
    expect(within(problems).getByText(CONTACT_MESSAGES.mobileInvalid)).toBeTruthy();
    expect(within(problems).getByText('12345')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'First rows of the file' }).textContent).toContain('Same number as row 1');

    const send = screen.getByRole('button', { name: 'Import 2 contacts' });
    await act(async () => {
      fireEvent.click(send);
    });
    expect(screen.getByText('Please confirm that these customers agreed to receive your messages.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: /agreed to hear from my business/ }));
    await act(async () => {
      fireEvent.click(send);
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/contacts/import' });
    const body = calls[0]!.body as { rows: ContactImportRow[]; consent: boolean };
    expect(body.consent).toBe(true);
    // Every row goes: the server checks each again and numbers its errors as the file's rows.
    expect(body.rows.map((r) => r.name)).toEqual(['Ravi Kumar', 'Asha Patel', 'No Number', 'Bad Number', 'Ravi Again']);
    expect(body.rows[0]).toEqual({
      name: 'Ravi Kumar',
      mobileNumber: '+91 99000 22222',
      email: 'ravi@example.in',
      tags: ['regular'],
    });

    const summary = await screen.findByRole('status', { name: 'Import finished' });
    expect(summary.textContent).toContain('2 contacts imported');
    expect(summary.textContent).toContain('1 duplicate skipped');
    expect(summary.textContent).toContain('2 rows not imported');
    expect(within(summary).getByText(/Bad Number · 12345/)).toBeTruthy();
    expect(within(summary).getByText(CONTACT_MESSAGES.mobileInvalid)).toBeTruthy();
  });

  it("reads a phone's vCard export", async () => {
    serveFakeApi(() => jsonResponse(500, { message: 'unexpected' }));
    openDialog();
    await chooseFile('contacts.vcf', VCF, 'text/vcard');
    expect((await screen.findByTestId('import-counts')).textContent).toBe('2ready1with problems0repeated in the file');
    expect(screen.getByRole('table', { name: 'First rows of the file' }).textContent).toContain('+91 98200 11111');
  });

  it('says so when the file holds more rows than one import takes', async () => {
    serveFakeApi(() => jsonResponse(500, { message: 'unexpected' }));
    openDialog();
    const extra = 3;
    const lines = Array.from({ length: CONTACTS_IMPORT_MAX_ROWS + extra }, (_, i) => `Customer ${i},${7_000_000_000 + i}`);
    await chooseFile('big.csv', ['Name,Mobile', ...lines].join('\n'), 'text/csv');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only the first 20,000 rows are imported at a time: 3 rows are left out. Import them in a second file.',
    );
  });

  it('says when a file holds no contacts', async () => {
    serveFakeApi(() => jsonResponse(500, { message: 'unexpected' }));
    openDialog();
    await chooseFile('empty.csv', '\n\n', 'text/csv');
    expect((await screen.findByRole('alert')).textContent).toBe('No contacts were found in this file.');
  });
});
