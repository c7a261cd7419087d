import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '#src/lib/request-language';
import { OPT_OUT_CSP, optOutPage, type OptOutView } from '#src/plugins/app/sms/opt-out-page';
import { readDevanagariStylesheet } from '#src/plugins/app/web/page-language';

const TokenParams = z.object({ token: z.string().max(100) });

/**
 * The opt-out link of a promotional SMS (`/o/{token}`, signed for its recipient). GET only asks, so a
 * link preview or scanner opening it changes nothing; the button's POST opts the number out.
 */
const optOutRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const devanagariStylesheet = readDevanagariStylesheet(fastify.config.webDistDir);
  const page = (request: FastifyRequest, reply: FastifyReply, view: OptOutView) =>
    reply
      .code(view.kind === 'invalid' ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', OPT_OUT_CSP)
      .header('vary', 'accept-language, cookie')
      .send(optOutPage(view, requestLanguage(request), devanagariStylesheet));

  // The page's form posts no fields; its urlencoded body is read as nothing.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  fastify.get(
    '/:token',
    { config: { access: 'public' }, schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const business = await fastify.smsSender.optOutBusiness(request.params.token);
      return page(request, reply, business === null ? { kind: 'invalid' } : { kind: 'ask', business });
    },
  );

  fastify.post(
    '/:token',
    { config: { access: 'public' }, schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const business = await fastify.smsSender.optOutByToken(request.params.token);
      return page(request, reply, business === null ? { kind: 'invalid' } : { kind: 'done', business });
    },
  );
};

export default optOutRoutes;
