// The live centre's cricket (decision 073) on real matches (tests/fixtures/cricsheet): the stand
// at the crease and the last wicket after every ball of fifteen matches, each checked against a
// count of its own over the raw Cricsheet deliveries (not the scorecard fold the functions read);
// the bowler's maidens in the live state the same way; figures from published scorecards; the
// projected totals, a chase's rates and the win percents.
import { describe, expect, it } from 'vitest';
import { chaseRates, currentStand, lastWicket, PROJECTION_RATES, projectedTotals, winPercents } from '../../../src/server/domain/live-centre.ts';
import { ballKey, liveStateOf, type SequencedDelivery } from '../../../src/server/domain/live.ts';
import { InningsTally, type InningsTallyState } from '../../../src/server/domain/scorecard.ts';
import { readMatch, realInnings, type CricsheetMatch } from './cricket-data.ts';

const REAL = ['real/1216517', 'real/1304066', 'real/1392691', 'real/1415708', 'real/1415725', 'real/392183', 'e2e/1455615', 'e2e/1491710', 'e2e/1511691', 'e2e/1528293', 'e2e/1529281', 'e2e/1529293', 'e2e/1529312', '335982', '336040'];

const NOT_TEAM_WICKETS = new Set(['retired hurt', 'retired not out']);
const CREDITED = new Set(['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'hit wicket']);

/** The tally after the first `legal` legal balls of a real innings (the whole innings when it has fewer). */
function tallyAfter(id: string, index: number, legal: number): InningsTallyState {
  const input = realInnings(readMatch(id), index);
  const tally = InningsTally.start(input);
  let count = 0;
  for (const delivery of input.deliveries) {
    if (count >= legal) break;
    tally.add(delivery);
    if (delivery.extras.wides === 0 && delivery.extras.noballs === 0) count += 1;
  }
  return tally.save();
}

type RawDelivery = NonNullable<CricsheetMatch['innings'][number]['overs']>[number]['deliveries'][number];

describe('the stand at the crease and the last wicket, after every ball of fifteen real matches', () => {
  it('agree with a count of the raw deliveries: the pair’s runs and legal balls, the batter out with his runs, balls, kind, bowler, fielders, team score and overs', () => {
    let checked = 0;
    let wicketsSeen = 0;
    for (const id of REAL) {
      const match = readMatch(id);
      match.innings.forEach((source, index) => {
        const input = realInnings(match, index);
        const tally = InningsTally.start(input);
        const raw: { over: number; delivery: RawDelivery }[] = (source.overs ?? []).flatMap((over) => over.deliveries.map((delivery) => ({ over: over.over, delivery })));
        expect(raw.length).toBe(input.deliveries.length);
        // The independent count.
        let teamRuns = input.penaltyRunsPre;
        let pair: string | null = null;
        let stand = { runs: 0, balls: 0 };
        let standOver = false;
        let wickets = 0;
        let legalInOver = 0;
        let overIndex = -1;
        const batted = new Map<string, { runs: number; balls: number }>();
        let expectedWicket: ReturnType<typeof lastWicket> = null;
        raw.forEach(({ over, delivery }, i) => {
          tally.add(input.deliveries[i]!);
          const extras = delivery.extras ?? {};
          const legal = !extras.wides && !extras.noballs;
          if (over !== overIndex) {
            overIndex = over;
            legalInOver = 0;
          }
          if (legal) legalInOver += 1;
          const thisPair = [delivery.batter, delivery.non_striker].sort().join('|');
          if (thisPair !== pair || standOver) {
            pair = thisPair;
            stand = { runs: 0, balls: 0 };
            standOver = false;
          }
          stand.runs += delivery.runs.total;
          if (legal) stand.balls += 1;
          teamRuns += delivery.runs.total;
          const facing = batted.get(delivery.batter) ?? { runs: 0, balls: 0 };
          facing.runs += delivery.runs.batter;
          if (!extras.wides) facing.balls += 1;
          batted.set(delivery.batter, facing);
          for (const wicket of delivery.wickets ?? []) {
            if (NOT_TEAM_WICKETS.has(wicket.kind)) continue;
            wickets += 1;
            standOver = true;
            const out = batted.get(wicket.player_out) ?? { runs: 0, balls: 0 };
            expectedWicket = {
              player: wicket.player_out,
              runs: out.runs,
              balls: out.balls,
              kind: wicket.kind,
              bowler: CREDITED.has(wicket.kind) ? delivery.bowler : null,
              fielders: (wicket.fielders ?? []).map((fielder) => ({ id: fielder.name ?? null, name: fielder.name ?? null, substitute: fielder.substitute ?? false })),
              wicketNumber: wickets,
              teamRuns,
              position: { over, ball: legalInOver },
            };
          }
          const state = tally.save();
          const allOut = wickets >= 10;
          expect(currentStand(state), `${id} innings ${index + 1} ball ${i + 1}`).toEqual(allOut ? null : standOver ? { runs: 0, balls: 0 } : stand);
          expect(lastWicket(state), `${id} innings ${index + 1} ball ${i + 1}`).toEqual(expectedWicket);
          checked += 1;
        });
        wicketsSeen += wickets;
      });
    }
    expect(checked).toBeGreaterThan(7000);
    expect(wicketsSeen).toBeGreaterThan(200);
  });

  it('the bowler of the latest ball carries his maidens in the live state, as a count of his complete overs that cost him nothing', () => {
    let overEnds = 0;
    let maidensSeen = 0;
    for (const id of REAL) {
      const match = readMatch(id);
      match.innings.forEach((source, index) => {
        const input = realInnings(match, index);
        const tally = InningsTally.start(input);
        const recent: SequencedDelivery[] = [];
        const maidens = new Map<string, number>();
        const overs = source.overs ?? [];
        let seq = 0;
        for (const over of overs) {
          const bowlers = new Set(over.deliveries.map((delivery) => delivery.bowler));
          const legal = over.deliveries.filter((delivery) => !delivery.extras?.wides && !delivery.extras?.noballs).length;
          const charged = over.deliveries.reduce((sum, delivery) => sum + delivery.runs.batter + (delivery.extras?.wides ?? 0) + (delivery.extras?.noballs ?? 0), 0);
          for (const _delivery of over.deliveries) {
            const delivery = input.deliveries[seq]!;
            seq += 1;
            tally.add(delivery);
            recent.push({ seq, delivery });
          }
          // Only the six-ball overs the source does not call short or long (scorecard.test.ts covers those).
          if (bowlers.size !== 1 || legal !== input.ballsPerOver) continue;
          const [bowler] = bowlers;
          if (charged === 0) maidens.set(bowler!, (maidens.get(bowler!) ?? 0) + 1);
          const live = liveStateOf({
            battingSide: input.battingTeam,
            inningsNumber: 1,
            tally: tally.save(),
            recent: recent.slice(-24),
            target: null,
            lead: null,
            breakReason: null,
            player: (key) => ({ key, name: key }),
            ballKey: (s, position) => ballKey(index + 1, position, s),
          });
          expect(live.recentPlayers.bowler?.player.key).toBe(bowler);
          expect(live.recentPlayers.bowler?.maidens, `${id} innings ${index + 1} over ${over.over + 1}`).toBe(maidens.get(bowler!) ?? 0);
          overEnds += 1;
        }
        maidensSeen += [...maidens.values()].reduce((sum, value) => sum + value, 0);
      });
    }
    expect(overEnds).toBeGreaterThan(1000);
    expect(maidensSeen).toBeGreaterThan(50);
  });

  it('figures of published scorecards', () => {
    // IPL 2008's first match: after 10 overs Kolkata were 87/1, McCullum and Ponting 26 together
    // off 28 balls since Ganguly, c Kallis b Zaheer Khan 10 (12), fell at 61/1 in 5.2 overs.
    const kkr = tallyAfter('335982', 0, 60);
    expect(kkr.runs).toBe(87);
    expect(currentStand(kkr)).toEqual({ runs: 26, balls: 28 });
    expect(lastWicket(kkr)).toMatchObject({ player: 'SC Ganguly', runs: 10, balls: 12, kind: 'caught', bowler: 'Z Khan', wicketNumber: 1, teamRuns: 61, position: { over: 5, ball: 2 } });
    expect(lastWicket(kkr)?.fielders.map((fielder) => fielder.name)).toEqual(['JH Kallis']);
    // USA v India, T20 World Cup 2024: Pant bowled by Ali Khan for 18 (20) at 39/3 in 7.3 overs.
    expect(lastWicket(tallyAfter('real/1415725', 1, 60))).toMatchObject({ player: 'RR Pant', runs: 18, balls: 20, kind: 'bowled', bowler: 'Ali Khan', fielders: [], teamRuns: 39, position: { over: 7, ball: 3 } });
    // Bangalore's 82 all out: no stand once the tenth wicket is down.
    const rcb = tallyAfter('335982', 1, 120);
    expect(rcb.fallOfWickets).toHaveLength(10);
    expect(currentStand(rcb)).toBeNull();
  });
});

describe('projected totals', () => {
  it('a T20 after 10 overs (Kolkata 87/1 in the 2008 opener, who made 222/3): at the current 8.70 and at 6, 8, 10 and 12 an over', () => {
    const kkr = tallyAfter('335982', 0, 60);
    const totals = projectedTotals({ format: 't20', runs: kkr.runs, legalBalls: kkr.legalBalls, calledBalls: kkr.legalBalls, limitBalls: 120 });
    expect(totals).toEqual([
      { rate: 8.7, current: true, total: 174 },
      { rate: 6, current: false, total: 147 },
      { rate: 8, current: false, total: 167 },
      { rate: 10, current: false, total: 187 },
      { rate: 12, current: false, total: 207 },
    ]);
  });

  it('an ODI after 25 overs (New Zealand Women 106/2 against South Africa, 2026): at 4.24 and at 4, 5, 6 and 7 an over', () => {
    const nz = tallyAfter('e2e/1491710', 0, 150);
    expect([nz.runs, nz.legalBalls]).toEqual([106, 150]);
    const totals = projectedTotals({ format: 'oneday', runs: nz.runs, legalBalls: 150, calledBalls: 150, limitBalls: 300 });
    expect(totals.map((projection) => [projection.rate.toFixed(2), projection.total])).toEqual([
      ['4.24', 212],
      ['4.00', 206],
      ['5.00', 231],
      ['6.00', 256],
      ['7.00', 281],
    ]);
    expect(PROJECTION_RATES.oneday).toEqual([4, 5, 6, 7]);
  });

  it('an over in progress counts its balls; before the first ball only the nominated rates; nothing in a Test or with no ball left', () => {
    // 45 off 32 balls (5.2 overs): 88 balls left.
    expect(projectedTotals({ format: 't20', runs: 45, legalBalls: 32, calledBalls: 32, limitBalls: 120 })[0]).toEqual({ rate: 45 * 6 / 32, current: true, total: 169 });
    expect(projectedTotals({ format: 't20', runs: 0, legalBalls: 0, calledBalls: 0, limitBalls: 120 }).map((projection) => projection.total)).toEqual([120, 160, 200, 240]);
    expect(projectedTotals({ format: 'test', runs: 300, legalBalls: 540, calledBalls: 540, limitBalls: null })).toEqual([]);
    expect(projectedTotals({ format: 't20', runs: 180, legalBalls: 120, calledBalls: 120, limitBalls: 120 })).toEqual([]);
    // A rain-shortened innings projects to its own limit (a 12-over match).
    expect(projectedTotals({ format: 't20', runs: 60, legalBalls: 36, calledBalls: 36, limitBalls: 72 })[0]?.total).toBe(120);
  });
});

describe('a chase’s required rate against the current one', () => {
  it('India chasing 111 against the USA (T20 World Cup 2024), 47/3 after 10 overs: 64 needed off 60 at 6.40 against 4.70', () => {
    const india = tallyAfter('real/1415725', 1, 60);
    expect([india.runs, india.legalBalls]).toEqual([47, 60]);
    const rates = chaseRates({ runs: india.runs, calledBalls: india.legalBalls, requiredRuns: 111 - india.runs, ballsLeft: 120 - india.legalBalls });
    expect(rates?.required).toBeCloseTo(6.4, 10);
    expect(rates?.current).toBeCloseTo(4.7, 10);
    expect(rates?.gap).toBeCloseTo(1.7, 10);
    // At 4.70 an over they would reach 94, short of 111 (India won with 10 balls to spare).
    expect(rates?.projected).toBe(94);
  });

  it('ahead of the rate the gap is negative; no rates without balls left, without a limit, or before a legal ball', () => {
    expect(chaseRates({ runs: 100, calledBalls: 60, requiredRuns: 40, ballsLeft: 60 })?.gap).toBeCloseTo(-6, 10);
    expect(chaseRates({ runs: 100, calledBalls: 120, requiredRuns: 5, ballsLeft: 0 })).toBeNull();
    expect(chaseRates({ runs: 200, calledBalls: 400, requiredRuns: 150, ballsLeft: null })).toBeNull();
    expect(chaseRates({ runs: 1, calledBalls: 0, requiredRuns: 190, ballsLeft: 120 })).toBeNull();
  });
});

describe('win percents', () => {
  it('whole percents that add up to 100, with a draw only in a Test', () => {
    expect(winPercents(0.625, null)).toEqual({ a: 63, b: 37, draw: null });
    expect(winPercents(0.5, null)).toEqual({ a: 50, b: 50, draw: null });
    // 33.4 / 33.3 / 33.3: the spare point goes to the largest remainder.
    expect(winPercents(0.334, 0.333)).toEqual({ a: 34, b: 33, draw: 33 });
    expect(winPercents(0.116, 0.705)).toEqual({ a: 12, b: 18, draw: 70 });
    expect(winPercents(1, null)).toEqual({ a: 100, b: 0, draw: null });
    for (const [a, draw] of [[0.001, null], [0.999, null], [0.2, 0.6], [0.005, 0.99]] as const) {
      const percents = winPercents(a, draw);
      expect(percents.a + percents.b + (percents.draw ?? 0)).toBe(100);
    }
  });
});
