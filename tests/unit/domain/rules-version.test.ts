import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES_VERSION } from '../../../src/server/domain/rules-version.ts';

// The files whose rules decide stored, derived figures. A change to any of them may change
// what is stored: bump RULES_VERSION (stale matches are then rebuilt) and record the new
// fingerprint here. A change that provably leaves every figure alone (a comment, a rename)
// records the new fingerprint under the same version.
const RULE_FILES = ['scorecard.ts', 'overs.ts', 'types.ts', 'fantasy.ts', 'fantasy-rules.ts'];
const FINGERPRINTS: Record<number, string> = {
  1: '105b6231e1630ca6',
  2: '8633a6f32387c483',
  3: 'ac8336753006d0af',
  4: '5140767eda06e1ab',
};

function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of RULE_FILES) hash.update(readFileSync(new URL(`../../../src/server/domain/${file}`, import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

describe('RULES_VERSION', () => {
  it('moves with the rules that derive stored figures', () => {
    expect(
      fingerprint(),
      `The derivation rules changed: bump RULES_VERSION in src/server/domain/rules-version.ts if stored figures change, and record the fingerprint for version ${RULES_VERSION}`,
    ).toBe(FINGERPRINTS[RULES_VERSION]);
  });
});
