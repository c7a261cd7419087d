import { smsSegments } from '@aaspaas/domain';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** What one message costs on the air: characters as the operator counts them, its encoding and parts. */
export type SmsMeasure = { characters: number; encoding: SmsEncoding; parts: number };

/**
 * GSM-7 stand-ins for the characters shops type most that force a message into Unicode. Characters
 * with no stand-in (Hindi letters, emoji) are left alone: the message is meant to be Unicode then.
 */
const GSM_STAND_INS: Readonly<Record<string, string>> = {
  '₹': 'Rs.',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2022': '-',
};

export function measureSms(text: string): SmsMeasure {
  // An empty text is nothing to send yet: zero parts on the screen.
  if (!text) return { characters: 0, encoding: 'GSM-7', parts: 0 };
  const { characters, encoding, parts } = smsSegments(text);
  return { characters, encoding, parts };
}

/** Why a message is Unicode when a few typed characters alone make it so, and what writing them differently saves. */
export type UnicodeHint = {
  /** The characters at fault, each once, in the order typed ('₹', '’'). */
  culprits: string[];
  /** What to write instead of each culprit, in the same order ('Rs.', "'"). */
  standIns: string[];
  partsNow: number;
  partsWithStandIns: number;
  /** The text with every culprit replaced by its stand-in. */
  fixed: string;
};

/** The hint, or null when the message is GSM-7 already or stays Unicode whatever is replaced (Hindi, emoji). */
export function unicodeHint(text: string): UnicodeHint | null {
  if (!text) return null;
  const now = smsSegments(text);
  if (now.encoding !== 'UCS-2') return null;
  const culprits = [...new Set([...text].filter((c) => smsSegments(c).encoding === 'UCS-2'))];
  if (culprits.some((c) => GSM_STAND_INS[c] === undefined)) return null;
  const fixed = [...text].map((c) => GSM_STAND_INS[c] ?? c).join('');
  return {
    culprits,
    standIns: culprits.map((c) => GSM_STAND_INS[c] as string),
    partsNow: now.parts,
    partsWithStandIns: smsSegments(fixed).parts,
    fixed,
  };
}
