import { describe, expect, it } from 'vitest';
import { fieldForHeader } from './csv-columns';
import { parseContactsCsv } from './csv-import';

// Google Contacts → Export → Google CSV (the current format), trimmed to its first phone columns.
const GOOGLE_CSV = `First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value
Meena,,Iyer,,,,,,,,,,,1990-05-14,Prefers WhatsApp,,* myContacts ::: Regular,* Home,meena@example.in,Mobile,+91 98200 11111,Home,022 2345 6789
Ravi,,Kumar,,,,,,,,Kumar Traders,,,--08-15,,,* myContacts ::: Wholesale ::: Regular,,,Work,022 2345 0000,Mobile,099000 22222
,,,,,,,,,,Sai Caterers,,,,,,* myContacts,,,Mobile,+919876543210 ::: +919876500000,,
Asha,,Patel,,,,,,,,,,,,"Wants the Diwali list,
calls after 6 pm",,* myContacts,,,Mobile,12345,,
`;

describe('parseContactsCsv', () => {
  it('maps a Google Contacts export: names from parts, the mobile among the phones, labels as tags', () => {
    const { rows, headerRow } = parseContactsCsv(GOOGLE_CSV);
    expect(headerRow).toBe(0);
    expect(rows).toEqual([
      {
        name: 'Meena Iyer',
        mobileNumber: '+91 98200 11111',
        email: 'meena@example.in',
        notes: 'Prefers WhatsApp',
        tags: ['Regular'],
        birthday: '1990-05-14',
      },
      // Phone 1 is a landline: the mobile in Phone 2 is taken; a year-less birthday gets the placeholder year.
      { name: 'Ravi Kumar', mobileNumber: '099000 22222', tags: ['Wholesale', 'Regular'], birthday: '1904-08-15' },
      { name: 'Sai Caterers', mobileNumber: '+919876543210' },
      { name: 'Asha Patel', mobileNumber: '12345', notes: 'Wants the Diwali list,\ncalls after 6 pm' },
    ]);
  });

  it("finds the header under a title line and reads a shop's own sheet with Indian dates", () => {
    const csv = [
      'Sharma Kirana customers (exported 01/06/2025)',
      '',
      'S.No,Full Name,Phone Number,Tags,DOB,Anniversary,Remarks',
      '1,Meena,98200 11111,regular; wholesale,14/05/1990,3 Feb 2015,Udhaar allowed',
      '2,Farhan Shaikh,+91-98765-43210,,31/02/1990,,',
    ].join('\r\n');
    const { rows, headerRow } = parseContactsCsv(csv);
    expect(headerRow).toBe(1);
    expect(rows).toEqual([
      {
        name: 'Meena',
        mobileNumber: '98200 11111',
        tags: ['regular', 'wholesale'],
        birthday: '1990-05-14',
        anniversary: '2015-02-03',
        notes: 'Udhaar allowed',
      },
      // 31 February is no date: left out, the contact still comes.
      { name: 'Farhan Shaikh', mobileNumber: '+91-98765-43210' },
    ]);
  });

  it('reads a file without a header by what its columns hold', () => {
    const csv = 'Meena Iyer,9820011111,meena@example.in\nRavi,+91 99000 22222,\nAsha Patel,099000 33333,\n';
    const { rows, headerRow, mapping } = parseContactsCsv(csv);
    expect(headerRow).toBeNull();
    expect(mapping.map((c) => c.field)).toEqual(['name', 'mobile', 'email']);
    expect(rows[0]).toEqual({ name: 'Meena Iyer', mobileNumber: '9820011111', email: 'meena@example.in' });
    expect(rows).toHaveLength(3);
  });

  it('finds the number column by its content when its header is unknown', () => {
    const { rows } = parseContactsCsv('Name,Contact,City\nMeena,9820011111,Pune\nRavi,9900022222,Mumbai\n');
    expect(rows).toEqual([
      { name: 'Meena', mobileNumber: '9820011111' },
      { name: 'Ravi', mobileNumber: '9900022222' },
    ]);
  });

  it('accepts the common headers for name and number, in any case or punctuation', () => {
    expect(['Name', 'Full Name', 'full_name', 'Customer Name'].map(fieldForHeader)).toEqual(['name', 'name', 'name', 'name']);
    expect(['Mobile', 'Mobile No.', 'MOBILE NUMBER', 'WhatsApp'].map(fieldForHeader)).toEqual([
      'mobile',
      'mobile',
      'mobile',
      'mobile',
    ]);
    expect(['Phone', 'Phone Number', 'Phone 3 - Value', 'Tel'].map(fieldForHeader)).toEqual(['phone', 'phone', 'phone', 'phone']);
    expect(['E-mail Address', 'Email', 'Birthday', 'Anniversary', 'Notes', 'Labels'].map(fieldForHeader)).toEqual([
      'email',
      'email',
      'birthday',
      'anniversary',
      'notes',
      'tags',
    ]);
    expect(fieldForHeader('City')).toBeNull();
  });

  it('cuts oversized cells to what a contact holds and what the import request accepts', () => {
    const tags = Array.from({ length: 14 }, (_, i) => `tag${i}`).join(';');
    const { rows } = parseContactsCsv(
      `Name,Mobile,Notes,Tags\n${'A'.repeat(300)},9820011111,${'n'.repeat(5000)},${'x'.repeat(40)};${tags}\n`,
    );
    expect(rows[0]!.name).toHaveLength(200);
    expect(rows[0]!.notes).toHaveLength(1000);
    expect(rows[0]!.tags).toHaveLength(10);
    expect(rows[0]!.tags![0]).toHaveLength(30);
  });
});
