// The rules a live ball must keep (domain/ball-sense.ts): every ball of the real matches kept
// under tests/fixtures/cricsheet keeps them, as does the one ball of cricket with a dismissal and a
// timed out (Cricsheet 1384429); each nonsense ball issue 24 sent, made from a real one, breaks
// the rule it names.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ballInPlayRefusal, ballItselfRefusal, type BallRule, type BallSituation } from '../../../src/server/domain/ball-sense.ts';
import type { Delivery } from '../../../src/server/domain/types.ts';
import { readMatch, realInnings } from './cricket-data.ts';

const FIXTURES = new URL('../../fixtures/cricsheet/', import.meta.url);
const realMatches = [
  ...readdirSync(FIXTURES).filter((name) => name.endsWith('.json')),
  ...readdirSync(new URL('real/', FIXTURES)).filter((name) => name.endsWith('.json')).map((name) => `real/${name}`),
].map((name) => name.replace(/\.json$/, ''));

describe('real matches keep every rule', () => {
  it.each(realMatches)('Cricsheet %s', (id) => {
    const match = readMatch(id);
    const sides = new Map<string, 'a' | 'b'>();
    match.info.teams.forEach((team, index) => {
      for (const name of match.info.players?.[team] ?? []) sides.set(name, index === 0 ? 'a' : 'b');
    });
    let balls = 0;
    match.innings.forEach((source, index) => {
      const innings = realInnings(match, index);
      let lastOver: number | null = null;
      for (const delivery of innings.deliveries) {
        const situation: BallSituation = {
          battingSide: innings.battingTeam,
          sides,
          sheets: new Set(sides.values()),
          oversLimit: innings.superOver ? 1 : (match.info.overs ?? null),
          lastOver,
        };
        expect([ballItselfRefusal(delivery), ballInPlayRefusal(delivery, situation)], `${source.team}, over ${delivery.over}`).toEqual([null, null]);
        lastOver = delivery.over;
        balls += 1;
      }
    });
    expect(balls).toBeGreaterThan(0);
  });
});

// The first ball of the IPL's first match (Cricsheet 335982): Ganguly faces Praveen Kumar, McCullum backing up.
const first: Delivery = {
  over: 0,
  batter: 'SC Ganguly',
  nonStriker: 'BB McCullum',
  bowler: 'P Kumar',
  runsBatter: 0,
  runsExtras: 1,
  runsTotal: 1,
  nonBoundary: false,
  extras: { wides: 0, noballs: 0, byes: 0, legbyes: 1, penalty: 0 },
  wickets: [],
};
const opener = readMatch('335982');
const openerSides = new Map<string, 'a' | 'b'>([
  ...opener.info.players!['Kolkata Knight Riders']!.map((name) => [name, 'a'] as const),
  ...opener.info.players!['Royal Challengers Bangalore']!.map((name) => [name, 'b'] as const),
]);
const inPlay: BallSituation = { battingSide: 'a', sides: openerSides, sheets: new Set(['a', 'b']), oversLimit: 20, lastOver: 3 };
const out = (kind: Delivery['wickets'][number]['kind'], playerOut: string): Delivery['wickets'][number] => ({ kind, playerOut, fielders: [] });

describe('the ball itself', () => {
  it('takes the real ball, and the dismissal and timed out of one ball (Samarawickrama caught, Mathews timed out)', () => {
    expect(ballItselfRefusal(first)).toBeNull();
    const mathews: Delivery = {
      ...first,
      batter: 'S Samarawickrama',
      nonStriker: 'KIC Asalanka',
      bowler: 'Shakib Al Hasan',
      runsExtras: 0,
      runsTotal: 0,
      extras: { wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: 0 },
      wickets: [{ kind: 'caught', playerOut: 'S Samarawickrama', fielders: [{ id: 'Mahmudullah', name: 'Mahmudullah', substitute: false }] }, out('timed out', 'AD Mathews')],
    };
    expect(ballItselfRefusal(mathews)).toBeNull();
    // A batter run out as his partner retires hurt.
    expect(ballItselfRefusal({ ...first, wickets: [out('run out', 'SC Ganguly'), out('retired hurt', 'BB McCullum')] })).toBeNull();
  });

  it.each<[BallRule, Delivery]>([
    ['bowler-is-batter', { ...first, bowler: 'SC Ganguly' }],
    ['bowler-is-batter', { ...first, bowler: 'BB McCullum' }],
    ['out-not-batting', { ...first, wickets: [out('caught', 'RT Ponting')] }],
    ['out-not-batting', { ...first, wickets: [out('run out', 'P Kumar')] }],
    ['two-dismissals', { ...first, wickets: [out('run out', 'SC Ganguly'), out('run out', 'BB McCullum')] }],
    ['two-dismissals', { ...first, wickets: [out('bowled', 'SC Ganguly'), out('retired hurt', 'SC Ganguly')] }],
    ['wide-with-byes', { ...first, extras: { ...first.extras, wides: 1, legbyes: 0, byes: 4 } }],
    ['wide-with-byes', { ...first, extras: { ...first.extras, wides: 1 } }],
    ['wide-and-no-ball', { ...first, extras: { ...first.extras, legbyes: 0, wides: 1, noballs: 1 } }],
  ])('refuses %s', (rule, delivery) => {
    expect(ballItselfRefusal(delivery)?.rule).toBe(rule);
  });
});

describe('the ball in its match', () => {
  it('takes the real ball in its place, and anyone on a side whose team sheet is not known', () => {
    expect(ballInPlayRefusal({ ...first, over: 3 }, inPlay)).toBeNull();
    expect(ballInPlayRefusal({ ...first, over: 4 }, inPlay)).toBeNull();
    expect(ballInPlayRefusal({ ...first, over: 0 }, { ...inPlay, lastOver: null })).toBeNull();
    // No sheets (a fixture made without squads): nothing to check the players against.
    expect(ballInPlayRefusal({ ...first, bowler: 'Someone Else' }, { ...inPlay, sides: new Map(), sheets: new Set(), lastOver: 0 })).toBeNull();
    // A Test has no over limit.
    expect(ballInPlayRefusal({ ...first, over: 140 }, { ...inPlay, oversLimit: null, lastOver: 139 })).toBeNull();
    // A substitute fielder need not be on the sheet.
    const caughtBySub = { ...first, over: 3, wickets: [{ kind: 'caught' as const, playerOut: 'SC Ganguly', fielders: [{ id: 'A Substitute', name: 'A Substitute', substitute: true }] }] };
    expect(ballInPlayRefusal(caughtBySub, inPlay)).toBeNull();
  });

  it.each<[BallRule, Delivery, BallSituation]>([
    ['bowler-on-batting-side', { ...first, over: 3, bowler: 'RT Ponting' }, inPlay],
    ['batter-on-fielding-side', { ...first, over: 3, batter: 'R Dravid' }, inPlay],
    ['batter-on-fielding-side', { ...first, over: 3, nonStriker: 'JH Kallis' }, inPlay],
    ['player-not-in-match', { ...first, over: 3, batter: 'SR Tendulkar' }, inPlay],
    ['player-not-in-match', { ...first, over: 3, bowler: 'SR Tendulkar' }, inPlay],
    ['fielder-on-batting-side', { ...first, over: 3, wickets: [{ kind: 'caught' as const, playerOut: 'SC Ganguly', fielders: [{ id: 'RT Ponting', name: 'RT Ponting', substitute: false }] }] }, inPlay],
    ['over-beyond-limit', { ...first, over: 998 }, inPlay],
    ['over-beyond-limit', { ...first, over: 20 }, { ...inPlay, lastOver: 19 }],
    ['over-beyond-limit', { ...first, over: 1 }, { ...inPlay, oversLimit: 1, lastOver: 0 }],
    ['over-backwards', { ...first, over: 2 }, inPlay],
  ])('refuses %s', (rule, delivery, situation) => {
    expect(ballInPlayRefusal(delivery, situation)?.rule).toBe(rule);
  });
});
