import fp from 'fastify-plugin';
import { type Env, loadEnv } from '../../config/env';

declare module 'fastify' {
  interface FastifyInstance {
    config: Env;
  }
}

/** `fastify.config`: the validated environment (tests pass their own through the app options). */
export default fp(
  async (fastify, opts: { env?: Env }) => {
    fastify.decorate('config', opts.env ?? loadEnv());
  },
  { name: 'env' },
);
