/** Lower-case, no diacritics, no punctuation, single spaces: the form every lookup compares. */
export function normalizeName(s: string): string {
  // ASCII fast path (almost every name): one pass, no Unicode normalisation.
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c > 127) return normalizeUnicode(s);
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (pendingSpace && out.length > 0) out += ' ';
      pendingSpace = false;
      out += String.fromCharCode(c);
    } else if (c !== 39 && c !== 96) {
      pendingSpace = true;
    }
  }
  return out;
}

function normalizeUnicode(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function stripDiacritics(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}
