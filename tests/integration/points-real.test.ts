// League tables and season leaders of real IPL seasons, checked against figures this test
// computes itself from the raw Cricsheet JSON (small, straightforward code, independent of the
// importer and the domain), plus facts of IPL 2008 written literally.
//
// The seasons: 2008 (semi-finals, two DLS results), 2014 (its first leg in the UAE), 2019 (a
// no result, two ties settled by super overs), 2022 (ten teams scheduled in two groups, one
// table) and 2025 (three no results, a super over, a DLS result).
//
// Net run rate as the ICC defines it: runs per over scored minus runs per over conceded, over
// the matches with a result; a side bowled out is charged its full quota of overs; when the
// chase's target was revised (DLS, overs cut) the side batting first is credited with target - 1
// runs off the revised overs; super overs do not count. A side with a batter absent hurt is all
// out a wicket sooner (DD in 2014 v CSK, MI in 2019 v DC: the official tables charge 20 overs).
import { existsSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { PlayerStatsEntryObject as PlayerStatsEntry, TournamentDetailObject as TournamentDetail } from '../../src/server/wire/presenters/tournaments.ts';

type PointsRow = TournamentDetail['tournamentPoints'][number]['groups'][number]['points'][number];
import { archiveDatabase } from '../helpers/templates.ts';
import { readArchive } from '../helpers/read-archive.ts';
import { sharedArchive } from '../helpers/shared-data.ts';

// ---------- the raw Cricsheet shapes this test reads ----------

interface RawDelivery {
  batter: string;
  bowler: string;
  runs: { batter: number; total: number };
  extras?: { wides?: number; noballs?: number };
  wickets?: { kind: string; player_out: string }[];
}
interface RawInnings {
  team: string;
  overs?: { deliveries: RawDelivery[] }[];
  super_over?: boolean;
  penalty_runs?: { pre?: number; post?: number };
  target?: { runs?: number; overs?: number };
  /** Batters who could not bat: the side is all out when the others are. */
  absent_hurt?: string[];
  miscounted_overs?: Record<string, { balls?: number | string }>;
}
interface RawMatch {
  info: {
    season: string | number;
    dates: string[];
    teams: [string, string];
    overs?: number;
    balls_per_over?: number;
    event: { name: string; stage?: string };
    outcome: { winner?: string; result?: string; eliminator?: string };
    registry: { people: Record<string, string> };
  };
  innings: RawInnings[];
}


// ---------- the expected figures, from the raw JSON ----------

const NOT_A_TEAM_WICKET = new Set(['retired hurt', 'retired not out']);
const NOT_THE_BOWLERS = new Set(['run out', 'retired hurt', 'retired not out', 'retired out', 'obstructing the field', 'timed out', 'handled the ball']);

const deliveriesOf = (innings: RawInnings) => (innings.overs ?? []).flatMap((over) => over.deliveries);
const isLegal = (delivery: RawDelivery) => !delivery.extras?.wides && !delivery.extras?.noballs;

/** Cricsheet writes overs as 19.4 for 19 overs and 4 balls. */
function oversToBalls(overs: number, ballsPerOver: number): number {
  const whole = Math.floor(overs);
  return whole * ballsPerOver + Math.round((overs - whole) * 10);
}

interface ExpectedRow {
  played: number;
  won: number;
  lost: number;
  tied: number;
  noResult: number;
  points: number;
  runsFor: number;
  ballsFaced: number;
  runsAgainst: number;
  ballsBowled: number;
}

/** The league table (matches without a stage) of a season, by team name. */
function expectedTable(matches: readonly RawMatch[]): Map<string, ExpectedRow & { nrr: number }> {
  const rows = new Map<string, ExpectedRow>();
  const rowOf = (team: string) => {
    let row = rows.get(team);
    if (!row) {
      row = { played: 0, won: 0, lost: 0, tied: 0, noResult: 0, points: 0, runsFor: 0, ballsFaced: 0, runsAgainst: 0, ballsBowled: 0 };
      rows.set(team, row);
    }
    return row;
  };
  for (const match of matches) {
    if (match.info.event.stage) continue;
    const { outcome, teams } = match.info;
    const winner = outcome.winner ?? (outcome.result === 'tie' ? outcome.eliminator : undefined);
    for (const team of teams) {
      const row = rowOf(team);
      row.played += 1;
      if (winner === team) {
        row.won += 1;
        row.points += 2;
      } else if (winner) {
        row.lost += 1;
      } else if (outcome.result === 'tie') {
        row.tied += 1;
        row.points += 1;
      } else {
        row.noResult += 1;
        row.points += 1;
      }
    }
    if (outcome.result === 'no result') continue;

    const ballsPerOver = match.info.balls_per_over ?? 6;
    const quota = (match.info.overs ?? 20) * ballsPerOver;
    const innings = match.innings.filter((inn) => !inn.super_over).map((inn) => {
      const deliveries = deliveriesOf(inn);
      return {
        team: inn.team,
        runs: deliveries.reduce((sum, d) => sum + d.runs.total, 0) + (inn.penalty_runs?.pre ?? 0) + (inn.penalty_runs?.post ?? 0),
        // Miscounted overs stand as the umpires called them: a 5-ball or 7-ball over is an over.
        balls:
          deliveries.filter(isLegal).length +
          Object.values(inn.miscounted_overs ?? {}).reduce(
            (sum, over) => sum + (over.balls === undefined ? 0 : ballsPerOver - Number(over.balls)),
            0,
          ),
        allOut: deliveries.flatMap((d) => d.wickets ?? []).filter((w) => !NOT_A_TEAM_WICKET.has(w.kind)).length >= 10 - (inn.absent_hurt?.length ?? 0),
        target: inn.target?.runs !== undefined && inn.target.overs !== undefined
          ? { runs: inn.target.runs, balls: oversToBalls(inn.target.overs, ballsPerOver) }
          : null,
      };
    });
    const [first, chase] = innings;
    const revised = chase?.target && first && (chase.target.balls !== quota || chase.target.runs !== first.runs + 1) ? chase.target : null;
    for (const inn of innings) {
      const credited =
        inn === first && revised
          ? { runs: revised.runs - 1, balls: revised.balls }
          : { runs: inn.runs, balls: inn.allOut ? (inn.target?.balls ?? quota) : inn.balls };
      const batting = rowOf(inn.team);
      const fielding = rowOf(teams.find((team) => team !== inn.team)!);
      batting.runsFor += credited.runs;
      batting.ballsFaced += credited.balls;
      fielding.runsAgainst += credited.runs;
      fielding.ballsBowled += credited.balls;
    }
  }
  const perOver = (runs: number, balls: number) => (balls === 0 ? 0 : (runs * 6) / balls);
  return new Map(
    [...rows].map(([team, row]) => [team, { ...row, nrr: perOver(row.runsFor, row.ballsFaced) - perOver(row.runsAgainst, row.ballsBowled) }]),
  );
}

/** Runs and bowler's wickets of every player over the season (super overs left out), by registry id. */
function expectedLeaders(matches: readonly RawMatch[]) {
  const runs = new Map<string, number>();
  const wickets = new Map<string, number>();
  const add = (totals: Map<string, number>, key: string, value: number) => totals.set(key, (totals.get(key) ?? 0) + value);
  for (const match of matches) {
    const key = (name: string) => match.info.registry.people[name]!;
    for (const inn of match.innings.filter((entry) => !entry.super_over)) {
      for (const delivery of deliveriesOf(inn)) {
        add(runs, key(delivery.batter), delivery.runs.batter);
        const credited = (delivery.wickets ?? []).filter((wicket) => !NOT_THE_BOWLERS.has(wicket.kind)).length;
        add(wickets, key(delivery.bowler), credited);
      }
    }
  }
  const leaders = (totals: Map<string, number>) => {
    const best = Math.max(...totals.values());
    return { value: best, players: [...totals].filter(([, value]) => value === best).map(([player]) => player).sort() };
  };
  return { runs: leaders(runs), wickets: leaders(wickets) };
}

// ---------- the checks ----------

const iplArchive = sharedArchive('ipl_json.zip');
const haveIpl = existsSync(iplArchive);
if (!haveIpl) console.warn(`Skipping the IPL points table check: ${iplArchive} is not there (set CRICSHEET_SOURCE or add ../shared/data/cricsheet).`);

/** Cricsheet season → tournament key ('2007/08' → indian-premier-league-2007-08). */
const SEASONS: Record<string, string> = {
  '2007/08': 'indian-premier-league-2007-08',
  '2014': 'indian-premier-league-2014',
  '2019': 'indian-premier-league-2019',
  '2022': 'indian-premier-league-2022',
  '2025': 'indian-premier-league-2025',
};

interface Envelope<T> {
  status: boolean;
  data: T;
}

describe.skipIf(!haveIpl)('IPL points tables and leaders from the shared archive', () => {
  let db: Db;
  let app: FastifyInstance;
  const seasons = new Map<string, RawMatch[]>();

  beforeAll(async () => {
    const [matches] = await Promise.all([
      readArchive<RawMatch>(iplArchive),
      (async () => {
        // The whole IPL archive, imported once per run (tests/helpers/templates.ts).
        db = await archiveDatabase(iplArchive);
      })(),
    ]);
    for (const match of matches) {
      const season = String(match.info.season);
      if (SEASONS[season]) seasons.set(season, [...(seasons.get(season) ?? []), match]);
    }
    app = await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function get<T>(url: string): Promise<T> {
    const response = await app.inject({ method: 'GET', url: `/user/v1${url}` });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json<Envelope<T>>().data;
  }

  async function leagueRows(touKey: string): Promise<PointsRow[]> {
    const detail = await get<TournamentDetail>(`/get/tournament/${touKey}`);
    const league = detail.tournamentPoints.find((round) => round.tournament_round.name === 'League');
    expect(league, `${touKey} has a league round`).toBeDefined();
    // One table, even in 2022 when the ten teams were scheduled in two groups.
    expect(league!.groups).toHaveLength(1);
    return league!.groups[0]!.points;
  }

  it.each(Object.entries(SEASONS))('IPL %s: the league table agrees team by team', async (season, touKey) => {
    const expected = expectedTable(seasons.get(season) ?? []);
    const rows = await leagueRows(touKey);
    expect(rows.map((row) => row.team.name).sort()).toEqual([...expected.keys()].sort());
    for (const row of rows) {
      const want = expected.get(row.team.name)!;
      expect(
        { played: row.played, won: row.won, lost: row.lost, tied: row.tied, no_result: row.no_result, points: row.points },
        row.team.name,
      ).toEqual({ played: want.played, won: want.won, lost: want.lost, tied: want.tied, no_result: want.noResult, points: want.points });
      expect(row.net_run_rate, row.team.name).toMatch(/^[+-]\d+\.\d{3}$/);
      // Equal to three decimals: the API's rounding of the same value.
      expect(Math.abs(Number(row.net_run_rate) - want.nrr), `${row.team.name} NRR ${row.net_run_rate} vs ${want.nrr}`).toBeLessThanOrEqual(0.0005 + 1e-9);
    }
    // Ordered by points, then net run rate; positions count from 1.
    const order = [...rows].sort((x, y) => y.points! - x.points! || expected.get(y.team.name)!.nrr - expected.get(x.team.name)!.nrr);
    expect(rows.map((row) => row.team.name)).toEqual(order.map((row) => row.team.name));
    expect(rows.map((row) => row.position)).toEqual(rows.map((_row, index) => index + 1));
  });

  it.each(Object.entries(SEASONS))('IPL %s: most runs and most wickets agree with the raw deliveries', async (season, touKey) => {
    const expected = expectedLeaders(seasons.get(season) ?? []);
    const stats = await get<PlayerStatsEntry[]>(`/tournamentwise/player/stats?tou_key=${touKey}`);
    const runLeaders = stats.filter((entry) => entry.performance.batting.most_runs.rank === 1);
    const wicketLeaders = stats.filter((entry) => entry.performance.bowling.most_wickets.rank === 1);
    expect(runLeaders.map((entry) => entry.player_key).sort()).toEqual(expected.runs.players);
    expect(runLeaders.map((entry) => entry.performance.batting.most_runs.value)).toEqual(runLeaders.map(() => expected.runs.value));
    expect(wicketLeaders.map((entry) => entry.player_key).sort()).toEqual(expected.wickets.players);
    expect(wicketLeaders.map((entry) => entry.performance.bowling.most_wickets.value)).toEqual(wicketLeaders.map(() => expected.wickets.value));
  });

  it('IPL 2008, as the record books have it', async () => {
    const rows = await leagueRows(SEASONS['2007/08']!);
    expect(rows[0]).toMatchObject({ team: { name: 'Rajasthan Royals' }, played: 14, won: 11, lost: 3, points: 22, position: 1 });
    expect(rows).toHaveLength(8);
    // The published net run rates (miscounted overs count as called, DLS matches as revised).
    const nrr = Object.fromEntries(rows.map((row) => [row.team.name, row.net_run_rate]));
    expect(nrr).toMatchObject({
      'Rajasthan Royals': '+0.632',
      'Kings XI Punjab': '+0.509',
      'Chennai Super Kings': '-0.192',
      'Mumbai Indians': '+0.570',
      'Delhi Daredevils': '+0.342',
      'Kolkata Knight Riders': '-0.147',
      'Deccan Chargers': '-0.467',
    });
    const stats = await get<PlayerStatsEntry[]>(`/tournamentwise/player/stats?tou_key=${SEASONS['2007/08']}`);
    const [topScorer] = stats.filter((entry) => entry.performance.batting.most_runs.rank === 1);
    expect(topScorer).toMatchObject({ player_name: 'SE Marsh', nationality: { name: 'Kings XI Punjab' } });
    expect(topScorer!.performance.batting.most_runs.value).toBe(616);
    const [topWicketTaker] = stats.filter((entry) => entry.performance.bowling.most_wickets.rank === 1);
    expect(topWicketTaker).toMatchObject({ player_name: 'Sohail Tanvir', nationality: { name: 'Rajasthan Royals' } });
    expect(topWicketTaker!.performance.bowling.most_wickets.value).toBe(22);
    // Keepers are known by their stumpings: Gilchrist kept for the Deccan Chargers.
    const detail = await get<TournamentDetail>(`/get/tournament/${SEASONS['2007/08']}`);
    const deccan = detail.teams.find((team) => team.name === 'Deccan Chargers')!;
    expect(deccan.players.wc.map((player) => [player.name, player.role])).toEqual([['AC Gilchrist', ['Wicket-keeper', 'Batter']]]);
  });

  it('IPL 2022: ten teams in one table, and the knockouts as rounds of their own', async () => {
    const detail = await get<TournamentDetail>(`/get/tournament/${SEASONS['2022']}`);
    expect(detail.tournamentPoints.map((round) => round.tournament_round.name)).toEqual(['League', 'Final', 'Qualifiers', 'Eliminator']);
    const league = detail.tournamentPoints[0]!.groups[0]!.points;
    expect(league).toHaveLength(10);
    expect(league.every((row) => row.played === 14)).toBe(true);
    expect(detail.teamsDetails.matches).toHaveLength(74);
  });
});
