import { CONSENT_CODE_MESSAGES } from '@aaspaas/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#src/lib/app-error';
import type { SmsGateway } from '../sms/gateways/sms-gateway';
import { type OtpMessage, type OtpSender, otpSubmission } from './otp-sender';

/**
 * Codes through the configured SMS provider (SMPP or the HTTP gateway), under the platform's DLT
 * registration the message carries. A refusal or a provider that is down is a 503 (the code is then
 * dropped, so the visitor may ask again at once); an unanswered submission may well have arrived, so
 * it counts as sent and the visitor asks again after the resend wait if it did not.
 */
export function createGatewayOtpSender(deps: { gateway: SmsGateway; log: FastifyBaseLogger }): OtpSender {
  return {
    async send(message: OtpMessage) {
      const result = await deps.gateway.submit(otpSubmission(message));
      if (result.ok) {
        deps.log.info(
          { gateway: deps.gateway.name, templateId: message.templateId, providerMessageId: result.providerMessageId },
          'code SMS sent',
        );
        return;
      }
      deps.log.warn(
        { gateway: deps.gateway.name, templateId: message.templateId, kind: result.kind, error: result.error },
        'code SMS not sent',
      );
      if (result.kind !== 'uncertain') throw new AppError('SERVICE_UNAVAILABLE', CONSENT_CODE_MESSAGES.smsUnavailable);
    },
  };
}
