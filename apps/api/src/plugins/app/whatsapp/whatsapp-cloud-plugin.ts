import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import { resolveJwtSecret } from '../auth/jwt-secret';
import { createGraphCloud } from './cloud/graph-cloud';
import { createLocalCloud } from './cloud/local-cloud';
import type { WhatsAppCloud } from './cloud/whatsapp-cloud';
import { createTokenCipher, type TokenCipher } from './token-cipher';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Cloud API adapter the settings choose (ADR 050): Meta's Graph API, or the local stand-in. */
    whatsappCloud: WhatsAppCloud;
    whatsappTokenCipher: TokenCipher;
  }
}

/**
 * Meta's Graph API when WHATSAPP_APP_SECRET is set (without it no webhook could be checked, so no
 * status would ever arrive); else the stand-in writing to DATA_DIR/whatsapp-outbox/.
 */
export function cloudFromEnv(config: Env): WhatsAppCloud {
  if (config.WHATSAPP_APP_SECRET)
    return createGraphCloud({ apiUrl: config.WHATSAPP_API_URL, version: config.WHATSAPP_API_VERSION });
  return createLocalCloud({ dataDir: config.dataDir });
}

export default fp(
  async (fastify) => {
    const cloud = cloudFromEnv(fastify.config);
    fastify.decorate('whatsappCloud', cloud);
    fastify.decorate(
      'whatsappTokenCipher',
      createTokenCipher(fastify.config.WHATSAPP_TOKEN_KEY ?? resolveJwtSecret(fastify.config)),
    );
    fastify.addHook('onClose', () => cloud.close());
  },
  { name: 'whatsapp-cloud-plugin', dependencies: ['env'] },
);
