import { CONSENT_CODE_TTL_MINUTES, type ConsentCodePurpose } from '@aaspaas/domain';
import type { Env } from '#src/config/env';
import type { OtpMessage } from './otp-sender';

/** DLT caps a template variable at 30 characters; a longer business name is cut to fit. */
export const DLT_VARIABLE_MAX_CHARS = 30;

const fit = (value: string) => Array.from(value).slice(0, DLT_VARIABLE_MAX_CHARS).join('').trim();

/**
 * The registered templates, {#var#} being the code then the business's name. Their wording is fixed
 * by their DLT registration: change one here only together with its template ID.
 */
export const CONSENT_CODE_TEMPLATES: Record<ConsentCodePurpose, string> = {
  join: `{#var#} is your Aaspaas code to join {#var#}'s offers. It expires in ${CONSENT_CODE_TTL_MINUTES} minutes.`,
  'opt-out': `{#var#} is your Aaspaas code to stop {#var#}'s messages. It expires in ${CONSENT_CODE_TTL_MINUTES} minutes.`,
};

/** The SMS that carries a code for one form of one business's page. */
export function consentCodeSms(
  config: Pick<Env, 'SMS_OTP_HEADER' | 'SMS_ENTITY_ID' | 'SMS_OTP_TEMPLATE_ID' | 'SMS_OTP_OPT_OUT_TEMPLATE_ID'>,
  input: { purpose: ConsentCodePurpose; code: string; businessName: string; mobileNumber: string; idempotencyKey: string },
): OtpMessage {
  const values = [input.code, fit(input.businessName)];
  const text = CONSENT_CODE_TEMPLATES[input.purpose].replace(/\{#var#\}/g, () => values.shift() ?? '');
  return {
    to: `91${input.mobileNumber}`,
    text,
    header: config.SMS_OTP_HEADER,
    entityId: config.SMS_ENTITY_ID,
    templateId: input.purpose === 'join' ? config.SMS_OTP_TEMPLATE_ID : config.SMS_OTP_OPT_OUT_TEMPLATE_ID,
    idempotencyKey: input.idempotencyKey,
  };
}
