import {
  DLT_VARIABLE,
  fillDltTemplate,
  fitVariable,
  type DltCategory,
  type SmsSegments,
  type SmsVariable,
  smsSegments,
  SMS_OPT_OUT_TOKEN_LENGTH,
  templateMatcher,
} from '@aaspaas/domain';
import { optOutLink } from './opt-out-token';
import type { Recipient } from './campaign-audience';

export type RenderTemplate = { text: string; category: DltCategory };

export function variableValue(variable: SmsVariable, recipient: Pick<Recipient, 'name'>): string {
  if (variable.kind === 'text') return variable.value;
  const name = recipient.name.trim();
  return fitVariable(variable.field === 'firstName' ? (name.split(/\s+/)[0] ?? name) : name);
}

/**
 * One recipient's text: the business's variables in order, then for a promotional template the
 * opt-out link (`token` null: a placeholder of the same length, for previews and costs).
 */
export function renderMessage(
  template: RenderTemplate,
  variables: readonly SmsVariable[],
  recipient: Pick<Recipient, 'name'>,
  origin: string,
  token: string | null,
): string {
  const values = variables.map((v) => variableValue(v, recipient));
  if (template.category === 'promotional') values.push(optOutLink(origin, token ?? 'x'.repeat(SMS_OPT_OUT_TOKEN_LENGTH)));
  return fillDltTemplate(template.text, values);
}

export type Rendered = { text: string; segments: SmsSegments };

/**
 * Renders and checks the messages of one campaign: null when one does not fit its template (a
 * variable over 30 characters or on two lines), which must stop the campaign before anything is
 * charged. The opt-out link is the platform's own variable, so it is checked against the template
 * with the link's line only. The template's check is compiled once, and each distinct set of variable
 * values (a name; one for fixed-text campaigns) rendered and counted once.
 */
export function createRenderer(
  template: RenderTemplate,
  variables: readonly SmsVariable[],
  origin: string,
  token: string | null,
): (recipient: Pick<Recipient, 'name'>) => Rendered | null {
  const checkable = template.category === 'promotional' ? withoutLastVariable(template.text, origin, token) : template.text;
  const fits = checkable === null ? () => false : templateMatcher(checkable);
  const byName = variables.some((v) => v.kind === 'field');
  const cache = new Map<string, Rendered | null>();
  return (recipient) => {
    const key = byName ? recipient.name : '';
    let rendered = cache.get(key);
    if (rendered === undefined) {
      const text = renderMessage(template, variables, recipient, origin, token);
      rendered = fits(text) ? { text, segments: smsSegments(text) } : null;
      // Names seldom repeat in a large audience: a bounded cache keeps the memory flat.
      if (!byName || cache.size < RENDER_CACHE_MAX) cache.set(key, rendered);
    }
    return rendered;
  };
}

const RENDER_CACHE_MAX = 10_000;

/** The template with its last variable (the opt-out link) filled, so the business's variables alone are checked. */
function withoutLastVariable(templateText: string, origin: string, token: string | null): string | null {
  const at = templateText.lastIndexOf(DLT_VARIABLE);
  if (at < 0) return null;
  const link = optOutLink(origin, token ?? 'x'.repeat(SMS_OPT_OUT_TOKEN_LENGTH));
  return templateText.slice(0, at) + link + templateText.slice(at + DLT_VARIABLE.length);
}
