import * as domain from '@aaspaas/domain';
import { AUTH_MESSAGES, CONTACT_NOTES_MAX, ContactInputSchema, MODERATION_MESSAGES } from '@aaspaas/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import english from '@/locales/en/messages.json';
import { configureMessageTranslation, translatedServerMessage } from './api-client';
import { changeLanguage } from './change-language';
import { i18n } from './i18n';
import { translateMessage } from './translate-message';
import { applyPlainValidationMessages, plainValidationMessage } from './zod-messages';

/** Every message of the contracts: the values of each `…_MESSAGES` record the domain exports. */
const CONTRACT_MESSAGES = Object.entries(domain)
  .filter(([name, value]) => name.endsWith('_MESSAGES') && typeof value === 'object' && value !== null)
  .flatMap(([name, record]) =>
    Object.values(record as Record<string, unknown>)
      .filter((message): message is string => typeof message === 'string')
      .map((message) => ({ name, message })),
  );

const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * Sample arguments for every message the domain builds at run time (its functions named `…Message`,
 * and the two below), with the values the Hindi must keep. A new builder without a sample here fails.
 */
const BUILDER_SAMPLES: Record<string, { args: unknown[]; keeps: string[] }[]> = {
  categoryNotYoursMessage: [{ args: [['Kirana', 'Dairy']], keeps: ['Kirana, Dairy'] }],
  controlCharacterMessage: [{ args: ['notes', 'U+0007'], keeps: ['notes', 'U+0007'] }],
  costChangedMessage: [
    { args: [2500], keeps: ['₹25'] },
    { args: [125_050], keeps: ['₹1,250.50'] },
  ],
  codeSentMessage: [{ args: ['9876543210'], keeps: ['98xxxxxx10'] }],
  wrongCodeMessage: [
    { args: [1], keeps: ['1 कोशिश '] },
    { args: [2], keeps: ['2 कोशिशें'] },
    { args: [0], keeps: [] },
  ],
  resendTooSoonMessage: [
    { args: [1], keeps: ['1 सेकंड'] },
    { args: [27], keeps: ['27 सेकंड'] },
  ],
  tooManyCodesMessage: [
    { args: [30_000], keeps: ['1 मिनट'] },
    { args: [25 * 60_000], keeps: ['25 मिनट'] },
  ],
  importOverLimitMessage: [{ args: [19_990, 1_500], keeps: ['1,500', ' 10 ', '20,000'] }],
  joinedMessage: [{ args: ['Sharma Kirana & Sons'], keeps: ['Sharma Kirana & Sons'] }],
  accountSuspendedMessage: [
    { args: ['Fake offers. Repeated'], keeps: ['Fake offers. Repeated'] },
    { args: [null], keeps: [] },
  ],
  notEnoughBalanceMessage: [
    { args: [2500], keeps: ['₹25'] },
    { args: [1_00_00_050], keeps: ['₹1,00,000.50'] },
  ],
  unicodeWarning: [
    { args: ['₹', 2, 1], keeps: ['₹', '2', '1', 'Rs.'] },
    { args: ['é', 3, 2], keeps: ['é', '3', '2'] },
  ],
  searchLimitProblem: [
    { args: [Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ')], keeps: ['8'] },
    { args: ['a'.repeat(60)], keeps: ['40'] },
  ],
};
const BUILDERS = Object.entries(domain).filter(
  ([name, value]) => typeof value === 'function' && (name.endsWith('Message') || name in BUILDER_SAMPLES),
) as [string, (...args: unknown[]) => string | null][];

afterEach(async () => {
  await changeLanguage('en');
});

describe('the API’s messages in the language shown', () => {
  it('leaves English as the server wrote it', () => {
    expect(translateMessage(AUTH_MESSAGES.invalidCredentials)).toBe('Invalid email or password');
  });

  it('shows an auth message in Hindi, a number the server put in it too, and an unknown one as it came', async () => {
    await changeLanguage('hi');
    await i18n.loadNamespaces('messages');
    expect(translateMessage(AUTH_MESSAGES.invalidCredentials)).toBe('ईमेल या पासवर्ड गलत है');
    expect(translateMessage(AUTH_MESSAGES.passwordMin)).toBe('पासवर्ड कम से कम 6 अक्षरों का होना चाहिए');
    expect(translateMessage('Too many requests. Please wait 42 seconds and try again.')).toBe(
      'बहुत ज़्यादा अनुरोध। कृपया 42 सेकंड रुककर फिर से कोशिश करें।',
    );
    expect(translateMessage('A message nobody translated')).toBe('A message nobody translated');
    // zod's own English from the server, after the field's path: a plain "not valid".
    expect(translateMessage('notes: Too big: expected string to have <=1000 characters')).toBe('यह सही नहीं है');
  });

  it('knows every auth message of the contracts, keyed by its exact English text', () => {
    const keys = Object.keys(english);
    for (const message of [...Object.values(AUTH_MESSAGES), MODERATION_MESSAGES.reported, MODERATION_MESSAGES.postNotFound]) {
      expect(keys, message).toContain(message);
    }
    for (const [key, value] of Object.entries(english)) expect(value, 'English says its own key').toBe(key);
  });

  it('shows every message of every contract in Hindi', async () => {
    await changeLanguage('hi');
    await i18n.loadNamespaces('messages');
    expect(CONTRACT_MESSAGES.length).toBeGreaterThan(150);
    const untranslated = CONTRACT_MESSAGES.filter(({ message }) => !DEVANAGARI.test(translateMessage(message)));
    expect(untranslated).toEqual([]);
  });
});

describe('validation messages zod writes itself', () => {
  afterEach(() => {
    z.config({ customError: undefined });
  });

  it('are plain sentences of the messages table, shown in Hindi; a contract’s own message comes first', async () => {
    applyPlainValidationMessages();
    const tooLong = ContactInputSchema.safeParse({
      name: 'सुनीता',
      mobileNumber: '9820011111',
      notes: 'क'.repeat(CONTACT_NOTES_MAX + 1),
    });
    expect(tooLong.error?.issues.map((i) => i.message)).toEqual([`Enter at most ${CONTACT_NOTES_MAX} characters`]);
    const empty = ContactInputSchema.safeParse({ name: '', mobileNumber: '9820011111' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual(['Name and mobile number are required']);
    await changeLanguage('hi');
    await i18n.loadNamespaces('messages');
    expect(translateMessage(`Enter at most ${CONTACT_NOTES_MAX} characters`)).toBe(`ज़्यादा से ज़्यादा ${CONTACT_NOTES_MAX} अक्षर लिखें`);
  });

  it('has a Hindi sentence for each kind of check', async () => {
    const samples = [
      z.string().safeParse(undefined),
      z.string().min(1).safeParse(''),
      z.string().min(3).safeParse('a'),
      z.string().max(2).safeParse('abc'),
      z.number().min(5).safeParse(1),
      z.number().max(5).safeParse(9),
      z.array(z.string()).min(2).safeParse([]),
      z.array(z.string()).max(1).safeParse(['a', 'b']),
      z.email().safeParse('x'),
      z.uuid().safeParse('x'),
      z.enum(['a', 'b']).safeParse('c'),
    ];
    await changeLanguage('hi');
    await i18n.loadNamespaces('messages');
    for (const result of samples) {
      const issue = result.error?.issues[0];
      if (!issue) throw new Error('expected an issue');
      const message = plainValidationMessage({ ...issue, input: issue.input } as Parameters<typeof plainValidationMessage>[0]);
      expect(translateMessage(message), message).toMatch(DEVANAGARI);
    }
  });

  it('shows every message the domain builds at run time in Hindi, with the values the server put in', async () => {
    await changeLanguage('hi');
    await i18n.loadNamespaces('messages');
    expect(BUILDERS.map(([name]) => name).sort()).toEqual(Object.keys(BUILDER_SAMPLES).sort());
    for (const [name, build] of BUILDERS) {
      for (const { args, keeps } of BUILDER_SAMPLES[name] ?? []) {
        const english = build(...args);
        expect(english, name).toEqual(expect.any(String));
        const hindi = translateMessage(english ?? '');
        expect(hindi, english ?? name).not.toBe(english);
        expect(hindi, english ?? name).toMatch(DEVANAGARI);
        for (const value of keeps) expect(hindi, english ?? name).toContain(value);
      }
    }
  });

  it('takes a number, a rupee amount or text only where the key has that kind of placeholder', async () => {
    await changeLanguage('hi');
    await i18n.loadNamespaces('messages');
    // '{{n}}' is a number: a word in its place is some other message, left as it came.
    expect(translateMessage('Enter at least some characters')).toBe('Enter at least some characters');
    expect(translateMessage('Not enough balance: add 25 rupees to your wallet')).toBe(
      'Not enough balance: add 25 rupees to your wallet',
    );
    // Anchored: text around a known message is not that message.
    expect(translateMessage('Note: You have joined A’s customer list. Thanks')).toBe(
      'Note: You have joined A’s customer list. Thanks',
    );
    expect(translateMessage('You have joined Ram’s Dairy’s customer list.')).toBe('आप Ram’s Dairy की ग्राहक सूची में जुड़ गए हैं।');
    // A schema's own message with its limit in it (the admin's page editor).
    expect(translateMessage(`A page must be at most ${domain.SITE_PAGE_BODY_MAX} characters`)).toBe(
      `एक पेज ज़्यादा से ज़्यादा ${domain.SITE_PAGE_BODY_MAX} अक्षरों का हो सकता है`,
    );
  });

  it('shows a successful answer’s message in Hindi once the app has installed the translator', async () => {
    await changeLanguage('hi');
    await i18n.loadNamespaces('messages');
    configureMessageTranslation(translateMessage);
    try {
      expect(translatedServerMessage(domain.joinedMessage('Sharma Kirana'))).toBe('आप Sharma Kirana की ग्राहक सूची में जुड़ गए हैं।');
      expect(translatedServerMessage(domain.codeSentMessage('9876543210'))).toBe('हमने 98xxxxxx10 पर SMS से 6 अंकों का कोड भेजा है।');
    } finally {
      configureMessageTranslation((message) => message);
    }
  });
});
