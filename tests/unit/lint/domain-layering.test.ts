// The lint rule that keeps the domain pure (eslint.config.js): run on source text as if it were
// a domain file, with the project's own configuration.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(source: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('domain layering rule', () => {
  it('refuses a domain import of a service, the database, the API or the store', async () => {
    for (const from of ['../services/tournament-types.ts', '../db/schema.ts', '../wire/schemas/match.ts', '../store/live-match-writer.ts']) {
      const messages = await restrictedImports(`import type { X } from '${from}';\nexport type Y = X;\n`, 'src/server/domain/example.ts');
      expect(messages, from).toHaveLength(1);
    }
  });

  it('refuses I/O packages in the domain', async () => {
    const messages = await restrictedImports(`import { sql } from 'kysely';\nexport const q = sql;\n`, 'src/server/domain/example.ts');
    expect(messages).toHaveLength(1);
  });

  it('lets the domain import itself, and other layers import the domain', async () => {
    expect(await restrictedImports(`import { runRate } from './overs.ts';\nexport const r = runRate;\n`, 'src/server/domain/example.ts')).toEqual([]);
    expect(
      await restrictedImports(`import { runRate } from '../domain/overs.ts';\nexport const r = runRate;\n`, 'src/server/services/example.ts'),
    ).toEqual([]);
  });

  it('passes on the domain as it is', async () => {
    const results = await eslint.lintFiles(['src/server/domain/']);
    expect(results.flatMap((result) => result.messages.map((message) => `${result.filePath}: ${message.message}`))).toEqual([]);
    // Linting the whole domain folder takes seconds and grows with it; it measures no speed.
  }, 60_000);
});
