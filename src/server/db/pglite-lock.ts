// PGlite is an embedded database: two processes opening the same folder corrupt it beyond
// repair (an import run while the server holds DATA_DIR did). A lock file beside the data
// names the process holding it; a second process is refused with what to do instead.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {}

const LOCK_FILE = 'crease.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on a PGlite folder for this process; returns its release. */
export function lockDataDir(folder: string): () => void {
  const file = path.join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
        throw new DatabaseLockedError(
          `The embedded database in ${folder} is in use by process ${holder} (probably a running server). ` +
            'Only one process may open it at a time: stop that process first, or set DATABASE_URL to a PostgreSQL ' +
            'server, which several processes (servers and imports) can share.',
        );
      }
      // Left by a process that died without releasing it.
      rmSync(file, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock ${folder}`);
}
