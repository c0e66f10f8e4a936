// The shipped corrections file (corrections/cricsheet.json; CORRECTIONS_FILE): read, checked
// against the contract, and copied into the database when its fingerprint differs from the one
// applied last. A case an admin has edited since stays as the admin left it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { applyCorrections, deleteFileCorrectionsExcept, upsertCorrections, type CorrectionsReport } from '../store/corrections.ts';
import type { PublishTags } from '../store/write-transaction.ts';
import { correctionsFileSchema, type CorrectionsFile } from './cases.ts';
import { fingerprint } from './plan.ts';

export class CorrectionsFileError extends Error {}

export async function readCorrectionsFile(file: string): Promise<CorrectionsFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CorrectionsFileError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CorrectionsFileError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = correctionsFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new CorrectionsFileError(`${file} has bad cases: ${problems}`);
  }
  return parsed.data;
}

/** Copies the file's cases into the database when it changed; resolves true when it did. */
export async function syncCorrectionsFile(db: Db, file: string): Promise<boolean> {
  const contents = await readCorrectionsFile(file);
  const name = path.basename(file);
  const print = fingerprint(contents.cases);
  const stored = await db.kysely.selectFrom('correction_files').select('fingerprint').where('name', '=', name).executeTakeFirst();
  if (stored?.fingerprint === print) return false;
  await upsertCorrections(db, contents.cases, 'file');
  await deleteFileCorrectionsExcept(db, contents.cases.map((entry) => entry.key));
  await db.kysely
    .insertInto('correction_files')
    .values({ name, fingerprint: print })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ fingerprint: print, applied_at: new Date() }))
    .execute();
  return true;
}

/**
 * After an import (or at start-up): copies the file's cases in when it changed, then applies the
 * cases when the file changed or matches were written (a re-imported match is written afresh).
 */
export async function keepCorrected(
  db: Db,
  options: { file: string | null; publish: PublishTags; imported: boolean },
): Promise<CorrectionsReport | null> {
  const changed = options.file === null ? false : await syncCorrectionsFile(db, options.file);
  if (!changed && !options.imported) return null;
  return applyCorrections(db, options.publish);
}
