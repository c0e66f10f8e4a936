// A scorer's T20 fixture starting now, as the live tests, seeds and benchmarks create it: the
// format fields are fixed; the tournament, teams, squads and the rest are each test's own.
import type { FixtureInput } from '../../src/server/store/fixture.ts';

type T20Fields = 'startAt' | 'format' | 'matchType' | 'oversLimit' | 'ballsPerOver' | 'gender' | 'source';

export function t20Fixture(input: Omit<FixtureInput, T20Fields> & Partial<Pick<FixtureInput, T20Fields>>): FixtureInput {
  return { startAt: new Date(), format: 't20', matchType: 'T20', oversLimit: 20, ballsPerOver: 6, gender: 'male', source: 'scorer', ...input };
}
