// The import command's exit status: 0 when everything imported, 1 when some file was
// skipped, 2 when some source could not be read at all (the rest still imported).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cricsheetMatch, writeMatchFolder } from '../helpers/cricsheet-builder.ts';
import { migratedDataFolder } from '../helpers/test-db.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

async function importCommand(dataDir: string, sources: string[]) {
  await migratedDataFolder(dataDir);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...sources], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', CRICSHEET_SOURCE: '' },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('npm run import', () => {
  let tmp: string;
  let good: string;
  let withBadFile: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'import-cli-'));
    good = await writeMatchFolder(path.join(tmp, 'good'), { '1.json': cricsheetMatch() });
    withBadFile = await writeMatchFolder(path.join(tmp, 'bad'), {
      '2.json': cricsheetMatch({ dates: ['2024-05-02'] }),
      '3.json': '{ truncated',
    });
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it('exits 0 when every file is imported, 1 when a file is skipped, 2 when a source is unreadable', async () => {
    const ok = await importCommand(path.join(tmp, 'db-ok'), [good]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Imported 1, replaced 0, unchanged 0/);

    const skipped = await importCommand(path.join(tmp, 'db-skip'), [withBadFile]);
    expect(skipped.code).toBe(1);
    expect(skipped.stdout).toMatch(/Imported 1,/);
    expect(skipped.stdout).toMatch(/skipped 3\.json .*invalid JSON/);

    const unreadable = await importCommand(path.join(tmp, 'db-missing'), [path.join(tmp, 'nowhere.zip'), withBadFile]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stdout).toMatch(/Imported 1,/);
    expect(unreadable.stdout).toMatch(/could not read .*nowhere\.zip: no such file or folder/);
  });
});
