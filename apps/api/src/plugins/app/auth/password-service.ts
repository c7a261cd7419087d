import fp from 'fastify-plugin';
import { hashPassword, verifyPassword } from '#src/lib/password-hashing';

/** Password hashes: argon2id, verified in the same time whether or not the account has a password. */
export function createPasswordService() {
  // Hashed once at start-up (not on the first unknown email, which would then take twice as long);
  // verifying against it makes a missing account cost what a wrong password costs.
  const dummyHash = hashPassword('aaspaas-timing-equaliser');
  dummyHash.catch(() => {});
  return {
    /** An argon2id hash (PHC string) of a password. */
    hash: hashPassword,
    /**
     * Whether `plain` matches `hash`. A null hash (unknown account, Google-only account) still
     * costs one argon2 verification, so the answer's timing does not tell whether an account exists.
     */
    async verify(stored: string | null, plain: string): Promise<boolean> {
      if (stored) return verifyPassword(stored, plain);
      await verifyPassword(await dummyHash, plain);
      return false;
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;

declare module 'fastify' {
  interface FastifyInstance {
    passwordService: PasswordService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('passwordService', createPasswordService());
  },
  { name: 'password-service' },
);
