// The report generator's rules on small hand-made innings (the real matches are in
// tests/integration/match-reports-real.test.ts): where a collapse starts and ends, which five
// overs are the most productive, when a report may be written, and the wording that depends on
// a count (all out, one wicket, ordinals in Hindi).
import { describe, expect, it } from 'vitest';
import { bestStretch, findCollapse, isReportable, scoreText, writeMatchReport, type ReportFacts, type ReportInnings } from '../../../src/server/domain/match-report.ts';

const player = (name: string) => ({ key: name.toLowerCase(), name });

function innings(inningsNo: number, side: 'a' | 'b', falls: number[], extra: Partial<ReportInnings> = {}): ReportInnings {
  return {
    inningsNo,
    side,
    superOver: false,
    declared: false,
    forfeited: false,
    followOn: false,
    runs: falls.at(-1) ?? 0,
    wickets: falls.length,
    calledBalls: 120,
    target: null,
    batting: [{ player: player('Opener'), runs: 40, balls: 30, fours: 4, sixes: 1, dismissal: { wicketNumber: 1 } }],
    bowling: [{ player: player('Quick'), calledBalls: 24, runs: 20, wickets: 1 }],
    fallOfWickets: falls.map((teamRuns, index) => ({ wicketNumber: index + 1, player: player(`B${index + 1}`), teamRuns })),
    partnerships: [],
    ...extra,
  };
}

const facts = (overrides: Partial<ReportFacts> = {}): ReportFacts => ({
  key: 'm1',
  format: 't20',
  formatType: 't20',
  title: { en: 'Final', hi: 'फ़ाइनल' },
  tournament: { key: 't1', name: 'Cup' },
  dates: ['2026-05-01'],
  venue: { name: 'Ground', city: 'Town' },
  teams: { a: { key: 'a', name: 'Alphas' }, b: { key: 'b', name: 'Betas' } },
  ballsPerOver: 6,
  resultText: { en: 'Alphas won by 10 runs', hi: 'Alphas 10 रन से जीती' },
  winner: 'a',
  margin: { kind: 'runs', runs: 10 },
  outcome: null,
  chaseLimitBalls: 120,
  awards: [player('Opener')],
  innings: [innings(1, 'a', [10, 50, 120, 150]), innings(2, 'b', [5, 30, 100, 101, 103, 104, 110, 130, 135, 140])],
  overRuns: [],
  ...overrides,
});

describe('findCollapse', () => {
  it('finds the longest run of at least four wickets within twenty runs, from the score at its first wicket', () => {
    expect(findCollapse(innings(2, 'b', [5, 30, 100, 101, 103, 104, 110, 130, 135, 140]))).toEqual({
      from: { runs: 100, wickets: 2 },
      to: { runs: 110, wickets: 7 },
    });
  });

  it('finds none when wickets fall steadily', () => {
    expect(findCollapse(innings(1, 'a', [20, 50, 80, 110, 140]))).toBeNull();
    expect(findCollapse(innings(1, 'a', [10, 11, 12]))).toBeNull();
  });
});

describe('bestStretch', () => {
  const overRuns = Array.from({ length: 20 }, (_, i) => ({ inningsNo: 1, over: i + 1, runs: i >= 15 ? 15 : 6 }));

  it('is the five consecutive overs with the most runs', () => {
    expect(bestStretch({ overRuns }, 1)).toEqual({ fromOver: 16, toOver: 20, runs: 75 });
  });

  it('is not told for a short innings or without the overs', () => {
    expect(bestStretch({ overRuns: overRuns.slice(0, 9) }, 1)).toBeNull();
    expect(bestStretch({ overRuns }, 2)).toBeNull();
  });
});

describe('writeMatchReport', () => {
  it('writes the result, both innings and the collapse, in both languages, with a claim per fact', () => {
    const report = writeMatchReport(facts());
    expect(report.texts.en.heading).toBe('Alphas beat Betas by 10 runs');
    expect(report.texts.hi.heading).toBe('Alphas ने Betas को 10 रन से हराया');
    expect(report.texts.en.paragraphs[1]).toContain('were all out for 140');
    expect(report.texts.hi.paragraphs[1]).toContain('140 रन पर आउट हो गई');
    expect(report.texts.en.paragraphs[1]).toContain('Betas lost 5 wickets for 10 runs, going from 100/2 to 110/7.');
    expect(report.texts.hi.paragraphs[0]).toContain('1 विकेट लिया');
    expect(report.claims).toContainEqual({ kind: 'collapse', inningsNo: 2, side: 'b', from: { runs: 100, wickets: 2 }, to: { runs: 110, wickets: 7 } });
    expect(report.tags).toEqual(expect.arrayContaining([{ kind: 'match', key: 'm1' }, { kind: 'team', key: 'b' }, { kind: 'player', key: 'opener' }]));
  });

  it('says nothing of the last ball when the chase had balls to spare', () => {
    const chase = innings(2, 'b', [5, 30], { calledBalls: 110, target: { runs: 141, balls: null } });
    const report = writeMatchReport(facts({ winner: 'b', margin: { kind: 'wickets', wickets: 8 }, innings: [innings(1, 'a', [10, 50, 120, 140]), chase] }));
    expect(report.claims.some((claim) => claim.kind === 'lastBall')).toBe(false);
    const lastBall = writeMatchReport(facts({ winner: 'b', margin: { kind: 'wickets', wickets: 8 }, innings: [innings(1, 'a', [10, 50, 120, 140]), { ...chase, calledBalls: 120 }] }));
    expect(lastBall.claims).toContainEqual({ kind: 'lastBall', inningsNo: 2, side: 'b' });
  });

  it('is written only for a match with a result and an innings', () => {
    expect(isReportable(facts())).toBe(true);
    expect(isReportable(facts({ winner: null, outcome: null }))).toBe(false);
    expect(isReportable(facts({ innings: [] }))).toBe(false);
    expect(isReportable(facts({ winner: null, outcome: 'no result' }))).toBe(true);
  });

  it('prints all out only for ten wickets', () => {
    expect(scoreText(120, 9, 'en')).toBe('120/9');
    expect(scoreText(120, 10, 'en')).toBe('120 all out');
    expect(scoreText(120, 10, 'hi')).toBe('120 पर ऑल आउट');
  });
});
