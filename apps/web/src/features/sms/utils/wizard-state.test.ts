import { SMS_MESSAGES, smsSegments } from '@aaspaas/domain';
import { describe, expect, it } from 'vitest';
import { campaignInput, emptyWizard, sampleText, stepErrors, variablesFor, WIZARD_ERROR_MESSAGES } from './wizard-state';

const promo = {
  text: 'Hi {#var#}, {#var#} off at Sharma Kirana today.\nOpt out: {#var#}',
  category: 'promotional' as const,
  variableCount: 2,
};

describe('wizard state', () => {
  it('starts with the only template chosen, and none chosen among several', () => {
    expect(emptyWizard([{ id: 't1', variableCount: 2 }])).toMatchObject({ templateId: 't1', variables: [{}, {}] });
    expect(
      emptyWizard([
        { id: 't1', variableCount: 0 },
        { id: 't2', variableCount: 1 },
      ]).templateId,
    ).toBe('');
  });
  it('refuses each step until it is complete, with the contracts’ sentences', () => {
    const state = { ...emptyWizard(), audienceKind: 'tags' as const };
    expect(stepErrors('audience', state)).toEqual({ name: 'nameRequired', tags: 'tagsRequired' });
    expect(WIZARD_ERROR_MESSAGES.nameRequired).toBe(SMS_MESSAGES.campaignNameRequired);
    expect(stepErrors('audience', { ...state, name: 'Diwali', tags: ['regular'] }, { audienceCount: 0 })).toEqual({
      audience: 'audienceEmpty',
    });
    expect(stepErrors('audience', { ...state, name: 'Diwali', tags: ['regular'] }, { audienceCount: 12 })).toEqual({});
  });

  it('checks each fixed-text variable: filled, at most 30 characters (Hindi counted by letter), one line', () => {
    const variables = [
      { kind: 'text' as const, value: ' ' },
      { kind: 'text' as const, value: 'x'.repeat(31) },
      { kind: 'text' as const, value: 'दिवाली'.repeat(5) },
      { kind: 'field' as const, field: 'name' as const },
    ];
    expect(stepErrors('message', { ...emptyWizard(), templateId: 't1', variables })).toEqual({
      'variables.0': 'variableRequired',
      'variables.1': 'variableTooLong',
    });
    expect(stepErrors('message', emptyWizard())).toEqual({ templateId: 'templateRequired' });
  });

  it('refuses a schedule in the past or unreadable', () => {
    const now = new Date('2026-11-25T12:00:00+05:30');
    const later = { ...emptyWizard(), when: 'later' as const };
    expect(stepErrors('review', { ...later, scheduledAt: '' }, { now })).toEqual({ scheduledAt: 'scheduleRequired' });
    expect(stepErrors('review', { ...later, scheduledAt: '2020-01-01T10:00' }, { now })).toEqual({ scheduledAt: 'schedulePast' });
    expect(stepErrors('review', { ...later, scheduledAt: '2099-01-01T10:00' }, { now })).toEqual({});
    expect(campaignInput({ ...later, scheduledAt: '2099-01-01T10:00' }).scheduledAt).toBe(
      new Date('2099-01-01T10:00').toISOString(),
    );
    expect(campaignInput(emptyWizard()).scheduledAt).toBeNull();
  });

  it('asks only for the business’s variables and fills the opt-out link with one of the real length', () => {
    expect(variablesFor(promo, [])).toEqual([
      { kind: 'text', value: '' },
      { kind: 'text', value: '' },
    ]);
    const text = sampleText(
      promo,
      [
        { kind: 'field', field: 'firstName' },
        { kind: 'text', value: '20%' },
      ],
      (field) => (field === 'firstName' ? 'Meena' : 'Meena Iyer'),
      'https://aaspaas.in',
    );
    expect(text).toBe('Hi Meena, 20% off at Sharma Kirana today.\nOpt out: https://aaspaas.in/o/xxxxxxxxxxxxxxxxxxxx');
    expect(smsSegments(text).parts).toBe(1);
  });
});
