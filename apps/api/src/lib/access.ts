import type { FastifyInstance } from 'fastify';

/** Who may call a route. Every /api route declares one in its `config.access`; start-up fails otherwise. */
export type Access = 'public' | 'business' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function requireAccessDeclarations(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${url} does not declare config.access`);
  });
}
