// One place says which matches count (decision 059, migration 024): the views real_matches (no
// replay) and counted_matches (no replay, no match declared void and replayed). Every query the
// read side makes on the matches table itself is a bypass unless it says why on its line or the
// line above ('uncounted: ...': one match by its key, a tournament's own list, the home slider).
// A new aggregate written on `matches` fails here, and must go through the views instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The read side: services, the API, the store's read models (search, data currency). */
const READ_SIDE = ['src/server/services', 'src/server/api', 'src/server/wire', 'src/server/store/search-index.ts', 'src/server/store/data-currency.ts'];

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (full.endsWith('.ts')) return [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) =>
    child.isDirectory() ? filesUnder(path.join(entry, child.name)) : child.name.endsWith('.ts') ? [path.join(entry, child.name)] : [],
  );
}

/** A read of the matches table itself, in SQL text or through Kysely. */
const RAW_MATCHES = [
  /\b(from|join)\s+matches\b(?!_)/i,
  /(selectFrom|innerJoin|leftJoin)\(\s*'matches( as \w+)?'/,
  /selectMatchRows\([^)]*'matches'\)/,
  /selectSummaries\(\s*'matches'\)/,
];

/** Each read of `matches` with no 'uncounted:' reason on its line or the line above: file:line. */
export function bypasses(file: string, text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) => {
    if (line.trimStart().startsWith('//') || line.trimStart().startsWith('*')) return [];
    if (!RAW_MATCHES.some((pattern) => pattern.test(line))) return [];
    const reason = /uncounted:/.test(line) || /uncounted:/.test(lines[index - 1] ?? '');
    return reason ? [] : [`${file}:${index + 1}: ${line.trim()}`];
  });
}

describe('matches that count: one place', () => {
  it('finds a bypass: an aggregate on the matches table', () => {
    expect(bypasses('x.ts', 'select count(*) from matches m where m.status = $1')).toHaveLength(1);
    expect(bypasses('x.ts', "db.selectFrom('matches as m').select('id')")).toHaveLength(1);
    expect(bypasses('x.ts', "  .innerJoin('matches as m', 'm.id', 'b.match_id')")).toHaveLength(1);
    expect(bypasses('x.ts', "selectMatchRows(this.db, 'matches')")).toHaveLength(1);
  });

  it('lets the views through, and a read of one match that says why', () => {
    expect(bypasses('x.ts', 'select count(*) from counted_matches m')).toEqual([]);
    expect(bypasses('x.ts', "db.selectFrom('real_matches').select('id')")).toEqual([]);
    expect(bypasses('x.ts', '// uncounted: this match, by its key\nselect * from matches where match_key = $1')).toEqual([]);
  });

  it('holds on the read side as it is: every aggregate goes through counted_matches or real_matches', () => {
    const found = READ_SIDE.flatMap(filesUnder).flatMap((file) => bypasses(file, readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('is the views of migration 024', () => {
    const migration = readFileSync(path.join(root, 'src/server/db/migrations/024-counted-matches.ts'), 'utf8');
    expect(migration).toMatch(/create view real_matches as select \* from matches where not is_replay/);
    expect(migration).toMatch(/create view counted_matches as select \* from real_matches where void_replayed_by is null/);
  });
});
