import { describe, expect, it } from 'vitest';
import { looksLikeVCard, parseVCards } from './vcard';

// What Android's Contacts app writes with "Export to .vcf" (vCard 2.1, CRLF, quoted-printable for
// non-ASCII names, soft line breaks at 76 columns).
const ANDROID_VCF = [
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N:Iyer;Meena;;;',
  'FN:Meena Iyer',
  'TEL;HOME:022 2345 6789',
  'TEL;CELL;PREF:+91 98200 11111',
  'EMAIL;HOME:meena@example.in',
  'BDAY:1990-05-14',
  'NOTE:Prefers WhatsApp\\, not calls',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E0=A4=B6=E0=A4=B0=E0=A5=8D=E0=A4=AE=E0=A4=BE;=E0=A4=B8=E0=A5=81=E0=A4=A8=E0=A5=80=E0=A4=A4=E0=A4=BE;;;',
  'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E0=A4=B8=E0=A5=81=E0=A4=A8=E0=A5=80=E0=A4=A4=E0=A4=BE=20=E0=A4=B6=',
  '=E0=A4=B0=E0=A5=8D=E0=A4=AE=E0=A4=BE',
  'TEL;CELL:098200-22222',
  'TEL;CELL:+919820033333',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'TEL;CELL:12345',
  'END:VCARD',
  '',
].join('\r\n');

// iPhone / Google export style: vCard 3.0 with folded lines, grouped properties, escapes and a year-less birthday.
const VCARD_3 = `BEGIN:VCARD
VERSION:3.0
PRODID:-//Apple Inc.//iPhone OS 17.0//EN
N:Kumar;Ravi;;Mr.;
FN:Ravi Kumar
ORG:Kumar Traders;
item1.TEL;type=pref:+91 99000 22222
item1.X-ABLabel:mobile
EMAIL;type=INTERNET;type=WORK:ravi@kumartraders
 .in
NOTE:Wholesale buyer.\\nCalls on Sundays\\; pays cash.
CATEGORIES:wholesale,regular
BDAY;VALUE=date:--08-15
ANNIVERSARY:20120203
END:VCARD
BEGIN:VCARD
VERSION:4.0
N:;;;;
ORG:Sai Caterers
TEL;VALUE=uri;TYPE=cell:tel:+91-98765-43210
END:VCARD
`;

describe('parseVCards', () => {
  it('reads an Android export: names, the mobile among several numbers, e-mail, birthday, notes', () => {
    const rows = parseVCards(ANDROID_VCF);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      name: 'Meena Iyer',
      mobileNumber: '+91 98200 11111',
      email: 'meena@example.in',
      notes: 'Prefers WhatsApp, not calls',
      birthday: '1990-05-14',
    });
  });

  it('decodes quoted-printable UTF-8 names across soft line breaks', () => {
    const [, second] = parseVCards(ANDROID_VCF);
    expect(second).toEqual({ name: 'सुनीता शर्मा', mobileNumber: '098200-22222' });
  });

  it('keeps a card whose number is not a mobile, for the preview to report', () => {
    expect(parseVCards(ANDROID_VCF)[2]).toEqual({ mobileNumber: '12345' });
  });

  it('unfolds lines, strips groups and tel: URIs, unescapes text, reads CATEGORIES and dates without a year', () => {
    const [ravi, sai] = parseVCards(VCARD_3);
    expect(ravi).toEqual({
      name: 'Ravi Kumar',
      mobileNumber: '+91 99000 22222',
      email: 'ravi@kumartraders.in',
      notes: 'Wholesale buyer.\nCalls on Sundays; pays cash.',
      tags: ['wholesale', 'regular'],
      birthday: '1904-08-15',
      anniversary: '2012-02-03',
    });
    // No FN and an empty N: the organisation names the contact.
    expect(sai).toEqual({ name: 'Sai Caterers', mobileNumber: '+91-98765-43210' });
  });

  it('falls back to N when FN is missing, in reading order', () => {
    const rows = parseVCards('BEGIN:VCARD\nVERSION:3.0\nN:Shaikh;Farhan;;Dr.;\nTEL:9876543210\nEND:VCARD');
    expect(rows).toEqual([{ name: 'Dr. Farhan Shaikh', mobileNumber: '9876543210' }]);
  });

  it('ignores text outside cards and recognises a vCard by its content', () => {
    expect(parseVCards('hello\nTEL:9820011111\n')).toEqual([]);
    expect(looksLikeVCard(VCARD_3)).toBe(true);
    expect(looksLikeVCard('Name,Phone\nMeena,9820011111')).toBe(false);
  });
});
