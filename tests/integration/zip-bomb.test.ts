// Zip bombs (issue 24, Medium): a 2 MB zip holding a 2 GiB entry of zeros took `npm run import` to
// 4.67 GB and a crash, and left the valid match beside it unimported; as the start-up source it
// held 2.6 GB and left the run unfinished. An entry that inflates past 64 MB (checked while
// inflating; a header that lies is caught too) is skipped with a reason naming the archive and the
// entry, the rest is imported, and the process's peak memory stays that of an import without it.
// Both paths run as real processes, each reporting its peak resident memory at exit.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cricsheetMatch } from '../helpers/cricsheet-builder.ts';
import { readPeakKb } from '../helpers/peak-memory.ts';
import { migratedDataFolder } from '../helpers/test-db.ts';
import { deflatedEntry, writeZip, zerosBomb } from '../helpers/zip-writer.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const preload = ['--import', 'tsx', '--import', path.join(repoRoot, 'tests/helpers/peak-memory.ts')];
// The cap, plus room for the garbage collector's timing: the bomb may cost at most that much more.
const ALLOWED_EXTRA_KB = 128 * 1024;

const childEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  CRICSHEET_SOURCE: '',
  CRICSHEET_UPDATE_EVERY: 'off',
  ...extra,
});

/** `npm run import -- <source>`: its exit code, output and peak memory. */
async function importCommand(dataDir: string, source: string): Promise<{ code: number; stdout: string; peakKb: number }> {
  await migratedDataFolder(dataDir);
  return new Promise((resolve) => {
    execFile(process.execPath, [...preload, 'scripts/import.ts', source], { cwd: repoRoot, env: childEnv(dataDir) }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, peakKb: readPeakKb(stderr) });
    });
  });
}

interface ImportFinished {
  summary: { imported: number; skipped: { source: string; file: string; reason: string }[]; aborted: boolean };
}

/** The server from source with `source` as CRICSHEET_SOURCE on an empty database, stopped once its import is done. */
async function startUpImport(dataDir: string, source: string): Promise<{ finished: ImportFinished; peakKb: number }> {
  await migratedDataFolder(dataDir);
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [...preload, 'src/server/main.ts'], {
      cwd: repoRoot,
      env: childEnv(dataDir, { PORT: '0', HOST: '127.0.0.1', CRICSHEET_SOURCE: source, IMPORT_ON_START: 'true', LIVE_REPLAYS: '0', LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let finished: ImportFinished | null = null;
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: server.stdout }).on('line', (line) => {
      if (finished || !line.startsWith('{')) return;
      const entry = JSON.parse(line) as { msg?: string } & Partial<ImportFinished>;
      if (entry.msg === 'import finished' || entry.msg === 'background import or rebuild failed') {
        finished = entry as ImportFinished;
        server.kill('SIGTERM');
      }
    });
    server.on('error', reject);
    server.on('exit', () => {
      if (!finished) reject(new Error(`the server stopped before its import finished: ${stderr.slice(-2000)}`));
      else resolve({ finished, peakKb: readPeakKb(stderr) });
    });
  });
}

describe('zip bombs', () => {
  let tmp: string;
  let good: string;
  let bombs: string;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'zip-bomb-'));
    const match = deflatedEntry(JSON.stringify(cricsheetMatch()));
    good = await writeZip(path.join(tmp, 'good.zip'), { '1.json': match });
    bombs = await writeZip(path.join(tmp, 'bombs.zip'), {
      // The probe's bomb: 2 GiB of zeros in about 2 MB, its headers honest about its size.
      'bomb.json': zerosBomb(2048),
      '1.json': match,
      // Its headers claim 2,000 bytes: only inflating tells.
      'liar.json': zerosBomb(512, 2000),
    });
  }, 120_000);
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  const expectBombsSkipped = (skipped: { source: string; file: string; reason: string }[]) => {
    expect(skipped.map(({ file }) => file).sort()).toEqual(['bomb.json', 'liar.json']);
    for (const { source, file, reason } of skipped) {
      expect(source).toBe(bombs);
      expect(reason).toContain(`entry ${file} of bombs.zip is larger than 64 MB`);
    }
  };

  it('npm run import skips each entry past 64 MB with its reason, imports the rest, and needs no more memory', async () => {
    // Side by side: each process's peak is its own, and the machine's two cores are both used.
    const [baseline, bombed] = await Promise.all([importCommand(path.join(tmp, 'cli-good'), good), importCommand(path.join(tmp, 'cli-bombs'), bombs)]);
    expect(baseline.code).toBe(0);
    // 1: some files were skipped; the run itself finished.
    expect(bombed.code, bombed.stdout).toBe(1);
    expect(bombed.stdout).toMatch(/^Imported 1, /m);
    for (const file of ['bomb.json', 'liar.json']) {
      expect(bombed.stdout).toContain(`skipped ${file} (${bombs}): cannot read file: entry ${file} of bombs.zip is larger than 64 MB`);
    }
    expect(bombed.peakKb, `peak ${bombed.peakKb} KB against ${baseline.peakKb} KB without the bombs`).toBeLessThan(baseline.peakKb + ALLOWED_EXTRA_KB);
  });

  it('as the start-up source, the bombs are skipped, the run finishes with the match imported, and memory stays normal', async () => {
    const [baseline, bombed] = await Promise.all([startUpImport(path.join(tmp, 'server-good'), good), startUpImport(path.join(tmp, 'server-bombs'), bombs)]);
    expect(baseline.finished.summary.imported).toBe(1);
    expect(bombed.finished.summary).toMatchObject({ imported: 1, aborted: false });
    expectBombsSkipped(bombed.finished.summary.skipped);
    expect(bombed.peakKb, `peak ${bombed.peakKb} KB against ${baseline.peakKb} KB without the bombs`).toBeLessThan(baseline.peakKb + ALLOWED_EXTRA_KB);
  });
});
