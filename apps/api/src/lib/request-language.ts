import { chooseLanguage, type Language, LANGUAGE_COOKIE } from '@aaspaas/domain';
import type { FastifyRequest } from 'fastify';

/** The language a request is made in: the device's choice (the cookie the web keeps), else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return chooseLanguage({ cookie: request.cookies[LANGUAGE_COOKIE], acceptLanguage: request.headers['accept-language'] });
}
