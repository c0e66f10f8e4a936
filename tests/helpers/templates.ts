// Template databases, made once per test run and cloned by each file that needs one (issue 25
// item 7, decision 052): a freshly migrated PGlite, or one holding a whole shared archive.
// The first file to ask builds the database as it always did, keeps it for itself and writes its
// data folder (PGlite's dumpDataDir) to the run's template folder (templates.global.ts); every
// other file, in either worker, waits for that tarball and opens a copy (loadDataDir): the same
// bytes, without initdb, the migrations or the import. A test that starts a command or a server
// as a child process unpacks the tarball into the child's data folder instead (`unpackTemplate`).
// Outside the integration project (no template folder) each call builds its own database.
import { execFile } from 'node:child_process';
import { access, mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, inject } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';

const execFileAsync = promisify(execFile);
const POLL_MS = 100;
const WAIT_MS = 15 * 60_000;

function templateFolder(): string | undefined {
  try {
    return inject('templateDir');
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PGlite database equal to what `build` makes, built at most once per test run. */
export async function fromTemplate(name: string, build: () => Promise<Db>): Promise<Db> {
  const folder = templateFolder();
  if (!folder) return build();
  const template = await templateTarball(folder, name, build);
  return template.builtHere ?? openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([await readFile(template.tarball)]) });
}

/**
 * Writes into `dataDir` (a folder for a child process's DATA_DIR) the PGlite data folder of the
 * run's template `name`, unpacked as the database client lays it out (`<dataDir>/pglite`): the
 * child opens a database that exists instead of running initdb (about 8 s of CPU on the CI
 * machine). False outside the integration project (no template folder): the caller builds its own.
 */
export async function unpackTemplate(name: string, build: () => Promise<Db>, dataDir: string): Promise<boolean> {
  const folder = templateFolder();
  if (!folder) return false;
  const template = await templateTarball(folder, name, build);
  await template.builtHere?.close();
  const pgdata = path.join(dataDir, 'pglite');
  await mkdir(pgdata, { recursive: true });
  // The tarball's members are the data folder's own paths ("/global/1262", ...).
  await execFileAsync('tar', ['-xf', template.tarball, '-C', pgdata]);
  return true;
}

/** The template's tarball, built by the first file to ask (which keeps the database it built). */
async function templateTarball(folder: string, name: string, build: () => Promise<Db>): Promise<{ tarball: string; builtHere?: Db }> {
  const tarball = path.join(folder, `${name}.tar`);
  const failed = path.join(folder, `${name}.failed`);
  let builder = false;
  try {
    await (await open(path.join(folder, `${name}.lock`), 'wx')).close();
    builder = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (builder) {
    try {
      const db = await build();
      const dump = await db.dumpDataDir!();
      // Written whole, then renamed: a waiting file never reads half a tarball.
      await writeFile(`${tarball}.part`, Buffer.from(await dump.arrayBuffer()));
      await rename(`${tarball}.part`, tarball);
      return { tarball, builtHere: db };
    } catch (error) {
      await writeFile(failed, String((error as Error).stack ?? error)).catch(() => {});
      throw error;
    }
  }
  for (const started = Date.now(); Date.now() - started < WAIT_MS; await sleep(POLL_MS)) {
    if (await access(tarball).then(() => true, () => false)) return { tarball };
    const reason = await readFile(failed, 'utf8').catch(() => null);
    if (reason !== null) throw new Error(`The template database '${name}' could not be built by another test file:\n${reason}`);
  }
  throw new Error(`The template database '${name}' was not ready after ${WAIT_MS / 60_000} minutes`);
}

/**
 * A fresh PGlite holding one whole shared archive, imported with no failed source (checked where
 * it is imported); in integration runs the archive is imported once and each file gets a copy.
 */
export async function archiveDatabase(archive: string): Promise<Db> {
  // Imported here, not at the top: test-db.ts imports this module.
  const { freshDatabase } = await import('./test-db.ts');
  return fromTemplate(`archive-${path.basename(archive)}`, async () => {
    const db = await freshDatabase();
    expect((await importSources(db, [archive])).failedSources).toEqual([]);
    return db;
  });
}
