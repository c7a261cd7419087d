import fs from 'node:fs';
import { ConfigError } from '../config/env';

/** Whether a process with this id runs on this machine (signal 0 checks without sending anything). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process: a lock file holding its pid, made only if
 * absent. A lock whose process is gone (a crash, a container restarted with the same volume, where the
 * new process may even have the old one's pid) is stale and taken over. Returns the release.
 */
export function lockDataDir(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        // Only our own lock: a test, or a second open in this process, must not remove another's.
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) {
        throw new ConfigError(
          `The embedded database in ${lockFile.replace(/[/\\]pglite\.lock$/, '')} is in use by another process (pid ${pid}). ` +
            'Only one process may use it: stop that one, or set DATABASE_URL to share a PostgreSQL database.',
          { cause: err },
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database: ${lockFile}`);
}
