import {
  type CampaignChannel,
  channelUsesSms,
  channelUsesWhatsApp,
  DLT_VARIABLE_MAX_CHARS,
  SMS_MESSAGES,
  fillDltTemplate,
  SMS_OPT_OUT_TOKEN_LENGTH,
  type DltTemplate,
  type SmsAudience,
  type SmsCampaignDraft,
  type SmsCampaignInput,
  type SmsContactField,
  type SmsVariable,
  type WhatsAppTemplate,
} from '@aaspaas/domain';

/** The campaign being written, step by step. `scheduledAt` is the datetime-local text of the schedule field. */
export type WizardState = {
  name: string;
  /** sms, whatsapp, or whatsapp-first (WhatsApp to those who opted in, SMS to the rest). */
  channel: CampaignChannel;
  audienceKind: SmsAudience['kind'];
  tags: string[];
  templateId: string;
  variables: SmsVariable[];
  whatsappTemplateId: string;
  whatsappVariables: SmsVariable[];
  when: 'now' | 'later';
  scheduledAt: string;
};

export const WIZARD_STEPS = ['audience', 'message', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** A new campaign; a business with one approved template has it chosen already (one tap less). */
export function emptyWizard(templates: readonly Pick<DltTemplate, 'id' | 'variableCount'>[] = []): WizardState {
  const only = templates.length === 1 ? templates[0] : undefined;
  return {
    name: '',
    channel: 'sms',
    audienceKind: 'all',
    tags: [],
    templateId: only?.id ?? '',
    variables: variablesFor(only, []),
    whatsappTemplateId: '',
    whatsappVariables: [],
    when: 'now',
    scheduledAt: '',
  };
}

/**
 * A template's text as a customer would read it: the business's variables filled (a contact field by
 * `fieldValue`), and a promotional template's last variable, the opt-out link we add per customer, by a
 * link of the same length, so the sample counts the same parts as the real message.
 */
export function sampleText(
  template: Pick<DltTemplate, 'text' | 'category' | 'variableCount'>,
  variables: SmsVariable[],
  fieldValue: (field: SmsContactField) => string,
  origin: string,
): string {
  const values = variables.slice(0, template.variableCount).map((v) => (v.kind === 'text' ? v.value : fieldValue(v.field)));
  while (values.length < template.variableCount) values.push('');
  if (template.category === 'promotional') values.push(`${origin}/o/${'x'.repeat(SMS_OPT_OUT_TOKEN_LENGTH)}`);
  return fillDltTemplate(template.text, values);
}

/** Variables for a newly chosen template: what was filled in is kept by position, the rest starts as empty text. */
export function variablesFor(template: Pick<DltTemplate, 'variableCount'> | undefined, previous: SmsVariable[]): SmsVariable[] {
  return Array.from({ length: template?.variableCount ?? 0 }, (_, i) => previous[i] ?? { kind: 'text', value: '' });
}

export function audienceOf(state: WizardState): SmsAudience {
  return state.audienceKind === 'tags' ? { kind: 'tags', tags: state.tags } : { kind: 'all' };
}

/** datetime-local text ('2026-11-26T10:30', the phone's own time) as an ISO instant, or null when empty or unreadable. */
export function scheduleInstant(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The WhatsApp template's body as a customer reads it, its `{{n}}` filled as the SMS sample's variables are. */
export function whatsappSampleText(
  template: Pick<WhatsAppTemplate, 'body'>,
  variables: SmsVariable[],
  fieldValue: (field: SmsContactField) => string,
): string {
  const values = variables.map((v) => (v.kind === 'text' ? v.value : fieldValue(v.field)));
  return template.body.replace(/\{\{(\d{1,2})\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

export function campaignDraft(state: WizardState): SmsCampaignDraft {
  const sms = channelUsesSms(state.channel);
  const whatsapp = channelUsesWhatsApp(state.channel);
  return {
    channel: state.channel,
    templateId: sms ? state.templateId || null : null,
    audience: audienceOf(state),
    variables: sms ? state.variables : [],
    whatsappTemplateId: whatsapp ? state.whatsappTemplateId || null : null,
    whatsappVariables: whatsapp ? state.whatsappVariables : [],
  };
}

export function campaignInput(state: WizardState): SmsCampaignInput {
  return {
    ...campaignDraft(state),
    name: state.name.trim(),
    scheduledAt: state.when === 'later' ? scheduleInstant(state.scheduledAt) : null,
  };
}

export type WizardErrorKey =
  | 'nameRequired'
  | 'tagsRequired'
  | 'audienceEmpty'
  | 'templateRequired'
  | 'whatsappTemplateRequired'
  | 'variableRequired'
  | 'variableTooLong'
  | 'variableOneLine'
  | 'scheduleRequired'
  | 'schedulePast';

/** What keeps a step from going on, field by field (`variables.0`, …); empty when the step is complete. */
export function stepErrors(
  step: WizardStep,
  state: WizardState,
  { audienceCount, now = new Date() }: { audienceCount?: number; now?: Date } = {},
): Record<string, WizardErrorKey> {
  const errors: Record<string, WizardErrorKey> = {};
  if (step === 'audience') {
    if (!state.name.trim()) errors.name = 'nameRequired';
    if (state.audienceKind === 'tags' && state.tags.length === 0) errors.tags = 'tagsRequired';
    else if (audienceCount === 0) errors.audience = 'audienceEmpty';
  }
  if (step === 'message') {
    const check = (variables: SmsVariable[], field: string) =>
      variables.forEach((v, i) => {
        if (v.kind !== 'text') return;
        const value = v.value.trim();
        if (!value) errors[`${field}.${i}`] = 'variableRequired';
        else if ([...value].length > DLT_VARIABLE_MAX_CHARS) errors[`${field}.${i}`] = 'variableTooLong';
        else if (/[\r\n]/.test(value)) errors[`${field}.${i}`] = 'variableOneLine';
      });
    if (channelUsesSms(state.channel)) {
      if (!state.templateId) errors.templateId = 'templateRequired';
      check(state.variables, 'variables');
    }
    if (channelUsesWhatsApp(state.channel)) {
      if (!state.whatsappTemplateId) errors.whatsappTemplateId = 'whatsappTemplateRequired';
      check(state.whatsappVariables, 'whatsappVariables');
    }
  }
  if (step === 'review' && state.when === 'later') {
    const at = scheduleInstant(state.scheduledAt);
    if (!at) errors.scheduledAt = 'scheduleRequired';
    else if (new Date(at).getTime() <= now.getTime()) errors.scheduledAt = 'schedulePast';
  }
  return errors;
}

/** The contracts' own sentences for what the server would refuse too; choosing a template is the form's alone. */
export const WIZARD_ERROR_MESSAGES: Record<Exclude<WizardErrorKey, 'templateRequired' | 'whatsappTemplateRequired'>, string> = {
  nameRequired: SMS_MESSAGES.campaignNameRequired,
  tagsRequired: SMS_MESSAGES.tagsRequired,
  audienceEmpty: SMS_MESSAGES.audienceEmpty,
  variableRequired: SMS_MESSAGES.variableRequired,
  variableTooLong: SMS_MESSAGES.variableTooLong,
  variableOneLine: SMS_MESSAGES.variableOneLine,
  scheduleRequired: SMS_MESSAGES.scheduleInvalid,
  schedulePast: SMS_MESSAGES.scheduleInPast,
};
