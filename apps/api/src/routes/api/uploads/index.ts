import multipart from '@fastify/multipart';
import { ErrorResponseSchema, UploadResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#src/lib/app-error';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

/** One photo per upload request. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  noFile: 'Choose a photo to upload.',
  tooLarge: `This photo is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one.`,
  oneFile: 'Send one photo at a time.',
  interrupted: 'The upload was interrupted. Please try again.',
} as const;

/** @fastify/multipart's limits other than the file size: a form with more parts than one photo needs. */
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

const uploadsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // multipart/form-data here only (the handler reads the stream with request.file()): registered
  // for the whole app, @fastify/multipart adds two async hooks and a listener to every request.
  // Tight limits: one file, a few small fields, so a crafted form cannot hold the parser busy.
  await fastify.register(multipart, {
    limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 5, fieldNameSize: 100, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });
  fastify.post(
    '/',
    {
      config: { access: 'business' },
      preHandler: fastify.uploadLimit,
      schema: {
        tags: ['uploads'],
        summary: 'Upload one photo (multipart field "file", JPG/PNG/WebP, up to 10 MB)',
        consumes: ['multipart/form-data'],
        response: {
          201: UploadResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          413: ErrorResponseSchema,
          429: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw AppError.badRequest(UPLOAD_MESSAGES.noFile);
      let bytes: Buffer | undefined;
      try {
        // Every part is read: a second file is refused rather than silently dropped.
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (bytes) throw AppError.badRequest(UPLOAD_MESSAGES.oneFile);
          bytes = await part.toBuffer();
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
        if (code && TOO_MANY_PARTS.has(code)) throw AppError.badRequest(UPLOAD_MESSAGES.oneFile);
        // A phone that lost its signal mid-upload: nobody is left to answer, and nothing of ours failed.
        if (request.raw.aborted || code === 'ECONNRESET' || code === 'FST_MP_PREMATURE_CLOSE') {
          request.log.info('upload abandoned by the client');
          throw AppError.badRequest(UPLOAD_MESSAGES.interrupted);
        }
        throw error;
      }
      if (!bytes) throw AppError.badRequest(UPLOAD_MESSAGES.noFile);
      if (bytes.length === 0) throw AppError.badRequest(UPLOAD_MESSAGES.noFile);
      const stored = await fastify.uploadsService.save(user.id, bytes);
      return reply.code(201).send(stored);
    },
  );
};
export default uploadsRoutes;
