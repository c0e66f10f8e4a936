// Series, statistics and fixtures over HTTP (app.inject) on a PGlite holding the e2e and real
// fixtures: 15 matches in 11 tournaments (4 of IPL 2026, 2 of the 2024 T20 World Cup, one each
// of the rest). Every resource's shape, paging, filters and errors; player stats are checked
// against the match scorecards the API itself serves.
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { ScorecardInningsObject as ScorecardInnings, ScorecardObject as Scorecard } from '../../src/server/wire/presenters/match-centre.ts';
import type { MatchObject } from '../../src/server/wire/presenters/match.ts';
import type { FixtureDayGroup, TournamentDetailObject as TournamentDetail } from '../../src/server/wire/presenters/tournaments.ts';
import type { MonthGroup, PlayerRole, TeamOption, TournamentListItem } from '../../src/server/services/tournament-types.ts';
import type { PlayerStatsEntryObject as PlayerStatsEntry } from '../../src/server/wire/presenters/tournaments.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { checkingContract } from '../helpers/api-contract.ts';
import { MAX_KEY_LENGTH } from '../../src/server/store/naming.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
const IPL_2026 = 'indian-premier-league-2026';
const ALL_MATCHES = 15;
const ALL_TOURNAMENTS = 11;

interface Envelope<T> {
  status: boolean;
  data: T;
  hasMore?: boolean;
}

describe('series, stats and fixtures API', () => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [path.join(fixtures, 'e2e'), path.join(fixtures, 'real')]);
    expect(summary.failedSources).toEqual([]);
    app = checkingContract(await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }) }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function getBody<T>(url: string): Promise<Envelope<T>> {
    const response = await app.inject({ method: 'GET', url: `/user/v1${url}` });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json<Envelope<T>>();
    expect(body.status).toBe(true);
    return body;
  }
  const get = async <T>(url: string): Promise<T> => (await getBody<T>(url)).data;

  async function expectError(url: string, statusCode: number, message: string) {
    const response = await app.inject({ method: 'GET', url: `/user/v1${url}` });
    expect(response.statusCode, url).toBe(statusCode);
    expect(response.json(), url).toEqual({ status: false, message, errMsg: message, data: null });
  }

  const matchesOf = (groups: FixtureDayGroup[]): MatchObject[] => groups.flatMap((group) => group.matches);
  const dayOf = (match: MatchObject) => new Date(match.start_at * 1000).toISOString().slice(0, 10);

  // ---------- tournaments ----------

  it('lists every tournament, the latest played first', async () => {
    const list = await get<TournamentListItem[]>('/get/all/tournaments');
    expect(list).toHaveLength(ALL_TOURNAMENTS);
    expect(list[0]).toEqual({
      tou_key: IPL_2026,
      short_name: 'IPL 2026',
      imgURl: null,
      name: 'Indian Premier League 2026',
      start_date: Date.UTC(2026, 3, 6) / 1000,
      last_scheduled_match_date: Date.UTC(2026, 4, 24) / 1000,
      formats: ['t20'],
      format_types: ['t20'],
      gender: 'male',
      matches: 4,
    });
    const lastDays = list.map((item) => item.last_scheduled_match_date);
    expect(lastDays).toEqual([...lastDays].sort((x, y) => y - x));
    expect(list.reduce((sum, item) => sum + item.matches, 0)).toBe(ALL_MATCHES);
    expect(list.filter((item) => item.gender === 'female').map((item) => item.tou_key).sort()).toEqual([
      'nigeria-invitational-womens-t20i-tournament-2025-26',
      'south-africa-women-tour-of-new-zealand-2025-26',
    ]);
    for (const item of list) expect(item.start_date).toBeLessThanOrEqual(item.last_scheduled_match_date);
  });

  it('groups tournaments by start month, newest first; with no parameters (the calendar) all fit one page', async () => {
    const body = await getBody<MonthGroup[]>('/get/tournament/month');
    expect(body.hasMore).toBe(false);
    const months = body.data.map((group) => group.month);
    expect(months).toEqual([...new Set(months)].sort().reverse());
    expect(months[0]).toBe('2026-04');
    const tournaments = body.data.flatMap((group) => group.data);
    expect(tournaments).toHaveLength(ALL_TOURNAMENTS);
    for (const group of body.data) {
      for (const item of group.data) expect(new Date(item.start_date * 1000).toISOString().slice(0, 7)).toBe(group.month);
    }
  });

  it('pages months by tournaments: limit and offset walk the same list', async () => {
    const whole = (await get<MonthGroup[]>('/get/tournament/month?limit=100')).flatMap((group) => group.data.map((item) => item.tou_key));
    const walked: string[] = [];
    for (let offset = 0; ; offset += 3) {
      const page = await getBody<MonthGroup[]>(`/get/tournament/month?limit=3&offset=${offset}`);
      const keys = page.data.flatMap((group) => group.data.map((item) => item.tou_key));
      expect(keys.length).toBe(page.hasMore ? 3 : ALL_TOURNAMENTS - offset);
      walked.push(...keys);
      if (!page.hasMore) break;
    }
    expect(walked).toEqual(whole);
    expect(await get<MonthGroup[]>(`/get/tournament/month?offset=${ALL_TOURNAMENTS}`)).toEqual([]);
  });

  it('filters months by format, and by the type of cricket', async () => {
    // The spec's broad 'test' takes in first-class tournaments; the type tells them apart.
    const tests = (await get<MonthGroup[]>('/get/tournament/month?format=test')).flatMap((group) => group.data);
    expect(tests.map((item) => item.tou_key).sort()).toEqual([
      'major-league-tournament-2025-26',
      'sheffield-shield-2025-26',
      'the-ashes-2025-26',
      'zimbabwe-tour-of-england-2025',
    ]);
    const onlyTests = (await get<MonthGroup[]>('/get/tournament/month?format_type=test')).flatMap((group) => group.data);
    expect(onlyTests.map((item) => item.tou_key).sort()).toEqual(['the-ashes-2025-26', 'zimbabwe-tour-of-england-2025']);
    const firstClass = (await get<MonthGroup[]>('/get/tournament/month?format_type=first_class')).flatMap((group) => group.data);
    expect(firstClass.map((item) => [item.tou_key, item.format_types])).toEqual([
      ['major-league-tournament-2025-26', ['first_class']],
      ['sheffield-shield-2025-26', ['first_class']],
    ]);
    await expectError('/get/tournament/month?format_type=oneday', 400, 'format_type must be one of test, odi, t20i, first_class, list_a, t20, hundred');
    const oneDay = (await get<MonthGroup[]>('/get/tournament/month?format=oneday')).flatMap((group) => group.data);
    expect(oneDay.map((item) => item.tou_key)).toEqual(['south-africa-women-tour-of-new-zealand-2025-26']);
  });

  it('a tournament in detail: matches in playing order, squads by role, the points table', async () => {
    const detail = await get<TournamentDetail>(`/get/tournament/${IPL_2026}`);
    expect(detail).toMatchObject({
      tournamentName: 'Indian Premier League 2026',
      tournamentKey: IPL_2026,
      shortName: 'IPL 2026',
      startDate: Date.UTC(2026, 3, 6) / 1000,
      lastScheduledMatchDate: Date.UTC(2026, 4, 24) / 1000,
      formats: ['t20'],
      gender: 'male',
    });
    const matches = detail.teamsDetails.matches;
    expect(matches.map((match) => match.match_key)).toEqual(['1527685', '1529281', '1529293', '1529312']);
    expect(matches.every((match) => match.tou_key === IPL_2026 && match.play.result !== null)).toBe(true);

    // Every side that played, by name; every player of theirs once, in the group of his first role.
    const sides = [...new Set(matches.flatMap((match) => [match.team.a.name, match.team.b.name]))].sort();
    expect(detail.teams.map((team) => team.name)).toEqual(sides);
    const labels: Record<PlayerRole, string> = { bt: 'Batter', bo: 'Bowler', ar: 'All-rounder', wc: 'Wicket-keeper' };
    for (const team of detail.teams) {
      expect(team.url).toMatch(/^[a-z0-9-]+$/);
      const squad = await Promise.all(
        matches
          .filter((match) => match.team.a.url === team.url || match.team.b.url === team.url)
          .map(async (match) => {
            const card = await get<{ team: Record<'a' | 'b', { url: string; players: { player_key: string }[] }> }>(`/get/squad?match_key=${match.match_key}`);
            return (card.team.a.url === team.url ? card.team.a : card.team.b).players.map((player) => player.player_key);
          }),
      );
      const cards = (Object.keys(team.players) as PlayerRole[]).flatMap((role) =>
        team.players[role].map((card) => {
          expect(card.role[0], `${card.name} in ${role}`).toBe(labels[role]);
          expect(card.image).toBeNull();
          return card;
        }),
      );
      expect(cards.map((card) => card.player_key).sort()).toEqual([...new Set(squad.flat())].sort());
      for (const card of cards) {
        expect(card.matches).toBe(squad.filter((players) => players.includes(card.player_key)).length);
      }
    }

    // One league table; KKR's tie went their way in the super over, their other match had no result.
    expect(detail.tournamentPoints.map((round) => round.tournament_round.name)).toEqual(['League']);
    const [table] = detail.tournamentPoints[0]!.groups;
    expect(table!.group.name).toBe('Indian Premier League 2026');
    expect(table!.points[0]).toMatchObject({
      team: { name: 'Kolkata Knight Riders', url: 'kolkata-knight-riders', code: 'KKR' },
      played: 2,
      won: 1,
      lost: 0,
      tied: 0,
      no_result: 1,
      points: 3,
      net_run_rate: '+0.000',
      position: 1,
    });
    expect(table!.points.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const row of table!.points) expect(row.net_run_rate).toMatch(/^[+-]\d+\.\d{3}$/);
    expect(table!.points.reduce((sum, row) => sum + row.played, 0)).toBe(2 * matches.length);
  });

  it('role labels follow the language; a Test series has a result, not a points table', async () => {
    const hindi = await get<TournamentDetail>(`/get/tournament/${IPL_2026}?lang=hi`);
    const bowler = hindi.teams.flatMap((team) => team.players.bo)[0];
    expect(bowler?.role).toEqual(['गेंदबाज़']);
    const ashes = await get<TournamentDetail>('/get/tournament/the-ashes-2025-26');
    expect(ashes.formats).toEqual(['test']);
    expect(ashes.bilateral).toBe(true);
    expect(ashes.tournamentPoints).toEqual([]);
    // Only the 5th Test is held here: its number says the series had five.
    expect(ashes.series.map((part) => [part.format_type, part.result?.text])).toEqual([['test', 'Australia won the 5-match Test series 1-0']]);
    expect(ashes.teamsDetails.matches.map((match) => match.sub_title)).toEqual(['5th Test']);
  });

  it('/get/tournament/month is not taken for a tournament key; unknown keys are 404', async () => {
    expect(Array.isArray(await get<MonthGroup[]>('/get/tournament/month'))).toBe(true);
    await expectError('/get/tournament/no-such-cup', 404, 'No tournament with key no-such-cup');
    await expectError(`/get/tournament/${'x'.repeat(MAX_KEY_LENGTH + 1)}`, 414, 'A key in the URL is longer than any key.');
    await expectError('/get/tournament/%00', 400, 'tou_key must not contain control characters');
    await expectError(`/tournamentwise/player/stats?tou_key=${'x'.repeat(MAX_KEY_LENGTH + 1)}`, 400, 'tou_key is too long');
  });

  // ---------- player stats ----------

  it('player stats add up to the scorecards, with shared ranks for everyone who batted or bowled', async () => {
    const stats = await get<PlayerStatsEntry[]>(`/tournamentwise/player/stats?tou_key=${IPL_2026}`);
    const runs = new Map<string, number>();
    const wickets = new Map<string, number>();
    const sides = new Map<string, string>();
    const add = (totals: Map<string, number>, key: string, value: number) => totals.set(key, (totals.get(key) ?? 0) + value);
    for (const matchKey of ['1527685', '1529281', '1529293', '1529312']) {
      const card = await get<Scorecard>(`/scorecard/?match_key=${matchKey}`);
      const innings = [card.teamA, card.teamB, card.teamC, card.teamD, ...card.more].filter(
        (inn): inn is ScorecardInnings => inn !== undefined && !inn.super_over,
      );
      for (const inn of innings) {
        for (const batter of inn.batsman) {
          add(runs, batter.player.key, batter.score[String(inn.index)]!.batting.score.runs);
          sides.set(batter.player.key, inn.team.name);
        }
        for (const bowler of inn.bowler) add(wickets, bowler.player.key, bowler.score[String(inn.index)]!.bowling.score.wickets);
      }
    }
    for (const entry of stats) {
      expect(entry.performance.batting.most_runs.value, entry.player_name).toBe(runs.get(entry.player_key) ?? 0);
      expect(entry.performance.bowling.most_wickets.value, entry.player_name).toBe(wickets.get(entry.player_key) ?? 0);
      if (sides.has(entry.player_key)) expect(entry.nationality.name).toBe(sides.get(entry.player_key));
      expect(entry.nationality.image).toBeNull();
      expect(entry.performance.bowling.overs).toMatch(/^\d+(\.[1-5])?$/);
    }

    // Competition ranks among those on the list (everyone who batted, a duck included; everyone
    // who bowled): one more than the number of them with more.
    const ranked = (
      onList: (entry: PlayerStatsEntry) => boolean,
      value: (entry: PlayerStatsEntry) => number,
      rank: (entry: PlayerStatsEntry) => number | null,
    ) => {
      const listed = stats.filter(onList);
      for (const entry of stats) {
        if (!onList(entry)) expect(rank(entry), entry.player_name).toBeNull();
        else expect(rank(entry), entry.player_name).toBe(listed.filter((other) => value(other) > value(entry)).length + 1);
      }
    };
    ranked((e) => e.performance.batting.innings > 0, (e) => e.performance.batting.most_runs.value, (e) => e.performance.batting.most_runs.rank);
    ranked((e) => e.performance.bowling.balls > 0, (e) => e.performance.bowling.most_wickets.value, (e) => e.performance.bowling.most_wickets.rank);
    // Batters out for a duck are ranked too (JJ Bumrah had none in IPL 2025; any duck here will do).
    const ducks = stats.filter((e) => e.performance.batting.innings > 0 && e.performance.batting.most_runs.value === 0);
    for (const entry of ducks) expect(entry.performance.batting.most_runs.rank, entry.player_name).not.toBeNull();

    // Mohsin Khan's 5 for 23 in four overs, with a maiden (LSG v RCB, 7 May 2026).
    const mohsin = stats.find((entry) => entry.player_name === 'Mohsin Khan')!;
    expect(mohsin.performance.bowling).toMatchObject({
      most_wickets: { rank: 1, value: 5 },
      best_bowling: { wickets: 5, runs: 23, economy: 5.75 },
      most_maidens: { value: 1 },
      runs: 23,
      overs: '4',
      economy: 5.75,
    });
    // Leaders first.
    expect(stats[0]!.performance.batting.most_runs.rank).toBe(1);
  });

  it('player stats: a missing or unknown key is an error', async () => {
    await expectError('/tournamentwise/player/stats', 400, 'tou_key is required');
    await expectError('/tournamentwise/player/stats?tou_key=', 400, 'tou_key is required');
    await expectError('/tournamentwise/player/stats?tou_key=no-such-cup', 404, 'No tournament with key no-such-cup');
  });

  // ---------- fixtures ----------

  it('fixtures: every match grouped by day, newest first', async () => {
    const body = await getBody<FixtureDayGroup[]>('/get/match/fixtures');
    expect(body.hasMore).toBe(false);
    const days = body.data.map((group) => group.date);
    expect(days).toEqual([...new Set(days)].sort().reverse());
    expect(matchesOf(body.data)).toHaveLength(ALL_MATCHES);
    for (const group of body.data) for (const match of group.matches) expect(dayOf(match)).toBe(group.date);
  });

  it('fixtures: limit and offset walk the same list of matches', async () => {
    const whole = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?limit=100')).map((match) => match.match_key);
    const walked: string[] = [];
    for (let offset = 0; ; offset += 5) {
      const page = await getBody<FixtureDayGroup[]>(`/get/match/fixtures?limit=5&offset=${offset}`);
      const keys = matchesOf(page.data).map((match) => match.match_key);
      expect(keys.length).toBe(page.hasMore ? 5 : ALL_MATCHES - offset);
      walked.push(...keys);
      if (!page.hasMore) break;
    }
    expect(walked).toEqual(whole);
  });

  it('fixtures: filters by format, gender, league, teams and date', async () => {
    const t20 = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?format=t20'));
    expect(t20).toHaveLength(10);
    expect(t20.every((match) => match.format === 't20')).toBe(true);

    const women = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?gender=female'));
    expect(women.map((match) => match.match_key).sort()).toEqual(['1491710', '1528293']);
    expect(women.every((match) => match.team.a.name.endsWith('Women'))).toBe(true);

    const menT20 = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?format=t20&gender=male'));
    expect(menT20).toHaveLength(9);

    const club = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?league=club'));
    const domestic = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?league=domestic'));
    expect(club.map((match) => match.match_key)).toEqual(domestic.map((match) => match.match_key));
    expect(club).toHaveLength(9);
    const international = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?league=international'));
    expect(international).toHaveLength(ALL_MATCHES - 9);

    // Test means Tests: the first-class matches (the Sheffield Shield final, a Sri Lankan club match) are apart.
    const tests = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?format_type=test'));
    expect(tests.map((match) => [match.match_key, match.format, match.format_type])).toEqual([
      ['1455615', 'test', 'test'],
      ['1392691', 'test', 'test'],
    ]);
    const firstClass = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?format_type=first_class'));
    expect(firstClass.map((match) => [match.match_key, match.sub_title, match.format_type])).toEqual([
      ['1511691', 'Super Eight', 'first_class'],
      ['1495309', 'Final', 'first_class'],
    ]);

    const india = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?team=india'));
    expect(india.map((match) => match.match_key)).toEqual(['1415725', '1415708']);
    const favourites = ['/get/match/fixtures?team=india,mumbai-indians', '/get/match/fixtures?team=india&team=mumbai-indians'];
    for (const url of favourites) {
      const picked = matchesOf(await get<FixtureDayGroup[]>(url));
      expect(picked.map((match) => match.match_key), url).toEqual(['1529312', '1415725', '1415708', '1216517']);
    }

    const upTo2024 = await get<FixtureDayGroup[]>('/get/match/fixtures?date=2024-12-31');
    expect(upTo2024.map((group) => group.date)).toEqual(['2024-06-12', '2024-06-05', '2022-04-10', '2020-10-18', '2009-04-19']);
    const fromDay = await get<FixtureDayGroup[]>('/get/match/fixtures?date=2024-06-12&limit=1');
    expect(fromDay.map((group) => group.date)).toEqual(['2024-06-12']);
    // Texts follow the language.
    const [hindi] = matchesOf(await get<FixtureDayGroup[]>('/get/match/fixtures?team=india&limit=1&lang=hi'));
    expect(hindi?.play.result?.msg).not.toBe(india[0]?.play.result?.msg);
  });

  it('fixture years and the team picker', async () => {
    expect(await get<number[]>('/get/fixture/years')).toEqual([2026, 2025, 2024, 2022, 2020, 2009]);
    const teams = await get<TeamOption[]>('/get/teams');
    expect(teams.map((team) => team.name)).toEqual([...teams.map((team) => team.name)].sort((x, y) => x.localeCompare(y, 'en')));
    expect(teams.find((team) => team.url === 'south-africa-women')).toEqual({
      url: 'south-africa-women',
      name: 'South Africa Women',
      code: 'SA',
      gender: 'female',
      teamType: 'international',
    });
    expect(teams.find((team) => team.url === 'mumbai-indians')).toMatchObject({ code: 'MI', gender: 'male', teamType: 'club' });
    // Every team key the picker offers finds that team's matches.
    const [first] = teams;
    expect(matchesOf(await get<FixtureDayGroup[]>(`/get/match/fixtures?team=${first!.url}`)).length).toBeGreaterThan(0);
  });

  // ---------- bad queries ----------

  it.each([
    ['limit=0', 'limit must be between 1 and 100'],
    ['limit=101', 'limit must be between 1 and 100'],
    ['limit=2.5', 'limit must be an integer'],
    ['limit=ten', 'limit must be an integer'],
    ['offset=-1', 'offset must be 0 or more'],
    ['format=odi', 'format must be t20, oneday or test'],
  ])('month and fixtures: %s is a 400', async (query, message) => {
    await expectError(`/get/tournament/month?${query}`, 400, message);
    await expectError(`/get/match/fixtures?${query}`, 400, message);
  });

  it.each([
    ['gender=x', 'gender must be male or female'],
    ['league=state', 'league must be international, club or domestic'],
    ['team=India!', 'team must be team keys separated by commas'],
    ['date=2024-02-31', 'date must be a date as YYYY-MM-DD'],
    ['date=yesterday', 'date must be a date as YYYY-MM-DD'],
    ['lang=fr', 'lang must be en or hi'],
  ])('fixtures: %s is a 400', async (query, message) => {
    await expectError(`/get/match/fixtures?${query}`, 400, message);
  });
});
