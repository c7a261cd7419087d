import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export default fp(
  async (fastify) => {
    await fastify.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // Google sign-in opens a popup that reports back with postMessage (spec §4); 'same-origin'
      // would cut the popup off from this page as soon as it navigates to Google.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Shared post images are shown by WhatsApp and other apps: let them load.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
  },
  { name: 'helmet' },
);
