// GSM 03.38: the basic set costs one unit per character, the extension set two (escape + character).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/**
 * How a text travels and in how many parts: GSM-7 160 units in one part, 153 per part of a longer one;
 * UCS-2 (any character outside GSM-7: Hindi, ₹, curly quotes) 70 and 67 UTF-16 units.
 */
export function smsParts(text: string): { encoding: SmsEncoding; parts: number } {
  let units = 0;
  for (const ch of text) {
    if (basic.has(ch)) units += 1;
    else if (extension.has(ch)) units += 2;
    else {
      const length = text.length;
      return { encoding: 'UCS-2', parts: length <= 70 ? 1 : Math.ceil(length / 67) };
    }
  }
  return { encoding: 'GSM-7', parts: units <= 160 ? 1 : Math.ceil(units / 153) };
}
