import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Language, LocateResponse } from '@aaspaas/domain';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { rateBudget } from '#src/lib/rate-budget';
import { requestLanguage } from '#src/lib/request-language';
import { CACHES } from '../cache/invalidation-service';
import { readVisitorId } from '../visitor/visitor-id';
import { type EncodedPage, encodedPage } from './encoded-page';
import { createFirstScreenCache } from './first-screen-cache';
import { firstFeedPageBlock, firstFeedQuery, guessedPoint, ipGuessBlock } from './feed-html-data';
import { loadFirstScreen, withFirstScreen } from './first-screen';
import { inLanguage, readDevanagariStylesheet } from './page-language';
import { type OgMeta, businessMeta, defaultMeta, injectIntoHead, injectMeta, postMeta } from './og-meta';

const uuid = z.uuid();

/** A feed page built without its first page (the database failing): sent, never kept for its place. */
class FeedPageIncomplete extends Error {
  constructor(readonly html: string) {
    super("the feed's first page is missing from its HTML");
  }
}

/**
 * The app's pages: for any GET that no file or API route answers, the built index.html with Open
 * Graph tags for shared post and business links; for the feed (`/`) also the visitor's IP guess and
 * first page as data blocks (feed-html-data.ts) and the first screen drawn from them (first-screen.ts),
 * kept per place for first visits (first-screen-cache.ts).
 */
export default fp(
  async (fastify) => {
    const { webDistDir, publicOrigin } = fastify.config;
    const indexFile = path.join(webDistDir, 'index.html');
    // Without a build only the API is served (the web-assets plugin says so in the log).
    if (!fs.existsSync(indexFile)) return;
    const template = fs.readFileSync(indexFile, 'utf8');
    const devanagariStylesheet = readDevanagariStylesheet(webDistDir);
    const renderFirstScreen = await loadFirstScreen(fastify.config.webFirstScreenModule, fastify.log);

    async function metaFor(request: FastifyRequest, origin: string, language: Language): Promise<OgMeta> {
      const url = new URL(request.url, origin);
      const postId = url.searchParams.get('post');
      if (url.pathname === '/' && postId && uuid.safeParse(postId).success) {
        const post = await fastify.feedRepository.byId(postId).catch(() => null);
        if (post) return postMeta(origin, post, language);
      }
      const businessMatch = /^\/business\/([^/]+)\/?$/.exec(url.pathname);
      if (businessMatch?.[1] && uuid.safeParse(businessMatch[1]).success) {
        const userId = businessMatch[1];
        const business = await fastify.businessRepository.publicProfile(userId).catch(() => null);
        if (business) {
          const [first] = await fastify.feedRepository.byBusiness(userId, { limit: 1, offset: 0 });
          return businessMeta(origin, business, first?.images[0] ?? null, language);
        }
      }
      return defaultMeta(`${origin}${url.pathname === '/' ? '/' : url.pathname}`, language);
    }

    /** The first page for an IP guess as a data block, and the first screen drawn from it. */
    async function firstScreenFor(guess: LocateResponse, language: Language, visitorId?: string) {
      const point = guessedPoint(guess);
      const page = await fastify.feedRepository.feed(firstFeedQuery(point), visitorId);
      const firstPage = { point, posts: page.posts, nextCursor: page.nextCursor };
      return {
        pageBlock: firstFeedPageBlock(firstPage),
        markup: renderFirstScreen ? renderFirstScreen({ ipGuess: guess, page: firstPage, language }) : null,
      };
    }
    const firstScreens = createFirstScreenCache<Awaited<ReturnType<typeof firstScreenFor>>>(fastify.config.FIRST_SCREEN_CACHE_MS);
    /** `/` itself for a first visit per place, whole and encoded (ADR 018): the same bytes for every such request. */
    const firstVisitPages = createFirstScreenCache<EncodedPage>(fastify.config.FIRST_SCREEN_CACHE_MS);
    // A hidden or deleted post leaves every process's first screens at once (ADR 046).
    fastify.invalidationService.subscribe(CACHES.firstScreens, () => {
      firstScreens.clear();
      firstVisitPages.clear();
    });

    /** The feed's HTML: `html` with the IP guess and, when they can be read, the first page and its first screen. */
    async function feedPage(
      html: string,
      guess: LocateResponse,
      language: Language,
      visitorId: string | undefined,
      url: URL,
      request: FastifyRequest,
    ) {
      const blocks = [ipGuessBlock(guess)];
      try {
        // A visitor's own page says which posts they liked: only a first visit (no visitor id yet,
        // most of those that reach GET /) shares the page of its place. The key is everything the
        // page and its markup are made from: the guess and the language.
        const firstScreen =
          visitorId === undefined
            ? await firstScreens.get(JSON.stringify([language, guess]), () => firstScreenFor(guess, language))
            : await firstScreenFor(guess, language, visitorId);
        blocks.push(firstScreen.pageBlock);
        // A shared post's link shows that post first: the app draws it.
        if (firstScreen.markup && !url.searchParams.has('post')) html = withFirstScreen(html, firstScreen.markup);
      } catch (err) {
        request.log.warn({ err }, "the feed's first page could not be read or drawn into its HTML");
        // Without the page the app asks for it; such a page is not kept for the place.
        return { html: injectIntoHead(html, blocks), complete: false };
      }
      return { html: injectIntoHead(html, blocks), complete: true };
    }

    // Every other GET is a page of the app: index.html. A route, not the not-found handler, so that
    // the route hooks (compression: the feed's HTML carries its first screen) apply to it. Pages and
    // media are not part of the API's document.
    // Per IP and generous (a page is asked once per visit, and many phones share one address): each
    // costs a database read and, for the feed, a server render.
    const pageBudget = rateBudget(fastify, [
      { max: fastify.config.RATE_LIMIT_PAGES_PER_MIN, windowMs: 60_000, key: (req) => `page:ip:${req.ip}` },
    ]);
    fastify.get(
      '/*',
      { schema: { hide: true }, config: { access: 'public' }, preHandler: pageBudget },
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.url.startsWith('/api/') || request.url.startsWith('/media/')) throw AppError.noRoute(request);
        // The configured origin, never the request's Host: these tags are what link previews show.
        const origin = publicOrigin;
        // The visitor id this request came with; a first visit gets its signed id with the page, so
        // the app has one before its first call.
        const visitorId = readVisitorId(request);
        await fastify.visitorIdsService.issue(request, reply);
        // The device's choice, else the browser's: the page, its tags and its first screen are drawn
        // in it, so a Hindi visitor never sees English first. The answer depends on both headers.
        const language = requestLanguage(request);
        reply.header('vary', 'Accept-Language, Cookie');
        const page = async () =>
          injectMeta(inLanguage(template, language, devanagariStylesheet), await metaFor(request, origin, language));
        const url = new URL(request.url, origin);
        if (url.pathname !== '/') {
          const html = await page();
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
        }
        // The feed: with this visitor's IP guess (offline, microseconds) and the first page for it, so
        // a first visit asks for nothing before its first photo (feed-html-data.ts), and drawn with
        // them (first-screen.ts), so that photo shows before the app's code has run. Private: no shared
        // cache in front of the server may keep it (the server keeps a first visit's per place).
        const guess = await fastify.geoService.locate(request.ip);
        reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache');
        if (visitorId === undefined && url.search === '') {
          // A first visit to `/` itself: its whole page is the place's, sent as kept (encoded once).
          let kept: EncodedPage;
          try {
            kept = await firstVisitPages.get(JSON.stringify([language, guess]), async () => {
              const built = await feedPage(await page(), guess, language, undefined, url, request);
              if (!built.complete) throw new FeedPageIncomplete(built.html);
              return encodedPage(built.html);
            });
          } catch (err) {
            if (err instanceof FeedPageIncomplete) return reply.send(err.html);
            throw err;
          }
          const encoded =
            request.headers['x-no-compression'] === undefined ? kept.encodedFor(request.headers['accept-encoding']) : null;
          if (!encoded) return reply.send(kept.html);
          return reply
            .header('content-encoding', encoded.encoding)
            .header('vary', 'accept-language, cookie, accept-encoding')
            .send(encoded.body);
        }
        const built = await feedPage(await page(), guess, language, visitorId, url, request);
        return reply.send(built.html);
      },
    );
  },
  {
    name: 'feed-document-plugin',
    dependencies: ['env', 'geo-service', 'visitor-ids-service', 'feed-repository', 'business-repository', 'invalidation-service'],
  },
);
