// How the command-line entry points end: the exit status main() returns, or 3 with the lock's
// own explanation when the embedded database is held by another process (a running server).
import { DatabaseLockedError } from '../src/server/db/pglite-lock.ts';

export const EXIT_DATABASE_IN_USE = 3;

export async function runCommand(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    console.error(error.message);
    process.exitCode = EXIT_DATABASE_IN_USE;
  }
}
