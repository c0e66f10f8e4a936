// Fantasy points of real matches, against figures worked out by hand from the Cricsheet files
// (each expected total is the sum written beside it, from the table in fantasy-rules.ts).
import { describe, expect, it } from 'vitest';
import { fantasyInnings, fantasyPoints, type FantasyScore } from '../../../src/server/domain/fantasy.ts';
import { bandPoints, FANTASY_RULES, FANTASY_RULES_VERSION, ladderStep } from '../../../src/server/domain/fantasy-rules.ts';
import { summariseInnings } from '../../../src/server/domain/scorecard.ts';
import type { BroadFormat } from '../../../src/server/domain/format-type.ts';
import { readMatch, realInnings } from './cricket-data.ts';

const CURRENT = FANTASY_RULES[FANTASY_RULES_VERSION]!;
const OLD = FANTASY_RULES['dream11-2017']!;

function scoresOf(file: string, format: BroadFormat, rules = CURRENT): Map<string, FantasyScore<string>> {
  const match = readMatch(file);
  const [a, b] = match.info.teams;
  const players = [
    ...(match.info.players?.[a!] ?? []).map((player) => ({ player, team: 'a' as const })),
    ...(match.info.players?.[b!] ?? []).map((player) => ({ player, team: 'b' as const })),
  ];
  const innings = match.innings.map((_inn, index) => {
    const input = realInnings(match, index);
    return fantasyInnings(summariseInnings(input), input.superOver);
  });
  const scores = fantasyPoints({ format, players, innings }, rules.tables[format]);
  return new Map(scores.map((score) => [score.player, score]));
}

function pointsOf(scores: Map<string, FantasyScore<string>>, player: string): number {
  const score = scores.get(player);
  if (!score) throw new Error(`${player} has no score`);
  return score.points;
}

function line(scores: Map<string, FantasyScore<string>>, player: string, item: string) {
  return scores.get(player)?.lines.filter((l) => l.item === item) ?? [];
}

describe('rate bands', () => {
  const t20 = CURRENT.tables.t20;
  it('puts T20 economy edges in the published bands', () => {
    const bands = t20.economy!.bands;
    expect([4.99, 5, 5.99, 6, 7, 7.01, 9.99, 10, 11, 11.01, 12, 12.01].map((rate) => bandPoints(rate, bands))).toEqual([
      6, 4, 4, 2, 2, 0, 0, -2, -2, -4, -4, -6,
    ]);
  });
  it('puts T20 strike-rate edges in the published bands', () => {
    const bands = t20.strikeRate!.bands;
    expect([170.01, 170, 150.01, 150, 130, 129.99, 70.01, 70, 60, 59.99, 50, 49.99].map((rate) => bandPoints(rate, bands))).toEqual([
      6, 4, 4, 2, 2, 0, 0, -2, -2, -4, -4, -6,
    ]);
  });
  const oneday = CURRENT.tables.oneday;
  it('puts ODI economy edges in the published bands (5 overs or more)', () => {
    expect(oneday.economy!.minBalls).toBe(30);
    const bands = oneday.economy!.bands;
    expect([2.49, 2.5, 3.49, 3.5, 4.5, 4.51, 6.99, 7, 8, 8.01, 9, 9.01].map((rate) => bandPoints(rate, bands))).toEqual([
      6, 4, 4, 2, 2, 0, 0, -2, -2, -4, -4, -6,
    ]);
  });
  it('puts ODI strike-rate edges in the published bands (20 balls or more): 120 is +2, 120.01 is +4', () => {
    expect(oneday.strikeRate!.minBalls).toBe(20);
    const bands = oneday.strikeRate!.bands;
    expect([140.01, 140, 120.01, 120, 100, 99.99, 50.01, 50, 40, 39.99, 30, 29.99].map((rate) => bandPoints(rate, bands))).toEqual([
      6, 4, 4, 2, 2, 0, 0, -2, -2, -4, -4, -6,
    ]);
  });
  it('gives a Test no economy, strike-rate, maiden or three-catch points', () => {
    const test = CURRENT.tables.test;
    expect([test.economy, test.strikeRate, test.catchBonus, test.maiden]).toEqual([null, null, null, 0]);
  });
  it('gives only the highest step of a ladder', () => {
    expect(ladderStep(100, t20.milestones)).toEqual({ at: 100, points: 16 });
    expect(ladderStep(49, t20.milestones)).toEqual({ at: 30, points: 4 });
    expect(ladderStep(29, t20.milestones)).toBeNull();
  });
});

describe('T20: Kochi Tuskers Kerala v Kings XI Punjab, IPL 2011 (501254)', () => {
  const scores = scoresOf('fantasy/501254', 't20');

  it('scores a direct-hit run out, a thrower and strike rate 140', () => {
    // XI 4 + 21 runs + 2 fours + 1 six (2) + SR 140 (+2) + direct hit on Jayawardene (12) + threw out Shah (6)
    expect(pointsOf(scores, 'DJ Hussey')).toBe(4 + 21 + 2 + 2 + 2 + 12 + 6);
    expect(line(scores, 'DJ Hussey', 'runOutDirect')).toEqual([{ item: 'runOutDirect', count: 1, points: 12 }]);
    // XI 4 + 9 runs + 1 four + SR 60 (-2) + broke the wicket for Shah's run out (6)
    expect(pointsOf(scores, 'AC Gilchrist')).toBe(4 + 9 + 1 - 2 + 6);
  });

  it('puts strike rates of exactly 170 and 150 in the lower band', () => {
    // 17 off 10: XI 4 + 17 + 1 four + 2 sixes (4) + SR 170 (+4)
    expect(pointsOf(scores, 'PC Valthaty')).toBe(4 + 17 + 1 + 4 + 4);
    // 15 off 10: XI 4 + 15 + 1 four + SR 150 (+2)
    expect(pointsOf(scores, 'Mandeep Singh')).toBe(4 + 15 + 1 + 2);
  });

  it('takes points off a duck and adds the catch', () => {
    // XI 4, duck -2, caught Gilchrist 8
    expect(pointsOf(scores, 'PA Patel')).toBe(4 - 2 + 8);
  });

  it('scores a four-wicket haul with a caught and bowled', () => {
    // XI 4 + 4 wickets (100) + Valthaty bowled (8) + 4-wicket haul (8) + economy 6.25 (+2) + caught and bowled Marsh (8)
    expect(pointsOf(scores, 'RP Singh')).toBe(4 + 100 + 8 + 8 + 2 + 8);
  });

  it('scores milestones, strike rates and economy bands', () => {
    // XI 4 + 69 + 7 fours + 5 sixes (10) + fifty (8) + SR 209 (+6) + caught Patel (8)
    expect(pointsOf(scores, 'KD Karthik')).toBe(4 + 69 + 7 + 10 + 8 + 6 + 8);
    // XI 4 + 42 + 5 fours + 2 sixes (4) + thirty (4) + SR 140 (+2) + caught Hodge (8)
    expect(pointsOf(scores, 'SE Marsh')).toBe(4 + 42 + 5 + 4 + 4 + 2 + 8);
    // XI 4 + Gomez lbw (25 + 8) + economy 10.5 (-2)
    expect(pointsOf(scores, 'RJ Harris')).toBe(4 + 25 + 8 - 2);
    // XI 4 + 4 runs + economy 13 (-6)
    expect(pointsOf(scores, 'BJ Hodge')).toBe(4 + 4 - 6);
    // XI 4 + economy 11.5 (-4)
    expect(pointsOf(scores, 'P Parameswaran')).toBe(4 - 4);
    // One over (six balls, 12 runs) is under the two overs economy needs: XI 4 + 2 runs
    expect(pointsOf(scores, 'RV Gomez')).toBe(4 + 2);
    // Economy of exactly 9 and 8 is no band: XI 4 + 2 wickets (50) + McCullum lbw (8)
    expect(pointsOf(scores, 'Bipul Sharma')).toBe(4 + 50 + 8);
  });

  it('scores every listed player, and no one else', () => {
    expect(scores.size).toBe(22);
  });

  it('scores the 2017 table: half a point a run, 10 a wicket', () => {
    const old = scoresOf('fantasy/501254', 't20', OLD);
    // XI 2 + 21 x 0.5 + 2 fours x 0.5 + 1 six + direct hit 6 + thrower 4
    expect(pointsOf(old, 'DJ Hussey')).toBe(2 + 10.5 + 1 + 1 + 6 + 4);
    // XI 2 + 4.5 + 0.5 + SR 60 (-1) + catcher 2
    expect(pointsOf(old, 'AC Gilchrist')).toBe(2 + 4.5 + 0.5 - 1 + 2);
    // XI 2 + 4 wickets (40) + 4-wicket bonus (4) + caught and bowled (4); economy 6.25 is no band
    expect(pointsOf(old, 'RP Singh')).toBe(2 + 40 + 4 + 4);
    // XI 2 + duck -2 + catch 4
    expect(pointsOf(old, 'PA Patel')).toBe(2 - 2 + 4);
    // XI 2 + wicket 10 + economy 10.5 (-2)
    expect(pointsOf(old, 'RJ Harris')).toBe(2 + 10 - 2);
  });
});

describe('T20: Kings XI Punjab v Gujarat Lions, IPL 2016 (980905)', () => {
  const scores = scoresOf('fantasy/980905', 't20');

  it('scores two stumpings', () => {
    // XI 4 + 20 runs (SR 80, no band) + stumped McCullum and Finch (24)
    expect(pointsOf(scores, 'WP Saha')).toBe(4 + 20 + 24);
    expect(line(scores, 'WP Saha', 'stumpings')).toEqual([{ item: 'stumpings', count: 2, points: 24 }]);
  });

  it('scores a duck, a direct hit and economy of exactly 7', () => {
    expect(pointsOf(scores, 'BB McCullum')).toBe(4 - 2);
    // XI 4 + Kishan's wicket (25) + direct hit on Jadeja (12) + caught Raina (8); economy 8.75 no band
    expect(pointsOf(scores, 'MG Johnson')).toBe(4 + 25 + 12 + 8);
    // XI 4 + McCullum stumped off him (25) + economy 7.00 (+2)
    expect(pointsOf(scores, 'Sandeep Sharma')).toBe(4 + 25 + 2);
  });

  it('puts a strike rate of exactly 150 in the 130-150 band', () => {
    // XI 4 + 15 + 1 four + 1 six (2) + SR 150 (+2)
    expect(pointsOf(scores, 'DA Miller')).toBe(4 + 15 + 1 + 2 + 2);
    // XI 4 + 33 + 4 fours + thirty (4) + SR 150 (+2) + Raina's wicket (25) + economy 13.5 (-6)
    expect(pointsOf(scores, 'MP Stoinis')).toBe(4 + 33 + 4 + 4 + 2 + 25 - 6);
  });

  it('scores a haul with bowled bonuses and a batter who bowls', () => {
    // XI 4 + 2 runs + 4 wickets (100) + Maxwell and Miller bowled (16) + 4-wicket haul (8) + economy 5.5 (+4)
    expect(pointsOf(scores, 'DJ Bravo')).toBe(4 + 2 + 100 + 16 + 8 + 4);
    // XI 4 + 8 runs + SR 66.67 (-2) + 2 wickets (50) + Vijay bowled (8) + caught Saha (8)
    expect(pointsOf(scores, 'RA Jadeja')).toBe(4 + 8 - 2 + 50 + 8 + 8);
    // XI 4 + 74 + 12 fours + fifty (8) + SR 157.45 (+4) + caught Stoinis (8)
    expect(pointsOf(scores, 'AJ Finch')).toBe(4 + 74 + 12 + 8 + 4 + 8);
  });
});

describe('T20: Ireland v India, T20 World Cup 2024 (1415708)', () => {
  const scores = scoresOf('real/1415708', 't20');

  it('scores maidens and economy bands', () => {
    // XI 4 + 2 wickets (50) + Little bowled (8) + maiden (12) + economy 2.00 (+6) + caught Dockrell (8)
    expect(pointsOf(scores, 'JJ Bumrah')).toBe(4 + 50 + 8 + 12 + 6 + 8);
    // XI 4 + 3 wickets (75) + Tucker bowled (8) + 3-wicket haul (4) + maiden (12) + economy 6.75 (+2)
    expect(pointsOf(scores, 'HH Pandya')).toBe(4 + 75 + 8 + 4 + 12 + 2);
    expect(line(scores, 'HH Pandya', 'maidens')).toEqual([{ item: 'maidens', count: 1, points: 12 }]);
  });

  it('gives a retired-hurt fifty its points and no duck to a batter not out for nought', () => {
    // XI 4 + 52 + 4 fours + 3 sixes (6) + fifty (8) + SR 140.54 (+2)
    expect(pointsOf(scores, 'RG Sharma')).toBe(4 + 52 + 4 + 6 + 8 + 2);
    // 0 not out: XI 4 + caught Adair (8)
    expect(pointsOf(scores, 'S Dube')).toBe(4 + 8);
  });

  it('exempts a bowler batting at nine from the duck', () => {
    // 0 off 6 caught and bowled, batting 9th, bowled 14 balls: XI 4 only
    expect(pointsOf(scores, 'BJ McCarthy')).toBe(4);
  });

  it('scores a thrower and catcher run out, catches, and strike rates of 50 and 25', () => {
    // XI 4 + 36 + 3 fours + 2 sixes (4) + thirty (4) + SR 138.46 (+2) + 2 catches (16) + threw out Delany (6)
    expect(pointsOf(scores, 'RR Pant')).toBe(4 + 36 + 3 + 4 + 4 + 2 + 16 + 6);
    // XI 4 + Dockrell (25) + economy 4.33 (+6) + broke the wicket for Delany (6)
    expect(pointsOf(scores, 'Mohammed Siraj')).toBe(4 + 25 + 6 + 6);
    // 5 off 10: XI 4 + 5 + 1 four + SR 50 (-4)
    expect(pointsOf(scores, 'A Balbirnie')).toBe(4 + 5 + 1 - 4);
    // 4 off 16: XI 4 + 4 + SR 25 (-6)
    expect(pointsOf(scores, 'HT Tector')).toBe(4 + 4 - 6);
    // One over is not enough for economy: XI 4 + caught and bowled McCarthy (25 + 8)
    expect(pointsOf(scores, 'AR Patel')).toBe(4 + 25 + 8);
  });
});

describe('ODI: New Zealand v South Africa women, 2026 (1491710)', () => {
  const scores = scoresOf('e2e/1491710', 'oneday');

  it('scores a six-wicket haul and a maiden with the ODI table', () => {
    // XI 4 + 2 runs + 6 wickets (150) + Green lbw and Kerr bowled (16) + 5-wicket haul (8) + maiden (4); economy 5.6 no band
    expect(pointsOf(scores, 'A Khaka')).toBe(4 + 2 + 150 + 16 + 8 + 4);
  });

  it('puts an economy of exactly 4.5 in the 3.5-4.5 band', () => {
    // XI 4 + 24 + 4 fours + 2 wickets (50) + caught and bowled (8) + economy 4.50 (+2); 14 balls is under 20 for strike rate
    expect(pointsOf(scores, 'JM Kerr')).toBe(4 + 24 + 4 + 50 + 8 + 2);
    // XI 4 + 36 + 3 fours (SR 60: no ODI band) + 2 wickets (50) + Jafta bowled (8) + maiden (4) + economy 3.10 (+4) + catch (8)
    expect(pointsOf(scores, 'AC Kerr')).toBe(4 + 36 + 3 + 50 + 8 + 4 + 4 + 8);
  });

  it('takes three off an ODI duck and scores strike rate 34.6', () => {
    // XI 4 + duck (-3) + 2 catches (16)
    expect(pointsOf(scores, 'T Brits')).toBe(4 - 3 + 16);
    // XI 4 + 9 + SR 34.62 (-4) + 2 wickets (50); batting 6th, so not a bowler's exemption
    expect(pointsOf(scores, 'CL Tryon')).toBe(4 + 9 - 4 + 50);
  });
});

describe('Test: Australia v England, Sydney 2026 (1455615)', () => {
  const scores = scoresOf('e2e/1455615', 'test');

  it('adds both innings, with no maiden, economy or strike-rate points', () => {
    // XI 4 + 46 + 6 fours + 1 six (2) + 26 + 3 fours + 2 catches (16) + threw out Labuschagne (6)
    expect(pointsOf(scores, 'JL Smith')).toBe(4 + 46 + 6 + 2 + 26 + 3 + 16 + 6);
    // XI 4 + 48 + 7 fours + 37 + 4 fours + 1 six (2) + JL Smith's wicket (16) + catch (8) + broke the wicket for JL Smith (6)
    expect(pointsOf(scores, 'M Labuschagne')).toBe(4 + 48 + 7 + 37 + 4 + 2 + 16 + 8 + 6);
    // XI 4 + 4 wickets (64) + Root lbw (8) + catch (8); 8 maidens score nothing; a duck at 11 is a bowler's
    expect(pointsOf(scores, 'SM Boland')).toBe(4 + 64 + 8 + 8);
  });

  it('gives a century only the century bonus, and no catch bonus in a Test', () => {
    // XI 4 + 160 + 15 fours + century (8) + 6 + 1 four
    expect(pointsOf(scores, 'JE Root')).toBe(4 + 160 + 15 + 8 + 6 + 1);
    expect(line(scores, 'JE Root', 'milestone')).toEqual([{ item: 'milestone', count: 100, points: 8 }]);
    // XI 4 + 138 + 16 fours + 1 six (2) + century (8) + 12 + 1 four + 3 catches (24)
    expect(pointsOf(scores, 'SPD Smith')).toBe(4 + 138 + 16 + 2 + 8 + 12 + 1 + 24);
  });
});

describe('ODI: Sri Lanka v India, Pallekele 2017 (1109606)', () => {
  const scores = scoresOf('fantasy-formats/1109606', 'oneday');

  it('puts a strike rate of exactly 120 in the 100-120 band', () => {
    // 54 off 45: XI 4 + 54 + 5 fours + 3 sixes (6) + fifty (4) + SR 120 (+2) + catch (8)
    expect(pointsOf(scores, 'RG Sharma')).toBe(4 + 54 + 5 + 6 + 4 + 2 + 8);
    expect(line(scores, 'RG Sharma', 'strikeRate')).toEqual([{ item: 'strikeRate', count: 120, points: 2 }]);
    // 58 off 58: XI 4 + 58 + 2 fours + 1 six (2) + fifty (4) + SR 100 (+2) + wicket (25) + economy 3.90 (+2)
    expect(pointsOf(scores, 'TAM Siriwardana')).toBe(4 + 58 + 2 + 2 + 4 + 2 + 25 + 2);
  });

  it('scores low strike rates, a stumping and a duck batting seventh', () => {
    // 19 off 48: XI 4 + 19 + 2 fours + SR 39.58 (-4)
    expect(pointsOf(scores, 'BKG Mendis')).toBe(4 + 19 + 2 - 4);
    // 20 off 41: XI 4 + 20 + 2 fours + SR 48.78 (-2) + catch (8)
    expect(pointsOf(scores, 'AD Mathews')).toBe(4 + 20 + 2 - 2 + 8);
    // 45 off 68 (SR 66.18: no ODI band): XI 4 + 45 + 1 four + stumped Gunathilaka (12)
    expect(pointsOf(scores, 'MS Dhoni')).toBe(4 + 45 + 1 + 12);
    // Stumped for 0 batting 7th, so no bowler's exemption: XI 4 + duck (-3) + wicket (25) + economy 4.50 over 32 balls (+2)
    expect(pointsOf(scores, 'HH Pandya')).toBe(4 - 3 + 25 + 2);
  });

  it('scores a six-wicket haul, maidens and economy bands', () => {
    // XI 4 + 9 + 1 four + 6 wickets (150) + five bowled or lbw (40) + 5-wicket haul (8); economy 5.40 no band
    expect(pointsOf(scores, 'A Dananjaya')).toBe(4 + 9 + 1 + 150 + 40 + 8);
    // XI 4 + 4 wickets (100) + one bowled or lbw (8) + 4-wicket haul (4) + 2 maidens (8) + economy 4.30 (+2)
    expect(pointsOf(scores, 'JJ Bumrah')).toBe(4 + 100 + 8 + 4 + 8 + 2);
    // XI 4 + 6 + wicket (25) + bowled or lbw (8) + economy 3.00 (+4) + catch (8)
    expect(pointsOf(scores, 'AR Patel')).toBe(4 + 6 + 25 + 8 + 4 + 8);
  });
});

describe('ODI: South Africa v Australia, Potchefstroom 2020 (1185321)', () => {
  const scores = scoresOf('fantasy-formats/1185321', 'oneday');

  it('gives strike rate 100 its band, with a century or a fifty', () => {
    // 108 off 108: XI 4 + 108 + 8 fours + century (8) + SR 100 (+2) + catch (8)
    expect(pointsOf(scores, 'M Labuschagne')).toBe(4 + 108 + 8 + 8 + 2 + 8);
    // 50 off 50: XI 4 + 50 + 3 fours + 3 sixes (6) + fifty (4) + SR 100 (+2)
    expect(pointsOf(scores, 'K Verreynne')).toBe(4 + 50 + 3 + 6 + 4 + 2);
    // 22 off 48: XI 4 + 22 + 3 fours + SR 45.83 (-2)
    expect(pointsOf(scores, 'AJ Finch')).toBe(4 + 22 + 3 - 2);
  });

  it('exempts a bowler batting at eight from strike rate', () => {
    // 24 off 20 (SR 120) batting 8th, and he bowled: XI 4 + 24 + 3 fours + maiden (4); economy 5.80 no band
    expect(pointsOf(scores, 'JA Richardson')).toBe(4 + 24 + 3 + 4);
    expect(line(scores, 'JA Richardson', 'strikeRate')).toEqual([]);
  });

  it('puts economies of exactly 3.5 and 7 in their bands', () => {
    // 21 off 36 balls: XI 4 + wicket (25) + economy 3.50 (+2)
    expect(pointsOf(scores, 'DM Dupavillon')).toBe(4 + 25 + 2);
    // 49 off 42 balls: XI 4 + wicket (25) + bowled or lbw (8) + economy 7.00 (-2)
    expect(pointsOf(scores, 'AL Phehlukwayo')).toBe(4 + 25 + 8 - 2);
    // 63 off 54 balls: XI 4 + wicket (25) + economy 7.00 (-2)
    expect(pointsOf(scores, 'KW Richardson')).toBe(4 + 25 - 2);
    // 45 off 60 balls: XI 4 + economy 4.50 (+2)
    expect(pointsOf(scores, 'KA Maharaj')).toBe(4 + 2);
  });

  it('gives a run out with no fielder named to nobody', () => {
    // Marsh run out, no fielder in the file: XI 4 + 32 + 2 fours + 1 six (2)
    expect(pointsOf(scores, 'MR Marsh')).toBe(4 + 32 + 2 + 2);
    const runOuts = [...scores.values()].flatMap((score) => score.lines.filter((l) => l.item.startsWith('runOut')));
    expect(runOuts).toEqual([]);
  });
});

describe('Test: Australia v England, Adelaide 2010 (428750)', () => {
  const scores = scoresOf('fantasy-formats/428750', 'test');

  it('scores the last two fielders of a relay run out, and a direct hit', () => {
    // Doherty run out by Strauss, Cook and Prior: Cook threw (6) and Prior broke the wicket (6); Strauss, first to touch it, nothing.
    // XI 4 + 148 + 18 fours + century (8) + 2 catches (16) + thrower (6)
    expect(pointsOf(scores, 'AN Cook')).toBe(4 + 148 + 18 + 8 + 16 + 6);
    // XI 4 + 27 + 2 fours + 3 catches (24, no catch bonus in a Test) + run out (6)
    expect(pointsOf(scores, 'MJ Prior')).toBe(4 + 27 + 2 + 24 + 6);
    // XI 4 + 1 + catch (8)
    expect(pointsOf(scores, 'AJ Strauss')).toBe(4 + 1 + 8);
    // XI 4 + 78 + 11 fours + fifty (4) + direct hit on Katich (12)
    expect(pointsOf(scores, 'IJL Trott')).toBe(4 + 78 + 11 + 4 + 12);
  });

  it('takes four off a Test duck, one per innings, and none off a bowler at eight', () => {
    // Run out for 0 without facing, then 43 with 6 fours: XI 4 + duck (-4) + 43 + 6 + catch (8)
    expect(pointsOf(scores, 'SM Katich')).toBe(4 - 4 + 43 + 6 + 8);
    // 0 off 1, then 9 with 2 fours: XI 4 + duck (-4) + 9 + 2
    expect(pointsOf(scores, 'RT Ponting')).toBe(4 - 4 + 9 + 2);
    // A pair batting 8th, and he bowled: XI 4 + 2 wickets (32)
    expect(pointsOf(scores, 'RJ Harris')).toBe(4 + 32);
  });

  it('scores Test hauls per innings and a fifty in each innings', () => {
    // 2 wickets, then 5: XI 4 + 7 wickets (112) + four bowled or lbw (32) + 5-wicket haul (8) + 2 catches (16)
    expect(pointsOf(scores, 'GP Swann')).toBe(4 + 112 + 32 + 8 + 16);
    // 4 wickets, then 2: XI 4 + 6 wickets (96) + Harris lbw (8) + 4-wicket haul (4) + catch (8)
    expect(pointsOf(scores, 'JM Anderson')).toBe(4 + 96 + 8 + 4 + 8);
    // 93 and 52: XI 4 + 145 + 13 fours + 1 six (2) + two fifties (8)
    expect(pointsOf(scores, 'MEK Hussey')).toBe(4 + 145 + 13 + 2 + 8);
    // XI 4 + 227 + 33 fours + 1 six (2) + century (8) + wicket (16) + catch (8)
    expect(pointsOf(scores, 'KP Pietersen')).toBe(4 + 227 + 33 + 2 + 8 + 16 + 8);
  });
});
