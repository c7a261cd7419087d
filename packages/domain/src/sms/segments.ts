import { SegmentedMessage } from 'sms-segments-calculator';

/** How a text travels as SMS: its encoding, its length as the network counts it, and its parts. */
export type SmsSegments = {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them: a GSM extension character (€, [, {, ~ …) counts twice. */
  characters: number;
  parts: number;
  /** The first character that made the text Unicode (UCS-2), so the composer can offer a plain one. */
  unicodeCulprit?: string;
};

/** Characters of GSM 03.38's basic table that are also ASCII (no extension characters such as [ ] { } ~ ^ | \\). */
const GSM_BASIC_ONLY = /^[A-Za-z0-9 \n\r!"#$%&'()*+,\-./:;<=>?@_]*$/;

/**
 * Segments of an SMS: GSM-7 160 characters for one part and 153 per part after; UCS-2 (Hindi, ₹, emoji,
 * curly quotes) 70 and 67. Counted by `sms-segments-calculator`, a maintained library, rather than by
 * hand; an empty text is one (empty) part.
 */
export function smsSegments(text: string): SmsSegments {
  // Plain English text (GSM-7's basic characters only, one septet each) is counted without the
  // library's grapheme walk, which costs ~1 ms a message; the domain tests hold it to the library's answer.
  if (GSM_BASIC_ONLY.test(text)) {
    const characters = text.length;
    return { encoding: 'GSM-7', characters, parts: characters <= 160 ? 1 : Math.ceil(characters / 153) };
  }
  const message = new SegmentedMessage(text, 'auto');
  const encoding = message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  const result: SmsSegments = {
    encoding,
    characters: message.numberOfCharacters,
    parts: Math.max(1, message.segmentsCount),
  };
  if (encoding === 'UCS-2') {
    const culprit = message.getNonGsmCharacters()[0];
    if (culprit !== undefined) result.unicodeCulprit = culprit;
  }
  return result;
}
