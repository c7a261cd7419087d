import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '#src/config/env';

/**
 * JWT_SECRET from the environment; outside production, when unset, a random secret generated once
 * and kept in DATA_DIR/secrets so sessions survive a restart without anyone configuring anything.
 */
export function resolveJwtSecret(config: Env): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.dataDir, 'secrets', 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first start: generate below */
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
