import type { Audience, CampaignInput, SmsTemplate, VariableValue } from '../api/draft-contract';

/** The campaign being written, step by step. `scheduledAt` is the datetime-local text of the schedule field. */
export type WizardState = {
  name: string;
  audienceKind: Audience['kind'];
  tags: string[];
  templateId: string;
  variables: VariableValue[];
  when: 'now' | 'later';
  scheduledAt: string;
};

export const WIZARD_STEPS = ['audience', 'message', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** A variable's most characters: DLT's limit for what one `{#var#}` may carry. */
export const VARIABLE_MAX_CHARS = 30;
const VARIABLE = /\{#var#\}/gi;

export function emptyWizard(): WizardState {
  return { name: '', audienceKind: 'all', tags: [], templateId: '', variables: [], when: 'now', scheduledAt: '' };
}

export function variableCount(text: string): number {
  return text.match(VARIABLE)?.length ?? 0;
}

/** The template's text with each variable filled: fixed text as typed, a contact field by `fieldValue`. */
export function fillTemplate(text: string, variables: VariableValue[], fieldValue: (field: 'name') => string): string {
  let i = 0;
  return text.replace(VARIABLE, () => {
    const v = variables[i++];
    if (!v) return '{#var#}';
    return v.kind === 'text' ? v.value : fieldValue(v.field);
  });
}

/** Variables for a newly chosen template: what was filled in is kept by position, the rest starts as empty text. */
export function variablesFor(template: SmsTemplate | undefined, previous: VariableValue[]): VariableValue[] {
  const n = template ? variableCount(template.text) : 0;
  return Array.from({ length: n }, (_, i) => previous[i] ?? { kind: 'text', value: '' });
}

export function audienceOf(state: WizardState): Audience {
  return state.audienceKind === 'tags' ? { kind: 'tags', tags: state.tags } : { kind: 'all' };
}

/** datetime-local text ('2026-11-26T10:30', the phone's own time) as an ISO instant, or null when empty or unreadable. */
export function scheduleInstant(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function campaignInput(state: WizardState): CampaignInput {
  return {
    name: state.name.trim(),
    templateId: state.templateId,
    audience: audienceOf(state),
    variables: state.variables,
    scheduledAt: state.when === 'later' ? scheduleInstant(state.scheduledAt) : null,
  };
}

export type WizardErrorKey =
  | 'nameRequired'
  | 'tagsRequired'
  | 'audienceEmpty'
  | 'templateRequired'
  | 'variableRequired'
  | 'variableTooLong'
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
    if (!state.templateId) errors.templateId = 'templateRequired';
    state.variables.forEach((v, i) => {
      if (v.kind !== 'text') return;
      if (!v.value.trim()) errors[`variables.${i}`] = 'variableRequired';
      else if ([...v.value].length > VARIABLE_MAX_CHARS) errors[`variables.${i}`] = 'variableTooLong';
    });
  }
  if (step === 'review' && state.when === 'later') {
    const at = scheduleInstant(state.scheduledAt);
    if (!at) errors.scheduledAt = 'scheduleRequired';
    else if (new Date(at).getTime() <= now.getTime()) errors.scheduledAt = 'schedulePast';
  }
  return errors;
}
