import { CONTACT_MESSAGES } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { parseImportText } from './import-file';
import { previewImport } from './import-preview';

const SHOP_CSV = [
  'Name,Phone,Email,Tags',
  'Ravi Kumar,+91 99000 22222,ravi@example.in,regular',
  'Asha Patel,099000-33333,,wholesale',
  'No Number,,,',
  'Bad Number,12345,,',
  'Ravi Again,9900022222,,',
  'Bad Mail,9820011111,not-an-email,',
].join('\n');

describe('previewImport', () => {
  it('counts ready rows, problems with the domain messages, and numbers repeated in the file', () => {
    const preview = previewImport(parseImportText(SHOP_CSV, 'customers.csv').rows);
    expect({ ready: preview.ready, problems: preview.problems, duplicates: preview.duplicates }).toEqual({
      ready: 2,
      problems: 3,
      duplicates: 1,
    });
    expect(preview.rows.map((r) => [r.row, r.status])).toEqual([
      [1, { kind: 'ready' }],
      [2, { kind: 'ready' }],
      [3, { kind: 'problem', reason: CONTACT_MESSAGES.required }],
      [4, { kind: 'problem', reason: CONTACT_MESSAGES.mobileInvalid }],
      // '9900022222' is row 1's '+91 99000 22222' written differently.
      [5, { kind: 'duplicate', firstRow: 1 }],
      [6, { kind: 'problem', reason: CONTACT_MESSAGES.emailInvalid }],
    ]);
    expect(preview.rows[1]!.mobile).toBe('9900033333');
    expect(preview.toSend).toHaveLength(6);
    expect(preview.overLimit).toBe(0);
  });

  it('a row without a name is a problem even with a good number', () => {
    const preview = previewImport([{ mobileNumber: '9820011111' }]);
    expect(preview.rows[0]!.status).toEqual({ kind: 'problem', reason: CONTACT_MESSAGES.required });
  });

  it('sends at most the limit and says how many rows are left out', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      name: `Customer ${i}`,
      mobileNumber: `98200${String(i).padStart(5, '0')}`,
    }));
    const preview = previewImport(rows, 5);
    expect(preview.toSend).toHaveLength(5);
    expect(preview.overLimit).toBe(2);
    expect(preview.ready).toBe(5);
  });
});
