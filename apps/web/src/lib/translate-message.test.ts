import { AUTH_MESSAGES, MODERATION_MESSAGES } from '@aaspaas/domain';
import { afterEach, describe, expect, it } from 'vitest';
import english from '@/locales/en/messages.json';
import { changeLanguage } from './change-language';
import { i18n } from './i18n';
import { translateMessage } from './translate-message';

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
  });

  it('knows every auth message of the contracts, keyed by its exact English text', () => {
    const keys = Object.keys(english);
    for (const message of [...Object.values(AUTH_MESSAGES), MODERATION_MESSAGES.reported, MODERATION_MESSAGES.postNotFound]) {
      expect(keys, message).toContain(message);
    }
    for (const [key, value] of Object.entries(english)) expect(value, 'English says its own key').toBe(key);
  });
});
