import fp from 'fastify-plugin';
import { hashPassword, verifyPassword } from '#src/lib/password-hashing';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: {
      /** An argon2id hash (PHC string) of a password. */
      hash(plain: string): Promise<string>;
      /**
       * Whether `plain` matches `hash`. A null hash (unknown account, Google-only account) still
       * costs one argon2 verification, so the answer's timing does not tell whether an account exists.
       */
      verify(hash: string | null, plain: string): Promise<boolean>;
    };
  }
}

export default fp(
  async (fastify) => {
    // Hashed once at start-up (not on the first unknown email, which would then take twice as long);
    // verifying against it makes a missing account cost what a wrong password costs.
    const dummyHash = hashPassword('aaspaas-timing-equaliser');
    dummyHash.catch(() => {});

    fastify.decorate('passwords', {
      hash: hashPassword,
      async verify(stored: string | null, plain: string) {
        if (stored) return verifyPassword(stored, plain);
        await verifyPassword(await dummyHash, plain);
        return false;
      },
    });
  },
  { name: 'passwords' },
);
