import fs from 'node:fs';

/**
 * The finished files of a local outbox (mail, SMS, WhatsApp), sorted by name: a file being written
 * sits beside them under a hidden temporary name until it is moved into place (writeFileWhole), and a
 * test that read it could find it gone, or cut off.
 */
export const outboxFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => !name.startsWith('.'))
        .sort()
    : [];
