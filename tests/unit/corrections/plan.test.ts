// Corrections, pure: the contract the shipped file and the admin form share, and what applying a
// set of cases changes given what the database holds (src/server/corrections/plan.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { correctionCaseSchema, correctionsFileSchema, voidCaseSchema, type CorrectionCase } from '../../../src/server/corrections/cases.ts';
import { fingerprint, planCorrections, type StoredCase } from '../../../src/server/corrections/plan.ts';
import { pointsRounds, type LeagueMatch } from '../../../src/server/domain/points-table.ts';
import { resultText } from '../../../src/server/domain/result.ts';

const abandoned = correctionCaseSchema.parse({
  key: 'ipl-2025-rcb-kkr-17-may',
  kind: 'abandoned',
  source: 'published results',
  tournament: 'indian-premier-league-2025',
  teams: ['Royal Challengers Bengaluru', 'Kolkata Knight Riders'],
  date: '2025-05-17',
  venue: { name: 'M Chinnaswamy Stadium, Bengaluru', city: 'Bengaluru' },
});
const voided = voidCaseSchema.parse({ key: 'pbks-dc-void', kind: 'void', source: 'report', match: '1473495', replayedBy: '1485779' });
const renamed = correctionCaseSchema.parse({ key: 'a-name', kind: 'person_name', source: 'report', person: 'ba607b88', name: 'M S Dhoni' });

const stored = (entry: CorrectionCase, matchId: number | null = null): StoredCase => ({ case: entry, matchId });

describe('the corrections contract', () => {
  it('fills an abandoned case with the defaults of a men’s T20 league match', () => {
    expect(abandoned).toMatchObject({ stage: null, group: null, matchNumber: null, gender: 'male', matchType: 'T20', overs: 20, ballsPerOver: 6 });
  });

  it.each([
    ['a key with capitals', { ...voided, key: 'Bad Key' }],
    ['the same team twice', { ...abandoned, teams: ['A', 'A'] }],
    ['a date that is no date', { ...abandoned, date: '2025-02-30' }],
    ['a match key that is no number', { ...voided, match: '14734; drop table' }],
    ['an unknown kind', { ...voided, kind: 'delete' }],
    ['no source', { ...voided, source: '' }],
    ['a team rename to the same name', { key: 'x', kind: 'team_name', source: 's', team: 'punjab-kings', from: 'PK', name: 'PK' }],
  ])('refuses %s', (_what, input) => {
    expect(correctionCaseSchema.safeParse(input).success).toBe(false);
  });

  it('refuses a file with two cases of one key', () => {
    expect(correctionsFileSchema.safeParse({ cases: [voided, voided] }).success).toBe(false);
  });

  it('accepts the shipped file, whose every case names its source', () => {
    const file = correctionsFileSchema.parse(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../corrections/cricsheet.json'), 'utf8')));
    expect(file.cases.map((entry) => entry.kind).sort()).toEqual(['abandoned', 'abandoned', 'abandoned', 'abandoned', 'void']);
    for (const entry of file.cases) expect(entry.source.length).toBeGreaterThan(40);
  });
});

describe('planCorrections', () => {
  it('writes a new abandoned match, voids, renames', () => {
    const plan = planCorrections([stored(abandoned, 900000001), stored(voided), stored(renamed)], { correctionMatches: [], voided: [] });
    expect(plan.writeAbandoned).toEqual([{ matchId: 900000001, case: abandoned, sha1: fingerprint(abandoned) }]);
    expect(plan.setVoid).toEqual([{ matchKey: '1473495', replayedBy: '1485779' }]);
    expect(plan.personNames).toEqual([{ registryId: 'ba607b88', name: 'M S Dhoni' }]);
    expect(plan.deleteMatches).toEqual([]);
    expect(plan.clearVoid).toEqual([]);
  });

  it('plans nothing for what the database already holds', () => {
    const plan = planCorrections([stored(abandoned, 900000001), stored(voided)], {
      correctionMatches: [{ id: 900000001, sha1: fingerprint(abandoned) }],
      voided: [{ matchKey: '1473495', replayedBy: '1485779' }],
    });
    expect(plan).toEqual({ writeAbandoned: [], deleteMatches: [], setVoid: [], clearVoid: [], personNames: [], teamNames: [] });
  });

  it('rewrites an abandoned match whose case was edited (same id)', () => {
    const edited = { ...abandoned, matchNumber: 58 };
    const plan = planCorrections([stored(edited, 900000001)], { correctionMatches: [{ id: 900000001, sha1: fingerprint(abandoned) }], voided: [] });
    expect(plan.writeAbandoned.map((entry) => [entry.matchId, entry.case.matchNumber])).toEqual([[900000001, 58]]);
  });

  it('undoes cases taken away: the abandoned match deleted, the void lifted', () => {
    const plan = planCorrections([], { correctionMatches: [{ id: 900000001, sha1: 'x' }], voided: [{ matchKey: '1473495', replayedBy: '1485779' }] });
    expect(plan.deleteMatches).toEqual([900000001]);
    expect(plan.clearVoid).toEqual(['1473495']);
  });

  it('moves a void to its corrected replay', () => {
    const plan = planCorrections([stored({ ...voided, replayedBy: '1485780' })], { correctionMatches: [], voided: [{ matchKey: '1473495', replayedBy: '1485779' }] });
    expect(plan.setVoid).toEqual([{ matchKey: '1473495', replayedBy: '1485780' }]);
    expect(plan.clearVoid).toEqual([]);
  });

  it('fingerprints by content, not key order', () => {
    expect(fingerprint({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprint({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});

describe('what the corrections feed the domain', () => {
  const team = (key: string) => ({ key, code: key.toUpperCase(), name: key });
  const match = (id: number, winner: 'a' | 'b' | null, result: LeagueMatch['result'], voidedMatch = false): LeagueMatch => ({
    matchId: id,
    teams: [team('pbks'), team('dc')],
    winner,
    result,
    eliminator: null,
    stage: null,
    group: null,
    innings: [],
    ballsPerOver: 6,
    oversLimitBalls: 120,
    format: 't20',
    voided: voidedMatch,
  });
  const third = (id: number): LeagueMatch => ({ ...match(id, null, 'no result'), teams: [team('pbks'), team('rcb')] });

  it('leaves a void match out of the table and counts a match abandoned without a ball as a no result', () => {
    const [league] = pointsRounds([match(1, null, 'no result', true), match(2, 'b', null), third(3)], 'IPL');
    const rows = Object.fromEntries(league!.groups[0]!.standings.map((row) => [row.team.key, [row.played, row.won, row.lost, row.noResult, row.points]]));
    expect(rows).toEqual({ pbks: [2, 0, 1, 1, 1], dc: [1, 1, 0, 0, 2], rcb: [1, 0, 0, 1, 1] });
  });

  it('says so in the result line, in English and Hindi', () => {
    const base = { teamNames: { a: 'PBKS', b: 'DC' }, winner: null, result: 'no result' as const, winByRuns: null, winByWickets: null, winByInnings: false, method: null, eliminator: null, bowlOut: null, ballsRemaining: null, format: 't20' as const };
    expect(resultText({ ...base, voided: true })).toBe('Match void (replayed in full later)');
    expect(resultText({ ...base, abandonedWithoutABall: true }, 'hi')).toBe('मैच बिना एक भी गेंद फेंके रद्द हुआ');
    expect(resultText(base)).toBe('No result');
  });
});
