import { ErrorResponseSchema, SMS_MESSAGES } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { DLR_MAX_REPORTS, DLR_SIGNATURE_HEADER, dlrAuthentic, parseDlrBody } from '#src/plugins/app/sms/gateways/http-dlr';

const RAW_BODY_LIMIT = 512 * 1024;

/** The HTTP gateway's delivery reports (docs/product.md §12, ADR 021). */
const dlrRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // The signature covers the exact bytes sent: this plugin keeps the bodies raw (JSON or MSG91's form-encoded v2).
  for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
    fastify.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: RAW_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
  }

  fastify.post(
    '/',
    {
      config: { access: 'public' },
      bodyLimit: RAW_BODY_LIMIT,
      schema: {
        tags: ['sms'],
        summary: 'Delivery reports of the HTTP SMS gateway (MSG91-style)',
        description:
          `Authenticated by SMS_HTTP_DLR_SECRET: ${DLR_SIGNATURE_HEADER} the hex HMAC-SHA256 of the raw body with it, or, for a ` +
          'gateway that can only be given a URL, ?token=<the secret> (401 otherwise; nothing changes). The body is one ' +
          "report { requestId, status, desc?, failedReason? }, a list of them, or MSG91 v2's { data: [{ requestId, report: " +
          `[{ status, desc }] }] } (JSON, or form-encoded with data as a JSON string); at most ${DLR_MAX_REPORTS} reports. ` +
          'Status 1/DELIVERED → delivered; 2, 9, 16, 17, 25, FAILED, REJECTED, NDNC, BLOCKED → failed (refunded once); ' +
          'EXPIRED → expired (refunded once); interim states are ignored. A report for an unknown request id is ' +
          'acknowledged with 200 and ignored, and a repeated report changes nothing, so the gateway never retries forever. ' +
          'When the reports cannot be saved (the database failing), 503 and nothing of them changed: the gateway sends them again.',
        headers: z.looseObject({ [DLR_SIGNATURE_HEADER]: z.string().max(256).optional() }),
        querystring: z.object({ token: z.string().max(256).optional() }),
        response: {
          200: z.object({
            accepted: z.number().int().describe('Final reports handed on (delivered, failed, expired)'),
            ignored: z.number().int().describe('Interim reports (sent, pending) left aside'),
          }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const authentic = dlrAuthentic({
        secret: fastify.config.SMS_HTTP_DLR_SECRET,
        body,
        signature: request.headers[DLR_SIGNATURE_HEADER],
        token: request.query.token,
      });
      if (!authentic) throw new AppError('UNAUTHORIZED', SMS_MESSAGES.dlrUnauthorized);
      if (!Buffer.isBuffer(request.body)) throw AppError.badRequest('Send the reports as application/json');
      const parsed = parseDlrBody(body, request.headers['content-type']);
      if (!parsed.ok) throw AppError.badRequest(parsed.error);
      // The same path as SMPP receipts: only a submitted message changes, so a repeat refunds nothing twice.
      // Handed on together, so a gateway's batch is applied in one of the sender's batches, not one each.
      const saved = await Promise.all(parsed.reports.map((report) => fastify.smsSender.applyReport(report)));
      // A 200 tells the gateway to forget them: only once every batch they went into was saved.
      if (saved.includes(false)) throw new AppError('SERVICE_UNAVAILABLE', SMS_MESSAGES.dlrNotSaved);
      return { accepted: parsed.reports.length, ignored: parsed.ignored };
    },
  );
};

export default dlrRoutes;
