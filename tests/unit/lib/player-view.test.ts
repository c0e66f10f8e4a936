import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  battingText,
  bowlingText,
  dateRangeText,
  filterTournaments,
  matchName,
  matchTotals,
  oversText,
  pickOne,
  playerPageHref,
  recentMatches,
  MATCH_FILTERS,
} from '../../../src/views/player-view.ts';
import type { PlayerInfoMatch, PlayerInfoTournament } from '../../../src/server/services/match-centre-types.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

const testMatch: PlayerInfoMatch = {
  key: '1455615',
  name: 'England v Australia, 5th Test',
  teams: { a: 'England', b: 'Australia' },
  title: { en: '5th Test', hi: 'पाँचवाँ टेस्ट' },
  startAt: day('2026-01-04'),
  format: 'test',
  formatType: 'test',
  ballsPerOver: 6,
  innings: [
    { batting: { runs: 37, balls: 64, notOut: false }, bowling: { wickets: 1, runs: 85, calledBalls: 111 } },
    { batting: { runs: 22, balls: 27, notOut: true }, bowling: { wickets: 0, runs: 40, calledBalls: 36 } },
  ],
};
const t20Match = (key: string, date: string, bowling?: [number, number]): PlayerInfoMatch => ({
  key,
  name: `T20 ${key}`,
  teams: { a: 'India', b: 'Ireland' },
  title: { en: `Match ${key}`, hi: `मैच ${key}` },
  startAt: day(date),
  format: 't20',
  formatType: 't20',
  ballsPerOver: 6,
  innings: bowling ? [{ batting: null, bowling: { wickets: bowling[0], runs: bowling[1], calledBalls: 24 } }] : [],
});
const tournament = (key: string, matches: PlayerInfoMatch[]): PlayerInfoTournament => ({
  key,
  name: key,
  formats: [...new Set(matches.map((match) => match.format))],
  formatTypes: [...new Set(matches.map((match) => match.formatType))],
  startAt: Math.min(...matches.map((match) => match.startAt)),
  lastMatchAt: Math.max(...matches.map((match) => match.startAt)),
  teamsPlayedFor: [],
  matchesPlayed: matches.length,
  runs: 0,
  strikeRate: 0,
  average: null,
  wickets: 0,
  matches,
});

describe('player page helpers', () => {
  it('prints both innings of a Test in playing order, not outs starred', () => {
    expect(battingText(testMatch)).toBe('37 & 22*');
    expect(bowlingText(testMatch)).toBe('1/85 & 0/40');
    expect(oversText(testMatch)).toBe('18.3 & 6');
    expect(matchTotals([testMatch])).toEqual({ runs: 59, wickets: 1 });
  });

  it("prints overs in the match's balls per over: The Hundred's sets of five", () => {
    const hundred: PlayerInfoMatch = {
      ...t20Match('h', '2025-08-05'),
      ballsPerOver: 5,
      innings: [{ batting: null, bowling: { wickets: 2, runs: 21, calledBalls: 23 } }],
    };
    expect(oversText(hundred)).toBe('4.3');
  });

  it('says nothing for a discipline the player did not take part in', () => {
    const match = t20Match('a', '2026-04-06');
    expect(battingText(match)).toBeNull();
    expect(bowlingText(match)).toBeNull();
  });

  it('recent form is the latest matches across tournaments, newest first', () => {
    const info = {
      tournaments: [
        tournament('ipl', [t20Match('c', '2026-04-26', [1, 12]), t20Match('b', '2026-04-06')]),
        tournament('ashes', [testMatch]),
      ],
    };
    expect(recentMatches(info, 2).map(({ match }) => match.key)).toEqual(['c', 'b']);
    expect(recentMatches(info).map(({ tournament: tou }) => tou.key)).toEqual(['ipl', 'ipl', 'ashes']);
  });

  it('the format filter keeps matching matches and marks split tournaments', () => {
    const mixed = tournament('tour', [t20Match('t', '2026-03-01'), { ...testMatch, key: 'x' }]);
    const [entry] = filterTournaments({ tournaments: [mixed] }, 't20');
    expect(entry?.matches.map((match) => match.key)).toEqual(['t']);
    expect(entry?.complete).toBe(false);
    expect(filterTournaments({ tournaments: [mixed] }, 'odi')).toEqual([]);
    expect(filterTournaments({ tournaments: [mixed] }, 'all')[0]?.complete).toBe(true);
  });

  it('a type keeps the matches that count in its career: first-class keeps Tests, Test keeps no first-class match', () => {
    const shield = { ...testMatch, key: 'shield', name: 'Queensland v Tasmania, Final', formatType: 'first_class' as const };
    const info = { tournaments: [tournament('ashes', [testMatch]), tournament('shield', [shield])] };
    expect(filterTournaments(info, 'first_class').map((entry) => entry.tournament.key)).toEqual(['ashes', 'shield']);
    expect(filterTournaments(info, 'test').map((entry) => entry.tournament.key)).toEqual(['ashes']);
  });

  it('query values outside the allowed set fall back', () => {
    expect(pickOne('oneday', MATCH_FILTERS, 'all')).toBe('all');
    expect(pickOne('first_class', MATCH_FILTERS, 'all')).toBe('first_class');
    expect(pickOne('test', MATCH_FILTERS, 'all')).toBe('test');
    expect(pickOne(null, MATCH_FILTERS, 'all')).toBe('all');
  });

  it('links keep the player key in the query and the language in the path', () => {
    expect(playerPageHref({ lang: 'hi', playerKey: 'eaa76d3c', matchKey: '1455615' }, { tab: 'matches', view: 'bowling' })).toBe(
      '/hi/getMatchList/playerInformation/1455615?player_key=eaa76d3c&tab=matches&view=bowling',
    );
    expect(playerPageHref({ lang: 'en', playerKey: 'a b', matchKey: null })).toBe('/getMatchList/playerInformation?player_key=a+b');
  });

  it('age only when the birth date is known', () => {
    expect(ageInYears(null)).toBeNull();
    expect(ageInYears('1999-06-19', new Date('2026-01-01T00:00:00Z'))).toBe(27);
  });

  it('date ranges drop the first year when both ends share it', () => {
    expect(dateRangeText(day('2026-04-06'), day('2026-05-24'), 'en')).toBe('06 Apr – 24 May 2026');
    expect(dateRangeText(day('2025-12-26'), day('2026-01-08'), 'en')).toBe('26 Dec 2025 – 08 Jan 2026');
  });
});

describe('matchName', () => {
  it("keeps the English name as the service writes it, and names the sides and title in Hindi on Hindi pages", () => {
    expect(matchName(testMatch, 'en')).toBe('England v Australia, 5th Test');
    expect(matchName(testMatch, 'hi')).toBe('इंग्लैंड बनाम ऑस्ट्रेलिया, पाँचवाँ टेस्ट');
  });
});
