import { describe, expect, it } from 'vitest';
import { campaignStartsAt, sendingStartsAt } from './send-window';

const ist = (local: string) => new Date(`${local}+05:30`);

describe('sendingStartsAt', () => {
  it('keeps a promotional time inside 10:00–21:00 India time', () => {
    expect(sendingStartsAt('promotional', ist('2026-11-25T10:00:00'))).toEqual(ist('2026-11-25T10:00:00'));
    expect(sendingStartsAt('promotional', ist('2026-11-25T20:59:59'))).toEqual(ist('2026-11-25T20:59:59'));
  });

  it('moves a promotional 21:30 to the next 10:00 and 02:00 to the same day’s 10:00', () => {
    expect(sendingStartsAt('promotional', ist('2026-11-25T21:30:00'))).toEqual(ist('2026-11-26T10:00:00'));
    expect(sendingStartsAt('service-explicit', ist('2026-11-26T02:00:00'))).toEqual(ist('2026-11-26T10:00:00'));
  });

  it('lets transactional and service-implicit messages go at any hour', () => {
    expect(sendingStartsAt('transactional', ist('2026-11-25T23:00:00'))).toEqual(ist('2026-11-25T23:00:00'));
    expect(sendingStartsAt('service-implicit', ist('2026-11-25T03:00:00'))).toEqual(ist('2026-11-25T03:00:00'));
  });
});

describe('campaignStartsAt', () => {
  const wa = (category: string) => ({ id: 'w', name: 'offer', language: 'en', category, body: 'Hi {{1}}' });
  const sms = { id: 's', name: 'Bill', category: 'transactional' as const, header: 'KUMARS', text: 'x' };

  it('holds a WhatsApp MARKETING template to the window, as a promotional SMS', () => {
    const at = ist('2026-11-25T22:00:00');
    expect(campaignStartsAt({ channel: 'whatsapp', template: null, whatsappTemplate: wa('MARKETING') }, at)).toEqual(
      ist('2026-11-26T10:00:00'),
    );
    expect(campaignStartsAt({ channel: 'whatsapp-first', template: sms, whatsappTemplate: wa('MARKETING') }, at)).toEqual(
      ist('2026-11-26T10:00:00'),
    );
  });

  it('lets a UTILITY template with a transactional SMS go at any hour', () => {
    const at = ist('2026-11-25T22:00:00');
    expect(campaignStartsAt({ channel: 'whatsapp-first', template: sms, whatsappTemplate: wa('UTILITY') }, at)).toEqual(at);
  });
});
