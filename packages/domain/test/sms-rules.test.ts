import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import {
  businessVariableCount,
  campaignMayChange,
  fitVariable,
  headerFitsCategory,
  inSmsWindow,
  nextSmsWindowStart,
  SMS_RECEIPT_WATCH_MS,
  smsSegments,
  textFitsTemplate,
} from '../src/sms';

describe('SMS rules', () => {
  it('counts segments as the networks do (GSM-7 160/153, UCS-2 70/67, extension characters twice)', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, parts: 1 });
    expect(smsSegments('a'.repeat(161)).parts).toBe(2);
    expect(smsSegments('a'.repeat(306)).parts).toBe(2);
    expect(smsSegments('a'.repeat(307)).parts).toBe(3);
    expect(smsSegments('{'.repeat(80))).toEqual({ encoding: 'GSM-7', characters: 160, parts: 1 });
    expect(smsSegments('{'.repeat(81)).parts).toBe(2);
    expect(smsSegments(`Offer ₹50 ${'a'.repeat(60)}`)).toEqual({
      encoding: 'UCS-2',
      characters: 70,
      parts: 1,
      unicodeCulprit: '₹',
    });
    expect(smsSegments(`Offer ₹50 ${'a'.repeat(61)}`).parts).toBe(2);
    expect(smsSegments('नमस्ते').encoding).toBe('UCS-2');
  });

  it('counts plain text on its fast path exactly as the library does', () => {
    const alphabet = 'ABCxyz019 \n!"#$%&\'()*+,-./:;<=>?@_';
    for (const length of [0, 1, 70, 159, 160, 161, 305, 306, 307, 459, 460, 1000]) {
      const text = Array.from({ length }, (_, i) => alphabet[(i * 7) % alphabet.length]).join('');
      const message = new SegmentedMessage(text, 'auto');
      expect(smsSegments(text), String(length)).toEqual({
        encoding: message.encodingName,
        characters: message.numberOfCharacters,
        parts: Math.max(1, message.segmentsCount),
      });
    }
  });

  it('matches a text against its DLT template: fixed text exact, variables up to 30 characters on one line', () => {
    const template = 'Dear {#var#}, your order {#var#} is ready.';
    expect(textFitsTemplate(template, 'Dear Asha, your order A-17 is ready.')).toBe(true);
    expect(textFitsTemplate(template, 'Dear Asha, your order A-17 is ready!')).toBe(false);
    expect(textFitsTemplate(template, `Dear ${'x'.repeat(30)}, your order A is ready.`)).toBe(true);
    expect(textFitsTemplate(template, `Dear ${'x'.repeat(31)}, your order A is ready.`)).toBe(false);
    expect(textFitsTemplate(template, 'Dear A\nB, your order A is ready.')).toBe(false);
    expect(textFitsTemplate(template, `Dear ${'नमस्ते'.repeat(5)}, your order A is ready.`)).toBe(true);
    expect(fitVariable('Sri Venkateswara Enterprises and Sons')).toBe('Sri Venkateswara Enterprises');
  });

  it('checks the header’s form against its category', () => {
    expect(headerFitsCategory('123456', 'promotional')).toBe(true);
    expect(headerFitsCategory('KUMARS', 'promotional')).toBe(false);
    expect(headerFitsCategory('KUMARS', 'transactional')).toBe(true);
    expect(headerFitsCategory('KUMAR1', 'service-explicit')).toBe(false);
    expect(businessVariableCount('Sale {#var#}\nOpt out: {#var#}', 'promotional')).toBe(1);
  });

  it('keeps promotional sends to 10:00–21:00 India time', () => {
    expect(inSmsWindow(new Date('2026-11-20T04:30:00Z'))).toBe(true); // 10:00 IST
    expect(inSmsWindow(new Date('2026-11-20T15:29:59Z'))).toBe(true); // 20:59:59 IST
    expect(inSmsWindow(new Date('2026-11-20T15:30:00Z'))).toBe(false); // 21:00 IST
    expect(nextSmsWindowStart(new Date('2026-11-20T16:00:00Z')).toISOString()).toBe('2026-11-21T04:30:00.000Z');
    expect(nextSmsWindowStart(new Date('2026-11-20T20:00:00Z')).toISOString()).toBe('2026-11-21T04:30:00.000Z'); // 01:30 IST
    expect(nextSmsWindowStart(new Date('2026-11-20T02:00:00Z')).toISOString()).toBe('2026-11-20T04:30:00.000Z'); // 07:30 IST
  });

  it('says a campaign can still change while it sends, and for a while after it ended with receipts to come', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    const progress = { queued: 0, submitted: 0, delivered: 3, failed: 0, expired: 0, cancelled: 0 };
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    const campaign = { status: 'completed' as const, progress, completedAt: at(1000), confirmedAt: at(60_000) };
    for (const status of ['running', 'waiting-for-window', 'scheduled'] as const)
      expect(campaignMayChange({ ...campaign, status, completedAt: null }, now)).toBe(true);
    // Every receipt in: nothing more will come.
    expect(campaignMayChange(campaign, now)).toBe(false);
    const awaiting = { ...campaign, progress: { ...progress, submitted: 2, delivered: 1 } };
    expect(campaignMayChange(awaiting, now)).toBe(true);
    expect(campaignMayChange({ ...awaiting, status: 'cancelled' }, now)).toBe(true);
    expect(campaignMayChange({ ...awaiting, completedAt: at(SMS_RECEIPT_WATCH_MS + 1) }, now)).toBe(false);
    // Paused, so never ended: watched from its confirmation.
    expect(campaignMayChange({ ...awaiting, status: 'paused', completedAt: null }, now)).toBe(true);
    expect(
      campaignMayChange({ ...awaiting, status: 'paused', completedAt: null, confirmedAt: at(SMS_RECEIPT_WATCH_MS + 1) }, now),
    ).toBe(false);
  });
});
