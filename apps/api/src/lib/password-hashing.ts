import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's Algorithm is a const enum (unusable under isolatedModules): Argon2id = 2.
const ARGON2ID = 2;
/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): tens of milliseconds per hash on a small server. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id hash (PHC string, parameters included) of a password. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** Whether `plain` matches a stored hash; a malformed hash is a mismatch, not an error. */
export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
