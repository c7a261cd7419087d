import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Answers are compressed; request bodies are not decompressed (globalDecompression: false): our
 * clients send small JSON as it is, and the decompression hook would run on every request.
 */
export default fp(
  async (fastify) => {
    await fastify.register(compress, {
      globalCompression: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip', 'deflate'],
    });
  },
  { name: 'compress' },
);
