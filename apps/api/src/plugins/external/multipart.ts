import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** One photo per upload request. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/**
 * multipart/form-data for the upload route only (it reads the stream itself with request.file()).
 * Tight limits: one file, a few small fields, so a crafted form cannot hold the parser busy.
 */
export default fp(
  async (fastify) => {
    await fastify.register(multipart, {
      limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 5, fieldNameSize: 100, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });
  },
  { name: 'multipart' },
);
