import { describe, expect, it } from 'vitest';
import {
  fillWhatsAppBody,
  indianMobileFromWaId,
  isWhatsAppStopReply,
  postReferenceIn,
  whatsappPostReference,
  whatsappVariableCount,
} from '../src/whatsapp/rules';

describe('WhatsApp rules', () => {
  it('counts and fills a template body’s {{n}} variables', () => {
    expect(whatsappVariableCount('Namaste {{1}}! {{2}} and {{2}} again')).toBe(2);
    expect(whatsappVariableCount('No variables')).toBe(0);
    expect(fillWhatsAppBody('Namaste {{1}}! {{2}}', ['Asha', 'Sarees at ₹499'])).toBe('Namaste Asha! Sarees at ₹499');
    expect(fillWhatsAppBody('{{1}} {{3}}', ['a'])).toBe('a {{3}}');
  });

  it('knows a STOP in its usual spellings, and nothing else', () => {
    for (const text of ['STOP', ' stop ', 'Stop promotions', 'unsubscribe', 'बंद']) expect(isWhatsAppStopReply(text)).toBe(true);
    for (const text of ['Do you stop by Sunday?', 'stopped', '']) expect(isWhatsAppStopReply(text)).toBe(false);
  });

  it('reads an Indian mobile from a WhatsApp id', () => {
    expect(indianMobileFromWaId('919812345678')).toBe('9812345678');
    expect(indianMobileFromWaId('14155550123')).toBeNull();
  });

  it('ties a message to a post by the reference the enquiry carries', () => {
    const id = '1234abcd-0000-4000-8000-000000000000';
    const ref = whatsappPostReference(id);
    expect(ref).toBe('Ref P-1234abcd');
    expect(postReferenceIn(`Hi, is it still there? ${ref}`)).toBe('1234abcd');
    expect(postReferenceIn('ref p-1234ABCD')).toBe('1234abcd');
    expect(postReferenceIn('Ref P-1234')).toBeNull();
  });
});
