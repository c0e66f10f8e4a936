import { describe, expect, it } from 'vitest';
import { oversToBalls } from '../../../src/server/domain/overs.ts';
import { summariseInnings } from '../../../src/server/domain/scorecard.ts';
import { matchSituation, type Situation, type SituationInnings } from '../../../src/server/domain/situation.ts';
import { followOnEnforced, matchNotes, situationText, type MatchNotesInput, type NoteInnings } from '../../../src/server/domain/test-match.ts';
import { readMatch, realInnings, type CricsheetMatch } from './cricket-data.ts';

const TEAMS = { a: 'England', b: 'Australia' };

const inn = (battingTeam: 'a' | 'b', runs: number, wickets: number, fields: Partial<NoteInnings> = {}): NoteInnings => ({
  battingTeam,
  superOver: false,
  runs,
  wickets,
  declared: false,
  forfeited: false,
  targetRuns: null,
  targetBalls: null,
  ...fields,
});

const test = (innings: NoteInnings[]): MatchNotesInput => ({
  format: 'test',
  teamNames: TEAMS,
  innings,
  oversLimitBalls: null,
  ballsPerOver: 6,
  method: null,
});

const t20 = (innings: NoteInnings[], method: string | null = null): MatchNotesInput => ({
  format: 't20',
  teamNames: TEAMS,
  innings,
  oversLimitBalls: 120,
  ballsPerOver: 6,
  method,
});

describe('followOnEnforced', () => {
  it('is true when the side batting second also bats third', () => {
    expect(followOnEnforced([{ battingTeam: 'a' }, { battingTeam: 'b' }, { battingTeam: 'b' }])).toBe(true);
    expect(followOnEnforced([{ battingTeam: 'a' }, { battingTeam: 'b' }, { battingTeam: 'b' }, { battingTeam: 'a' }])).toBe(true);
  });

  it('is false in the usual order and before a third innings exists', () => {
    expect(followOnEnforced([{ battingTeam: 'a' }, { battingTeam: 'b' }, { battingTeam: 'a' }, { battingTeam: 'b' }])).toBe(false);
    expect(followOnEnforced([{ battingTeam: 'a' }, { battingTeam: 'b' }])).toBe(false);
    expect(followOnEnforced([])).toBe(false);
  });
});

describe('matchNotes', () => {
  it('declarations with the score, in English and Hindi', () => {
    const innings = [inn('a', 450, 7, { declared: true }), inn('b', 300, 10)];
    expect(matchNotes(test(innings))).toEqual(['England declared at 450/7']);
    expect(matchNotes(test(innings), 'hi')).toEqual(['England ने 450/7 पर पारी घोषित की']);
  });

  it('the follow-on before the third innings, and a declaration in it', () => {
    const innings = [inn('a', 500, 9, { declared: true }), inn('b', 200, 10), inn('b', 380, 6, { declared: true })];
    expect(matchNotes(test(innings))).toEqual([
      'England declared at 500/9',
      'Follow-on enforced: Australia batting again',
      'Australia declared at 380/6',
    ]);
    expect(matchNotes(test(innings), 'hi')[1]).toBe('फ़ॉलो-ऑन लागू: Australia फिर से बल्लेबाज़ी कर रही है');
  });

  it('a forfeited innings keeps its place, so it is not mistaken for a follow-on', () => {
    const innings = [inn('a', 300, 10), inn('b', 0, 0, { forfeited: true }), inn('a', 0, 0, { forfeited: true }), inn('b', 250, 10)];
    expect(matchNotes(test(innings))).toEqual(['Australia forfeited their innings', 'England forfeited their innings']);
  });

  it('a revised target in a limited-overs chase', () => {
    const revised = [inn('a', 180, 5), inn('b', 60, 2, { targetRuns: 150, targetBalls: 96 })];
    expect(matchNotes(t20(revised, 'D/L'))).toEqual(['Target revised to 150 from 16 overs (DLS)']);
    expect(matchNotes(t20(revised))).toEqual(['Target revised to 150 from 16 overs (DLS)']);
    expect(matchNotes(t20(revised, 'VJD'))).toEqual(['Target revised to 150 from 16 overs (VJD)']);
    expect(matchNotes(t20(revised), 'hi')).toEqual(['संशोधित लक्ष्य: 16 ओवर में 150 रन (DLS)']);
    // Part overs, and a target raised over the full distance after an interrupted first innings.
    expect(matchNotes(t20([inn('a', 180, 5), inn('b', 0, 0, { targetRuns: 120, targetBalls: 81 })]))).toEqual([
      'Target revised to 120 from 13.3 overs (DLS)',
    ]);
    expect(matchNotes(t20([inn('a', 150, 5), inn('b', 0, 0, { targetRuns: 170, targetBalls: 120 })]))).toEqual([
      'Target revised to 170 from 20 overs (DLS)',
    ]);
  });

  it('no note for an ordinary chase, super overs or a follow-on order outside Tests', () => {
    const chase = [inn('a', 180, 5), inn('b', 150, 10, { targetRuns: 181, targetBalls: 120 })];
    expect(matchNotes(t20(chase))).toEqual([]);
    const tie = [
      inn('a', 155, 7),
      inn('b', 155, 8, { targetRuns: 156, targetBalls: 120 }),
      inn('b', 1, 2, { superOver: true, targetRuns: null }),
      inn('a', 4, 0, { superOver: true, targetRuns: 2, targetBalls: 6 }),
    ];
    expect(matchNotes(t20(tie))).toEqual([]);
  });
});

describe('situationText', () => {
  const text = (situation: Situation, lang: 'en' | 'hi' = 'en') => situationText(situation, TEAMS, lang);

  it('renders each kind of situation', () => {
    expect(text({ kind: 'trail', team: 'a', runs: 81 })).toBe('England trail by 81 runs');
    expect(text({ kind: 'lead', team: 'b', runs: 1 })).toBe('Australia lead by 1 run');
    expect(text({ kind: 'need', team: 'b', runs: 151, balls: null })).toBe('Australia need 151 runs to win');
    expect(text({ kind: 'need', team: 'b', runs: 31, balls: 20 })).toBe('Australia need 31 runs in 20 balls');
    expect(text({ kind: 'need', team: 'b', runs: 1, balls: 1 })).toBe('Australia need 1 run in 1 ball');
    expect(text({ kind: 'level', team: 'a' })).toBe('Scores level');
  });

  it('in Hindi', () => {
    expect(text({ kind: 'trail', team: 'a', runs: 81 }, 'hi')).toBe('England 81 रन से पीछे');
    expect(text({ kind: 'lead', team: 'a', runs: 81 }, 'hi')).toBe('England 81 रन से आगे');
    expect(text({ kind: 'need', team: 'b', runs: 151, balls: null }, 'hi')).toBe('Australia को जीत के लिए 151 रन चाहिए');
    expect(text({ kind: 'need', team: 'b', runs: 31, balls: 20 }, 'hi')).toBe('Australia को 20 गेंदों में 31 रन चाहिए');
    expect(text({ kind: 'level', team: 'a' }, 'hi')).toBe('स्कोर बराबर');
  });
});

// ---------- real matches ----------

/** The regular innings of a real match as matchNotes and matchSituation take them. */
function realNotesInnings(source: CricsheetMatch): (NoteInnings & SituationInnings)[] {
  return source.innings.map((raw, index) => {
    const input = realInnings(source, index);
    const summary = summariseInnings(input);
    return {
      battingTeam: input.battingTeam,
      superOver: input.superOver,
      runs: summary.runs,
      wickets: summary.wickets,
      declared: raw.declared ?? false,
      forfeited: raw.forfeited ?? false,
      targetRuns: raw.target?.runs ?? null,
      targetBalls: raw.target?.overs === undefined ? null : oversToBalls(raw.target.overs),
      legalBalls: summary.legalBalls,
    };
  });
}

describe('real matches', () => {
  it('the Ashes Test (1455615): no follow-on, no notes, and the situation innings by innings', () => {
    const source = readMatch('e2e/1455615');
    const innings = realNotesInnings(source);
    const teams = { a: source.info.teams[0]!, b: source.info.teams[1]! };
    expect(innings.map((i) => [i.battingTeam, i.runs])).toEqual([
      ['a', 384],
      ['b', 567],
      ['a', 342],
      ['b', 161],
    ]);
    expect(followOnEnforced(innings)).toBe(false);
    expect(matchNotes({ format: 'test', teamNames: teams, innings, oversLimitBalls: null, ballsPerOver: 6, method: null })).toEqual([]);

    const situationAfter = (count: number, runsOfLast?: number) => {
      const played = innings.slice(0, count).map((i) => ({ ...i }));
      if (runsOfLast !== undefined) played[count - 1]!.runs = runsOfLast;
      return situationText(matchSituation('test', played, null)!, teams);
    };
    expect(situationAfter(2)).toBe('Australia lead by 183 runs');
    expect(situationAfter(3, 102)).toBe('England trail by 81 runs');
    expect(situationAfter(3)).toBe('England lead by 159 runs');
    expect(situationAfter(4, 0)).toBe('Australia need 160 runs to win');
  });

  it('a DLS chase (1529293) gets its revised target; an ordinary chase (1491710) none', () => {
    const dls = readMatch('e2e/1529293');
    const notes = matchNotes({
      format: 't20',
      teamNames: { a: dls.info.teams[0]!, b: dls.info.teams[1]! },
      innings: realNotesInnings(dls),
      oversLimitBalls: 120,
      ballsPerOver: 6,
      method: dls.info.outcome.method ?? null,
    });
    expect(notes).toEqual(['Target revised to 213 from 19 overs (DLS)']);

    const odi = readMatch('e2e/1491710');
    const plain = matchNotes({
      format: 'oneday',
      teamNames: { a: odi.info.teams[0]!, b: odi.info.teams[1]! },
      innings: realNotesInnings(odi),
      oversLimitBalls: 300,
      ballsPerOver: 6,
      method: null,
    });
    expect(plain).toEqual([]);
  });
});
