import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LocateResponse } from '@aaspaas/domain';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { rateBudget } from '#src/lib/rate-budget';
import { UPLOADS_PREFIX, isSafeKey } from '../media/media-keys';
import { readVisitorId } from '../visitor/visitor-id';
import { createFirstScreenCache } from './first-screen-cache';
import { firstFeedPageBlock, firstFeedQuery, guessedPoint, ipGuessBlock } from './feed-html-data';
import { loadFirstScreen, withFirstScreen } from './first-screen';
import { type OgMeta, businessMeta, defaultMeta, injectIntoHead, injectMeta, postMeta } from './og-meta';

const ONE_YEAR_S = 31_536_000;
const IMMUTABLE = `public, max-age=${ONE_YEAR_S}, immutable`;
const uuid = z.uuid();

/**
 * Serves media (uploads from DATA_DIR/media or the S3 bucket, the server's own renders from DATA_DIR/media), the built web app from apps/web/dist, and for any
 * other GET the SPA's index.html with Open Graph tags for shared post and business links (and, for
 * the feed, the visitor's IP guess and first page: feed-html-data.ts).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The feed's cached first screens (ADR 012); moderation clears them so a hidden post goes at once. */
    firstScreens: { clear(): void };
  }
}

export default fp(
  async (fastify) => {
    const { mediaDir, webDistDir, publicOrigin } = fastify.config;
    fs.mkdirSync(mediaDir, { recursive: true });
    await fastify.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      // Media file names never change content: new uploads get new names.
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
    });

    // Uploads in a bucket: streamed from it under the same URLs and headers as files on disk, so
    // posts keep their URLs whatever the storage and a CDN in front of /media caches them alike.
    // (The static route above keeps /media/seed/… and /media/templates/…, which the server renders itself.)
    const storage = fastify.mediaStorage;
    if (storage.kind === 's3') {
      fastify.get(
        `/media/${UPLOADS_PREFIX}*`,
        { schema: { hide: true }, config: { access: 'public' } },
        async (request, reply) => {
          const rest = (request.params as { '*': string })['*'];
          const key = `${UPLOADS_PREFIX}${rest}`;
          const notFound = () => AppError.notFound(`Not found: GET ${request.url.split('?')[0]}`);
          if (!isSafeKey(key)) throw notFound();
          const object = await storage.get(key);
          if (!object) throw notFound();
          reply.header('content-type', object.contentType).header('cache-control', IMMUTABLE);
          if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
          if (object.etag) {
            reply.header('etag', object.etag);
            if (request.headers['if-none-match'] === object.etag) {
              object.body.destroy();
              return reply.code(304).send();
            }
          }
          if (object.contentLength !== null) reply.header('content-length', object.contentLength);
          return reply.send(object.body);
        },
      );
    }

    const indexFile = path.join(webDistDir, 'index.html');
    const hasWebApp = fs.existsSync(indexFile);
    if (hasWebApp) {
      await fastify.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        decorateReply: false,
        index: false,
        wildcard: false,
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache');
        },
      });
    } else {
      fastify.log.warn(`No web build at ${webDistDir}: only the API is served (run npm run build).`);
    }
    const template = hasWebApp ? fs.readFileSync(indexFile, 'utf8') : null;
    const renderFirstScreen = hasWebApp ? await loadFirstScreen(fastify.config.webFirstScreenModule, fastify.log) : null;

    async function metaFor(request: FastifyRequest, origin: string): Promise<OgMeta> {
      const url = new URL(request.url, origin);
      const postId = url.searchParams.get('post');
      if (url.pathname === '/' && postId && uuid.safeParse(postId).success) {
        const post = await fastify.feedRepository.byId(postId).catch(() => null);
        if (post) return postMeta(origin, post);
      }
      const businessMatch = /^\/business\/([^/]+)\/?$/.exec(url.pathname);
      if (businessMatch?.[1] && uuid.safeParse(businessMatch[1]).success) {
        const userId = businessMatch[1];
        const business = await fastify.businessRepository.publicProfile(userId).catch(() => null);
        if (business) {
          const [first] = await fastify.feedRepository.byBusiness(userId, { limit: 1, offset: 0 });
          return businessMeta(origin, business, first?.images[0] ?? null);
        }
      }
      return defaultMeta(`${origin}${url.pathname === '/' ? '/' : url.pathname}`);
    }

    /** The first page for an IP guess as a data block, and the first screen drawn from it. */
    async function firstScreenFor(guess: LocateResponse, visitorId?: string) {
      const point = guessedPoint(guess);
      const page = await fastify.feedRepository.feed(firstFeedQuery(point), visitorId);
      const firstPage = { point, posts: page.posts, nextCursor: page.nextCursor };
      return {
        pageBlock: firstFeedPageBlock(firstPage),
        markup: renderFirstScreen ? renderFirstScreen({ ipGuess: guess, page: firstPage }) : null,
      };
    }
    const firstScreens = createFirstScreenCache<Awaited<ReturnType<typeof firstScreenFor>>>(fastify.config.FIRST_SCREEN_CACHE_MS);
    fastify.decorate('firstScreens', { clear: () => firstScreens.clear() });

    const notFound = (request: FastifyRequest) => AppError.notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`);
    fastify.setNotFoundHandler(async (request: FastifyRequest) => {
      throw notFound(request);
    });
    if (!template) return;

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
        if (request.url.startsWith('/api/') || request.url.startsWith('/media/')) throw notFound(request);
        // The configured origin, never the request's Host: these tags are what link previews show.
        const origin = publicOrigin;
        // The visitor id this request came with; a first visit gets its signed id with the page, so
        // the app has one before its first call.
        const visitorId = readVisitorId(request);
        await fastify.visitorIds.issue(request, reply);
        let html = injectMeta(template, await metaFor(request, origin));
        const url = new URL(request.url, origin);
        if (url.pathname !== '/') {
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
        }
        // The feed: with this visitor's IP guess (offline, microseconds) and the first page for it, so
        // a first visit asks for nothing before its first photo (feed-html-data.ts), and drawn with
        // them (first-screen.ts), so that photo shows before the app's code has run. Private: no shared
        // cache in front of the server may keep it (the server keeps a first visit's per place).
        // Without the page (the database failing) the app asks for it.
        const guess = await fastify.geo.locate(request.ip);
        const blocks = [ipGuessBlock(guess)];
        try {
          // A visitor's own page says which posts they liked: only a first visit (no visitor id yet,
          // most of those that reach GET /) shares the page of its place. The key is everything the
          // page and its markup are made from; the language joins it when the render takes one.
          const firstScreen =
            visitorId === undefined
              ? await firstScreens.get(JSON.stringify(guess), () => firstScreenFor(guess))
              : await firstScreenFor(guess, visitorId);
          blocks.push(firstScreen.pageBlock);
          // A shared post's link shows that post first: the app draws it.
          if (firstScreen.markup && !url.searchParams.has('post')) html = withFirstScreen(html, firstScreen.markup);
        } catch (err) {
          request.log.warn({ err }, "the feed's first page could not be read or drawn into its HTML");
        }
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .send(injectIntoHead(html, blocks));
      },
    );
  },
  { name: 'web-app', dependencies: ['env', 'geo', 'visitor-ids', 'media-storage', 'feed-repository', 'business-repository'] },
);
