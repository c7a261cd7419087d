import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import { resolveJwtSecret } from '../auth/jwt-secret';
import { createHttpGateway } from './gateways/http-gateway';
import { createLocalGateway } from './gateways/local-gateway';
import type { SmsGateway } from './gateways/sms-gateway';
import { createSmppGateway } from './gateways/smpp-gateway';
import { createOptOutTokens, type OptOutTokens } from './opt-out-token';
import { createSendRate, pacedGateway } from './send-rate';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The SMS provider adapter the settings choose (docs/product.md §12): SMPP, an HTTP gateway, or the
     * local outbox; every submission paced to the platform's SMS_RATE_PER_S (send-rate.ts).
     */
    smsGateway: SmsGateway;
    smsOptOutTokens: OptOutTokens;
  }
}

/** SMPP when SMS_SMPP_URL is set; else the HTTP gateway when SMS_HTTP_URL is; else the local gateway writing to DATA_DIR/sms-outbox/. */
export function gatewayFromEnv(config: Env): SmsGateway {
  if (config.SMS_SMPP_URL) {
    return createSmppGateway({
      url: config.SMS_SMPP_URL,
      systemId: config.SMS_SMPP_SYSTEM_ID ?? '',
      password: config.SMS_SMPP_PASSWORD ?? '',
      ratePerSecond: config.SMS_RATE_PER_S,
    });
  }
  if (config.SMS_HTTP_URL) {
    return createHttpGateway({
      url: config.SMS_HTTP_URL,
      authKey: config.SMS_HTTP_AUTH_KEY ?? '',
      route: config.SMS_HTTP_ROUTE,
      ratePerSecond: config.SMS_RATE_PER_S,
    });
  }
  return createLocalGateway({ dataDir: config.dataDir, ratePerSecond: config.SMS_RATE_PER_S });
}

export default fp(
  async (fastify) => {
    const config = fastify.config;
    const gateway = gatewayFromEnv(config);
    // The provider's rate is the platform's, shared by every process through Redis (ADR 046).
    const rate = createSendRate({
      ratePerSecond: config.SMS_RATE_PER_S,
      redis: fastify.redis,
      key: `${config.RATE_LIMIT_PREFIX}sms-next-slot`,
    });
    fastify.decorate('smsGateway', pacedGateway(gateway, rate));
    // The opt-out link's key: its own setting, or derived from the JWT secret for this one use.
    fastify.decorate('smsOptOutTokens', createOptOutTokens(fastify.config.SMS_LINK_SECRET ?? resolveJwtSecret(fastify.config)));
    fastify.addHook('onClose', async () => {
      await gateway.close();
    });
  },
  { name: 'sms-gateway-plugin', dependencies: ['env', 'redis'] },
);
