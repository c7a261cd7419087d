import {
  DltEntityInputSchema,
  DltHeaderInputSchema,
  DltTemplateInputSchema,
  hasOptOutLine,
  headerFitsCategory,
  SMS_MESSAGES,
  type DltCategory,
  type DltHeader,
} from '@aaspaas/domain';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** The first message of each field the contract refuses, keyed by the field's name. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The entity ID as the server will check it. */
export function validateEntity(entityId: string): FieldErrors {
  const parsed = DltEntityInputSchema.safeParse({ entityId });
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/** A header as the server will check it: its form, then whether the form fits the category. */
export function validateHeader(values: { header: string; category: string }): FieldErrors {
  const parsed = DltHeaderInputSchema.safeParse(values);
  if (!parsed.success) return fieldErrors(parsed.error);
  if (!headerFitsCategory(parsed.data.header, parsed.data.category)) {
    return { header: parsed.data.category === 'promotional' ? SMS_MESSAGES.headerDigits : SMS_MESSAGES.headerLetters };
  }
  return {};
}

/** A template as the server will check it, and that its header is of the same kind (promotional with promotional). */
export function validateTemplate(
  values: { name: string; headerId: string; category: string; text: string; dltTemplateId: string },
  headers: readonly Pick<DltHeader, 'id' | 'category'>[],
): FieldErrors {
  const parsed = DltTemplateInputSchema.safeParse(values);
  if (!parsed.success) return fieldErrors(parsed.error);
  if (parsed.data.category === 'promotional' && !hasOptOutLine(parsed.data.text))
    return { text: SMS_MESSAGES.templateNeedsOptOut };
  const header = headers.find((h) => h.id === values.headerId);
  const promotional = (c: DltCategory) => c === 'promotional';
  if (header && promotional(header.category) !== promotional(parsed.data.category)) {
    return { category: SMS_MESSAGES.templateCategoryMismatch };
  }
  return {};
}
