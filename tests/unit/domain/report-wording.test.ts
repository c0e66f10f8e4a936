import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPORT_WORDING } from '../../../src/server/domain/match-report.ts';

// The file whose sentences make the automated reports. A change to it may change what a stored
// report says: raise REPORT_WORDING (the back-fill then rewrites the reports no editor has
// touched) and record the new fingerprint here. A change that provably leaves every sentence
// alone (a comment, a rename) records the new fingerprint under the same version.
const FINGERPRINTS: Record<number, string> = {
  1: 'b13640cb35fa0489',
};

function fingerprint(): string {
  const source = readFileSync(new URL('../../../src/server/domain/match-report.ts', import.meta.url), 'utf8');
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}

describe('REPORT_WORDING', () => {
  it('moves with the sentences of the automated reports', () => {
    expect(
      fingerprint(),
      `The report sentences changed: raise REPORT_WORDING in src/server/domain/match-report.ts if stored reports should be rewritten, and record the fingerprint for version ${REPORT_WORDING}`,
    ).toBe(FINGERPRINTS[REPORT_WORDING]);
  });
});
