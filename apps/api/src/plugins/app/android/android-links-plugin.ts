import fp from 'fastify-plugin';
import { AppError } from '#src/lib/app-error';

/** Where Android looks for the site's statement that the app may open its links (App Links). */
export const ASSET_LINKS_PATH = '/.well-known/assetlinks.json';

/**
 * The Digital Asset Links statement: links to this site (a shared post, a business page, a join
 * link) open in the app signed with one of ANDROID_CERT_SHA256, when it is installed. No
 * fingerprint configured: 404, and Android keeps opening those links in the browser.
 */
export function assetLinks(packageName: string, fingerprints: string[]) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: packageName, sha256_cert_fingerprints: fingerprints },
    },
  ];
}

export default fp(
  async (fastify) => {
    const { ANDROID_CERT_SHA256, ANDROID_PACKAGE_NAME } = fastify.config;
    const body = ANDROID_CERT_SHA256.length > 0 ? JSON.stringify(assetLinks(ANDROID_PACKAGE_NAME, ANDROID_CERT_SHA256)) : null;
    fastify.get(ASSET_LINKS_PATH, { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
      if (body === null) throw AppError.noRoute(request);
      // Android's verifier reads it at install time and again later: an hour keeps it cheap and fresh.
      return reply.type('application/json').header('cache-control', 'public, max-age=3600').send(body);
    });
  },
  { name: 'android-links-plugin', dependencies: ['env'] },
);
