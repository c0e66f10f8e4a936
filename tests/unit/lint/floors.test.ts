// The floors of the house (eslint-floors.js): imports run down the floors only, and browser code
// reaches no server module but the pure domain (types aside). Checked two ways: ESLint's rule on
// source text as if it stood at a path, and the whole tree's import graph read here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { floorOf, floorProblem, KNOWN_BACK_UP_IMPORTS, resolveSpecifier } from '../../../eslint-floors.js';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function floorMessages(source: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'crease/floors').map((message) => message.message);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const child = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(child);
    return /\.(ts|tsx|astro|mjs)$/.test(entry.name) ? [child] : [];
  });
}

/** Every relative import and re-export of a file: what it names, and whether it brings types alone. */
function importsOf(file: string): { to: string; typeOnly: boolean }[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: { to: string; typeOnly: boolean }[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;
  for (const match of text.matchAll(statement)) {
    const specifier = match[4] ?? match[5] ?? match[6]!;
    const named = match[3] ?? '';
    const braces = /^\{([^}]*)\}$/.exec(named.trim());
    const allTypes = braces !== null && braces[1]!.split(',').filter((part) => part.trim()).every((part) => /^\s*type\s/.test(part));
    const to = resolveSpecifier(root, path.join(root, file), specifier);
    if (to !== null) found.push({ to, typeOnly: match[2] !== undefined || allTypes });
  }
  return found;
}

describe('floors', () => {
  it("ESLint refuses an import that runs back up, and lets one run down", async () => {
    expect(await floorMessages(`import { sendApiError } from '../api/errors.ts';\nexport const s = sendApiError;\n`, 'src/server/auth/example.ts')).toHaveLength(1);
    expect(await floorMessages(`import { refresh } from '../../lib/page-refresh.ts';\nexport const r = refresh;\n`, 'src/server/services/example.ts')).toHaveLength(1);
    expect(await floorMessages(`export { x } from '../realtime/index.ts';\n`, 'src/server/live/example.ts')).toHaveLength(1);
    expect(await floorMessages(`import { Conflict } from '../errors.ts';\nexport const c = Conflict;\n`, 'src/server/live/example.ts')).toEqual([]);
    expect(await floorMessages(`import { runRate } from '../domain/overs.ts';\nexport const r = runRate;\n`, 'src/server/services/example.ts')).toEqual([]);
  });

  it('refuses browser code a server module, but for the domain and types', async () => {
    expect(await floorMessages(`import { tags } from '../server/feed/tags.ts';\nexport const t = tags;\n`, 'src/islands/Example.tsx')).toHaveLength(1);
    expect(await floorMessages(`import type { matchObject } from '../server/wire/schemas/match.ts';\nexport type M = typeof matchObject;\n`, 'src/stores/example.ts')).toEqual([]);
    expect(await floorMessages(`import { RATE_BALLS } from '../server/domain/overs.ts';\nexport const r = RATE_BALLS;\n`, 'src/islands/Example.tsx')).toEqual([]);
  });

  it('every source file stands on a floor', () => {
    const unplaced = sourceFiles('src').filter((file) => floorOf(file) === null);
    expect(unplaced).toEqual([]);
  });

  it('no import in the tree runs back up, and each known exception still exists (take it off the list when it goes)', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const file of sourceFiles('src')) {
      for (const { to, typeOnly } of importsOf(file)) {
        seen.add(`${file} -> ${to}`);
        const problem = floorProblem(file, to, typeOnly);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    const gone = KNOWN_BACK_UP_IMPORTS.filter(([from, to]) => !seen.has(`${from} -> ${to}`)).map(([from, to]) => `${from} -> ${to}`);
    expect(gone).toEqual([]);
  });
});
