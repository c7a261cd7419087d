import { PRODUCT_NAME, SMS_MESSAGES } from '@aaspaas/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const TokenParams = z.object({ token: z.string().max(100) });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small page of its own: the link opens on any phone's browser, without the web app's bundle. */
function page(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(SMS_MESSAGES.optOutTitle)} · ${PRODUCT_NAME}</title></head>` +
        `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main>${body}</main></body></html>`,
    );
}

/**
 * The opt-out link of a promotional SMS (`/o/{token}`, signed for its recipient). GET only asks, so a
 * link preview or scanner opening it changes nothing; the button's POST opts the number out.
 */
const optOutRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // The page's form posts no fields; its urlencoded body is read as nothing.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  fastify.get(
    '/:token',
    { config: { access: 'public' }, schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const valid = fastify.smsOptOutTokens.open(request.params.token) !== null;
      if (!valid) return page(reply, 404, `<p>${escapeHtml(SMS_MESSAGES.optOutInvalid)}</p>`);
      return page(
        reply,
        200,
        `<h1>${escapeHtml(SMS_MESSAGES.optOutTitle)}</h1><p>${escapeHtml(SMS_MESSAGES.optOutQuestion)}</p>` +
          `<form method="post"><button type="submit" style="min-height:48px;padding:0 1.5rem;font-size:1rem">${escapeHtml(SMS_MESSAGES.optOutButton)}</button></form>`,
      );
    },
  );

  fastify.post(
    '/:token',
    { config: { access: 'public' }, schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const done = await fastify.smsSender.optOutByToken(request.params.token);
      if (!done) return page(reply, 404, `<p>${escapeHtml(SMS_MESSAGES.optOutInvalid)}</p>`);
      return page(reply, 200, `<h1>${escapeHtml(SMS_MESSAGES.optOutTitle)}</h1><p>${escapeHtml(SMS_MESSAGES.optOutDone)}</p>`);
    },
  );
};

export default optOutRoutes;
