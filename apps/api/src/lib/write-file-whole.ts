import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `data` to `file` so that a reader finds either no file or the whole of it: first to a hidden
 * temporary file beside it (`.name.….tmp`, same file system), then moved into place. `exclusive`: fails
 * with EEXIST, as the `wx` flag does, when `file` is already there (a hard link never replaces a file),
 * and the first file stays as it was. Written in place, a reader of the local outboxes (a test polling
 * for its code, an owner's second submission of the same message) could read it cut off.
 */
export async function writeFileWhole(
  file: string,
  data: string | Uint8Array,
  options: { mode?: number; exclusive?: boolean } = {},
): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  await fs.writeFile(temporary, data, { mode: options.mode ?? 0o644, flag: 'wx' });
  try {
    if (options.exclusive) await fs.link(temporary, file);
    else await fs.rename(temporary, file);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
