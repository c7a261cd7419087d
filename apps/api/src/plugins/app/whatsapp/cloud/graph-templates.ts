import { WHATSAPP_TEMPLATE_CATEGORIES, type WhatsAppTemplateCategory, isWhatsAppStopReply } from '@aaspaas/domain';
import { z } from 'zod';
import type { CloudTemplate } from './whatsapp-cloud';

const Button = z.looseObject({ type: z.string().max(40), text: z.string().max(200).optional() });
const Component = z.looseObject({
  type: z.string().max(40),
  text: z.string().max(5_000).optional(),
  buttons: z.array(Button).max(20).optional(),
});
/** One template of GET /{waba-id}/message_templates (fields=id,name,language,category,status,components). */
export const GraphTemplateSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().max(512),
  language: z.string().max(20),
  category: z.string().max(40),
  status: z.string().max(40),
  components: z.array(Component).max(20).default([]),
});
export const GraphTemplatePageSchema = z.looseObject({
  data: z.array(z.unknown()).max(1_000),
  paging: z
    .looseObject({ cursors: z.looseObject({ after: z.string().max(500).optional() }).optional(), next: z.string().optional() })
    .optional(),
});

/**
 * A category outside the three (an old TRANSACTIONAL or a new one) is priced as MARKETING, the dearest:
 * the business may pay a little more than Meta charges, never less than the platform pays.
 */
function category(raw: string): WhatsAppTemplateCategory {
  const upper = raw.toUpperCase();
  return (WHATSAPP_TEMPLATE_CATEGORIES as readonly string[]).includes(upper) ? (upper as WhatsAppTemplateCategory) : 'MARKETING';
}

/** A template as we keep it, or null when it has no body text (nothing to fill and show). */
export function toCloudTemplate(raw: unknown): CloudTemplate | null {
  const parsed = GraphTemplateSchema.safeParse(raw);
  if (!parsed.success) return null;
  const t = parsed.data;
  const body = t.components.find((c) => c.type.toUpperCase() === 'BODY')?.text;
  if (!body) return null;
  const buttons = t.components.flatMap((c) => c.buttons ?? []);
  return {
    metaId: t.id,
    name: t.name,
    language: t.language,
    category: category(t.category),
    body,
    status: t.status.toUpperCase(),
    optOutButton: buttons.some((b) => b.type.toUpperCase() === 'QUICK_REPLY' && isWhatsAppStopReply(b.text ?? '')),
  };
}
