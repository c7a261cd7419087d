import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export default fp(
  async (fastify) => {
    await fastify.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  },
  { name: 'compress' },
);
