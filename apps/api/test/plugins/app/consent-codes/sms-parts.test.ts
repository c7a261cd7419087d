import { describe, expect, it } from 'vitest';
import { smsParts } from '#src/plugins/app/consent-codes/sms-parts';

describe('smsParts', () => {
  it.each([
    ['a'.repeat(160), 'GSM-7', 1],
    ['a'.repeat(161), 'GSM-7', 2],
    ['a'.repeat(306), 'GSM-7', 2],
    ['a'.repeat(307), 'GSM-7', 3],
    // The extension set ({ } [ ] ~ | ^ € \) costs two units each.
    [`${'a'.repeat(158)}€`, 'GSM-7', 1],
    [`${'a'.repeat(159)}€`, 'GSM-7', 2],
    ['@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà', 'GSM-7', 1],
    ['₹'.repeat(70), 'UCS-2', 1],
    ['₹'.repeat(71), 'UCS-2', 2],
    [`Rs. 50 off at Sharma’s`, 'UCS-2', 1],
    ['नमस्ते'.repeat(20), 'UCS-2', 2],
    ['x'.repeat(134) + 'é₹', 'UCS-2', 3],
  ])('%s → %s in %i part(s)', (text, encoding, parts) => {
    expect(smsParts(text)).toEqual({ encoding, parts });
  });
});
