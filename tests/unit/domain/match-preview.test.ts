// The preview's rules on small hand-made matches (the real matches are in
// tests/integration/match-previews-real.test.ts): form counts the latest five with a ball bowled,
// newest first; head to head counts meetings whichever side each was listed as; the venue's record
// averages the first innings and splits wins by who batted first; the players in form lead their
// side's form matches; a milestone is the next round figure within a good match's reach.
import { describe, expect, it } from 'vitest';
import {
  milestonesInReach,
  nextMilestone,
  playersInForm,
  previewHeadToHead,
  recentForm,
  venueRecord,
  writeMatchPreview,
  type PastMatch,
  type PlayerLine,
  type PreviewFacts,
} from '../../../src/server/domain/match-preview.ts';
import { hindiStyleProblems } from '../../helpers/hindi-style.ts';

let nextId = 1;
function match(date: string, a: string, b: string, winner: 'a' | 'b' | null, extra: Partial<PastMatch> = {}): PastMatch {
  const id = nextId++;
  return { id, key: `m${id}`, date, teams: { a, b }, venueId: null, winner, result: null, innings: [{ side: 'a', runs: 200 }, { side: 'b', runs: 150 }], ...extra };
}

describe('recentForm', () => {
  it('takes the five latest matches with a ball bowled, newest first, from the side’s point of view', () => {
    const matches = [
      match('2025-01-01', 'ind', 'eng', 'a'),
      match('2025-02-01', 'eng', 'ind', 'a'), // India lost
      match('2025-03-01', 'ind', 'aus', null, { result: 'draw' }),
      match('2025-04-01', 'sa', 'ind', 'b'),
      match('2025-05-01', 'ind', 'wi', null, { result: 'no result', innings: [] }), // washed out: not counted
      match('2025-06-01', 'nz', 'ind', null, { result: 'tie' }),
      match('2025-07-01', 'ind', 'ban', 'a'),
      match('2025-08-01', 'eng', 'aus', 'a'), // not India's
    ];
    const form = recentForm(matches, 'ind');
    expect(form.results.map((r) => r.letter)).toEqual(['W', 'T', 'W', 'D', 'L']);
    expect(form.results.map((r) => r.opponent)).toEqual(['ban', 'nz', 'sa', 'aus', 'eng']);
    expect([form.won, form.lost, form.other]).toEqual([2, 1, 2]);
  });

  it('orders two matches of one day by id', () => {
    const first = match('2025-01-01', 'ind', 'eng', 'a');
    const second = match('2025-01-01', 'ind', 'eng', 'b');
    expect(recentForm([first, second], 'ind', 1).results[0]!.matchKey).toBe(second.key);
  });
});

describe('previewHeadToHead', () => {
  it('counts meetings whichever side each team was listed as', () => {
    const matches = [
      match('2025-01-01', 'ind', 'eng', 'a'),
      match('2025-02-01', 'eng', 'ind', 'a'),
      match('2025-03-01', 'eng', 'ind', 'b'),
      match('2025-04-01', 'ind', 'eng', null, { result: 'draw' }),
      match('2025-05-01', 'ind', 'aus', 'a'),
    ];
    const h2h = previewHeadToHead(matches, { a: 'ind', b: 'eng' });
    expect(h2h).toMatchObject({ played: 4, won: { a: 2, b: 1 }, drawn: 1, tied: 0, noResult: 0 });
  });
});

describe('venueRecord', () => {
  it('averages the first innings (rounded) and splits the wins by who batted first', () => {
    const at = (runs: number, winner: 'a' | 'b' | null, firstSide: 'a' | 'b' = 'a') =>
      match('2025-01-01', 'x', 'y', winner, { venueId: 7, innings: [{ side: firstSide, runs }, { side: firstSide === 'a' ? 'b' : 'a', runs: 100 }] });
    const matches = [at(300, 'a'), at(251, 'a', 'b'), at(200, null), match('2025-01-01', 'x', 'y', 'a', { venueId: 8 }), match('2025-01-01', 'x', 'y', null, { venueId: 7, innings: [] })];
    expect(venueRecord(matches, 7)).toEqual({ matches: 3, firstInningsAverage: 250, wonBattingFirst: 1, wonBattingSecond: 1, other: 1 });
    expect(venueRecord(matches, 9)).toEqual({ matches: 0, firstInningsAverage: null, wonBattingFirst: 0, wonBattingSecond: 0, other: 0 });
  });
});

describe('playersInForm', () => {
  const line = (matchKey: string, team: string, name: string, runs: number | null, wickets: number | null): PlayerLine => ({ matchKey, team, player: { key: name, name }, runs, wickets });
  it('leads the side’s form matches by runs and by wickets, fewer innings first among equals', () => {
    const lines = [
      line('m1', 'ind', 'Gill', 100, null),
      line('m1', 'ind', 'Gill', 20, null),
      line('m2', 'ind', 'Pant', 120, null),
      line('m9', 'ind', 'Kohli', 500, null), // not a form match
      line('m1', 'eng', 'Root', 300, null), // the other side
      line('m1', 'ind', 'Siraj', null, 4),
      line('m2', 'ind', 'Siraj', null, 2),
      line('m2', 'ind', 'Bumrah', null, 5),
    ];
    const { batter, bowler } = playersInForm(lines, 'ind', ['m1', 'm2']);
    expect(batter).toMatchObject({ player: { name: 'Pant' }, total: 120, innings: 1, matches: 2 });
    expect(bowler).toMatchObject({ player: { name: 'Siraj' }, total: 6, innings: 2 });
    expect(playersInForm([line('m1', 'ind', 'Gill', 0, 0)], 'ind', ['m1'])).toEqual({ batter: null, bowler: null });
  });
});

describe('milestones', () => {
  it('is the next round figure within a good match’s reach in the format', () => {
    expect(nextMilestone(8962, 'runs', 't20')).toEqual({ target: 9000, needed: 38 });
    expect(nextMilestone(8949, 'runs', 't20')).toBeNull();
    expect(nextMilestone(8901, 'runs', 'test')).toEqual({ target: 9000, needed: 99 });
    expect(nextMilestone(9000, 'runs', 'test')).toBeNull(); // reached: the next is 10,000
    expect(nextMilestone(460, 'runs', 'test')).toEqual({ target: 500, needed: 40 });
    expect(nextMilestone(960, 'runs', 'oneday')).toEqual({ target: 1000, needed: 40 });
    expect(nextMilestone(296, 'wickets', 'test')).toEqual({ target: 300, needed: 4 });
    expect(nextMilestone(296, 'wickets', 't20')).toBeNull();
    expect(nextMilestone(22, 'wickets', 'oneday')).toEqual({ target: 25, needed: 3 });
  });

  it('tells the nearest (for the reach) first, at most four', () => {
    const career = (name: string, runs: number, wickets: number) => ({ team: 'ind', player: { key: name, name }, runs, wickets });
    const found = milestonesInReach([career('A', 1990, 0), career('B', 5950, 48), career('C', 120, 0), career('D', 2920, 0), career('E', 3980, 0), career('F', 970, 0)], 'test');
    expect(found.map((m) => `${m.player.name} ${m.kind} ${m.needed}`)).toEqual(['A runs 10', 'E runs 20', 'F runs 30', 'B wickets 2']);
  });
});

describe('writeMatchPreview', () => {
  const facts = (): PreviewFacts => {
    const m1 = match('2025-01-01', 'ind', 'eng', 'a', { venueId: 3 });
    const m2 = match('2025-02-01', 'eng', 'ind', null, { result: 'draw' });
    return {
      key: 'f1',
      format: 'test',
      formatType: 'test',
      gender: 'male',
      startAt: '2026-12-01T05:00:00.000Z',
      tournament: { key: 't', name: 'England tour of India 2026' },
      venue: { id: 3, name: 'Wankhede Stadium, Mumbai' },
      teams: { a: { key: 'ind', name: 'India' }, b: { key: 'eng', name: 'England' } },
      matches: [m1, m2],
      lines: [
        { matchKey: m1.key, team: 'ind', player: { key: 'k', name: 'V Kohli' }, runs: 80, wickets: null },
        { matchKey: m2.key, team: 'eng', player: { key: 'r', name: 'JE Root' }, runs: 40, wickets: null },
      ],
      careers: [{ team: 'ind', player: { key: 'k', name: 'V Kohli' }, runs: 8962, wickets: 0 }],
      hindiName: (kind, latin) => ({ India: 'भारत', England: 'इंग्लैंड', 'V Kohli': 'विराट कोहली', 'Wankhede Stadium, Mumbai': 'वानखेड़े स्टेडियम' })[latin] ?? latin,
    };
  };

  it('says each claim in both languages, names in Hindi in the Hindi text, and tags what it is about', () => {
    const preview = writeMatchPreview(facts());
    const kinds = preview.claims.map((claim) => claim.kind);
    expect(kinds).toEqual(['form', 'form', 'headToHead', 'venue', 'inForm', 'inForm', 'milestone']);
    expect(preview.claims).toContainEqual({ kind: 'headToHead', played: 2, won: { a: 1, b: 0 }, drawn: 1, tied: 0, noResult: 0 });
    expect(preview.claims).toContainEqual({ kind: 'milestone', team: 'ind', player: 'V Kohli', figure: 'runs', total: 8962, target: 9000, needed: 38 });
    const en = preview.texts.en.paragraphs.join(' ');
    expect(en).toContain('V Kohli needs 38 for 9,000 Test runs.');
    expect(en).toContain('India won 1 and lost 0, with 1 drawn, tied or without a result, of their last 2 Test matches (latest first: D W).');
    expect(en).toContain('At Wankhede Stadium, Mumbai, the first innings has averaged 200 in the 1 Test match played there');
    const hi = preview.texts.hi;
    expect(hi.paragraphs.join(' ')).toContain('विराट कोहली को 9000 टेस्ट रन पूरे करने के लिए 38 रन चाहिए।');
    expect(hi.heading).toBe('मैच से पहले: भारत बनाम इंग्लैंड, टेस्ट');
    for (const part of [hi.heading, hi.sub_heading, hi.content, ...hi.paragraphs]) expect(hindiStyleProblems(part), part).toEqual([]);
    expect(preview.tags).toEqual([
      { kind: 'match', key: 'f1' },
      { kind: 'tournament', key: 't' },
      { kind: 'team', key: 'ind' },
      { kind: 'team', key: 'eng' },
      { kind: 'player', key: 'k' },
      { kind: 'player', key: 'r' },
    ]);
  });

  it('says when the sides have not met and tells no venue record without a match there', () => {
    const preview = writeMatchPreview({ ...facts(), matches: [], lines: [], careers: [] });
    expect(preview.claims).toEqual([{ kind: 'headToHead', played: 0, won: { a: 0, b: 0 }, drawn: 0, tied: 0, noResult: 0 }]);
    expect(preview.texts.en.paragraphs).toEqual(["India and England have not met in a Test match in the site's data."]);
  });
});
