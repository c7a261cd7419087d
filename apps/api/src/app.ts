import path from 'node:path';
import fastifyAutoload from '@fastify/autoload';
import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { requireAccessDeclarations } from './lib/access';
import { AppError } from './lib/app-error';
import { errorHandler } from './lib/error-handler';
import { rejectControlCharacters } from './lib/text-input-guard';

/** Plugins of plugins/app are the files named *-repository, *-service or *-plugin; the rest are their helpers. */
const APP_PLUGIN_FILE = /-(repository|service|plugin)\.(ts|js)$/;

/** The whole application as one plugin: external plugins → app plugins → routes (fastify/demo layout). */
export default async function app(fastify: FastifyInstance, opts: FastifyPluginOptions) {
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.setErrorHandler(errorHandler);
  requireAccessDeclarations(fastify);
  fastify.addHook('preValidation', rejectControlCharacters);
  // No route or file: the API's `{ message }` 404. (Pages of the web app have their own route, which
  // answers every other GET with index.html: the feed-document plugin.)
  fastify.setNotFoundHandler(async (request) => {
    throw AppError.noRoute(request);
  });

  await fastify.register(fastifyAutoload, {
    dir: path.join(import.meta.dirname, 'plugins/external'),
    options: { ...opts },
  });
  await fastify.register(fastifyAutoload, {
    dir: path.join(import.meta.dirname, 'plugins/app'),
    matchFilter: (file: string) => APP_PLUGIN_FILE.test(file),
    options: { ...opts },
  });
  await fastify.register(fastifyAutoload, {
    dir: path.join(import.meta.dirname, 'routes'),
    autoHooks: true,
    cascadeHooks: true,
    options: { ...opts },
  });
}
