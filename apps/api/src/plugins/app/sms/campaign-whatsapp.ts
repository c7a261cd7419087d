import { fillWhatsAppBody, SMS_MESSAGES, type SmsVariable, WHATSAPP_MESSAGES, whatsappVariableCount } from '@aaspaas/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client';
import { whatsappConnections, whatsappTemplates, type WhatsAppTemplateRow } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import type { Recipient } from './campaign-audience';
import { variableValue } from './campaign-render';

/**
 * The business's approved WhatsApp template for a campaign (ADR 050), checked as the send will need
 * it: the number connected, the template approved by Meta, one value per `{{n}}`.
 */
export async function whatsappTemplateFor(
  executor: Executor,
  userId: string,
  templateId: string | null,
  variables: readonly SmsVariable[],
): Promise<WhatsAppTemplateRow> {
  const [connected] = await executor
    .select({ userId: whatsappConnections.userId })
    .from(whatsappConnections)
    .where(eq(whatsappConnections.userId, userId))
    .limit(1);
  if (!connected) throw AppError.badRequest(WHATSAPP_MESSAGES.notConnected, { field: 'whatsappTemplateId' });
  if (!templateId) throw AppError.badRequest(SMS_MESSAGES.whatsappTemplateRequired, { field: 'whatsappTemplateId' });
  const [template] = await executor
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.userId, userId), eq(whatsappTemplates.id, templateId)))
    .limit(1);
  if (!template) throw AppError.badRequest(SMS_MESSAGES.whatsappTemplateRequired, { field: 'whatsappTemplateId' });
  if (template.status !== 'APPROVED') {
    throw AppError.badRequest(SMS_MESSAGES.whatsappTemplateNotApproved, { field: 'whatsappTemplateId' });
  }
  if (variables.length !== whatsappVariableCount(template.body)) {
    throw AppError.badRequest(SMS_MESSAGES.whatsappVariablesCount, { field: 'whatsappVariables' });
  }
  return template;
}

export type RenderedWhatsApp = { params: string[]; text: string };

/**
 * One recipient's template parameters and the body as they will read it; each distinct name rendered
 * once (a bounded cache, as the SMS renderer's).
 */
export function createWhatsAppRenderer(
  body: string,
  variables: readonly SmsVariable[],
): (recipient: Pick<Recipient, 'name'>) => RenderedWhatsApp {
  const byName = variables.some((v) => v.kind === 'field');
  const cache = new Map<string, RenderedWhatsApp>();
  return (recipient) => {
    const key = byName ? recipient.name : '';
    let rendered = cache.get(key);
    if (!rendered) {
      const params = variables.map((v) => variableValue(v, recipient));
      rendered = { params, text: fillWhatsAppBody(body, params) };
      if (!byName || cache.size < 10_000) cache.set(key, rendered);
    }
    return rendered;
  };
}
