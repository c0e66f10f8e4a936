// Series, statistics and fixtures (spec §3 Tournament, Player stats entry, Month group, Fixture
// day group), shared by the provider API and the pages. Every answer is a handful of indexed
// queries (sums per player are added up in SQL), cached until the data changes. Cricket rules
// live in the domain: league tables and net run rate (points-table.ts), shared ranks
// (leaderboard.ts) and derived player roles (player-role.ts).
import { sql, type Kysely } from 'kysely';
import { localName } from '../../i18n/names.ts';
import type { Database, MatchFormat } from '../db/schema.ts';
import { bestBowling, leaderRanks, type PlayerTallies } from '../domain/leaderboard.ts';
import { playerRoles, roleLabel, type PlayerRole } from '../domain/player-role.ts';
import { orderedFormatTypes, type FormatType } from '../domain/format-type.ts';
import { pointsRounds, type LeagueMatch } from '../domain/points-table.ts';
import { tournamentGap, type HeldMatch, type TournamentGap } from '../domain/withheld-matches.ts';
import { isBilateral, seriesResult, type SeriesResult, type SeriesSide } from '../domain/series-result.ts';
import type { Lang } from '../domain/result.ts';
import { tags } from '../feed/tags.ts';
import type { TaggedCache } from './cache.ts';
import { displayTeamName, type MatchRow } from './match-summary.ts';
import { groupBy, summariseMatches, selectMatchRows, type MatchSet } from './match-rows.ts';
import { epochSeconds, BROAD_FORMATS } from './players.ts';
import type {
  FixtureDay,
  Format,
  MonthGroup,
  Page,
  PlayerStatsEntry,
  SeriesPart,
  TeamOption,
  TournamentDetail,
  TournamentListItem,
  TournamentTeam,
} from './tournament-types.ts';

export interface MonthFilter {
  format?: Format;
  /** Tournaments with a match of this type. */
  formatType?: FormatType;
}

export interface FixtureFilter {
  format?: Format;
  formatType?: FormatType;
  gender?: 'male' | 'female';
  teamType?: 'international' | 'club';
  /** Team keys (teams.team_key): matches of any of these sides, for MyMatches. */
  teams?: readonly string[];
  /** 'YYYY-MM-DD': this day and older, for the calendar jump. */
  from?: string;
}

/** A tournament with what its matches say about it (formats, count, span). */
interface TournamentSummaryRow {
  id: number;
  tou_key: string;
  name: string;
  short_name: string;
  gender: string;
  start_date: string;
  end_date: string;
  formats: MatchFormat[];
  format_types: FormatType[];
  /** Sides that play in it: two make a bilateral series. */
  sides: number;
  matches: number;
}

/** Thrown inside a cache loader so that an unknown key is not cached (a failed load never is). */
class UnknownTournament extends Error {}

export class TournamentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
  ) {}

  /** Every tournament of real cricket, the one with the latest match day first (replays are demos: decision 059). */
  list(): Promise<TournamentListItem[]> {
    return this.cache.get('tournaments:list', [tags.tournaments], async () => {
      const rows = await this.selectSummaries('real_matches')
        .orderBy('end_date', 'desc')
        .orderBy('t.id', 'desc')
        .execute();
      return rows.map(toListItem);
    });
  }

  /** Tournaments grouped by the month they started in, newest first; a page counts tournaments. */
  months(page: Page, filter: MonthFilter): Promise<{ groups: MonthGroup[]; hasMore: boolean }> {
    const key = `tournaments:months:${filter.format ?? ''}:${filter.formatType ?? ''}:${page.limit}:${page.offset}`;
    return this.cache.get(key, [tags.tournaments], async () => {
      let query = this.selectSummaries('real_matches');
      if (filter.format) query = query.having(sql<boolean>`bool_or(m.format = ${filter.format})`);
      if (filter.formatType) query = query.having(sql<boolean>`bool_or(m.format_type = ${filter.formatType})`);
      const rows = await query
        .orderBy('start_date', 'desc')
        .orderBy('t.id', 'desc')
        .limit(page.limit + 1)
        .offset(page.offset)
        .execute();
      const pageRows = rows.slice(0, page.limit);
      const byMonth = groupBy(pageRows, (row) => row.start_date.slice(0, 7));
      return {
        groups: [...byMonth].map(([month, tournaments]) => ({ month, data: tournaments.map(toListItem) })),
        hasMore: rows.length > page.limit,
      };
    });
  }

  /** Matches grouped by day, newest first; a page counts matches. */
  fixtures(page: Page, filter: FixtureFilter, lang: Lang): Promise<{ groups: FixtureDay[]; hasMore: boolean }> {
    const teams = [...(filter.teams ?? [])].sort();
    const key = `tournaments:fixtures:${filter.format ?? ''}:${filter.formatType ?? ''}:${filter.gender ?? ''}:${filter.teamType ?? ''}:${teams.join(',')}:${filter.from ?? ''}:${page.limit}:${page.offset}:${lang}`;
    return this.cache.get(key, [tags.fixtures], async () => {
      // Real matches (My Matches too): a replay is no fixture; a voided match shows, labelled.
      let query = selectMatchRows(this.db, 'real_matches');
      if (filter.format) query = query.where('m.format', '=', filter.format);
      if (filter.formatType) query = query.where('m.format_type', '=', filter.formatType);
      if (filter.gender) query = query.where('m.gender', '=', filter.gender);
      if (filter.teamType) query = query.where('m.team_type', '=', filter.teamType);
      if (filter.from) query = query.where('m.start_date', '<=', filter.from);
      if (filter.teams) {
        // An empty pick means no favourites yet, hence no matches (not every match).
        if (teams.length === 0) return { groups: [], hasMore: false };
        // Team ids first: the planner can then walk matches newest first and stop at a page.
        query = query.where((eb) => {
          const picked = eb.selectFrom('teams').select('teams.id').where('teams.team_key', 'in', teams);
          return eb.or([eb('m.team_a_id', 'in', picked), eb('m.team_b_id', 'in', picked)]);
        });
      }
      const rows = await query
        .orderBy('m.start_date', 'desc')
        .orderBy('m.id', 'desc')
        .limit(page.limit + 1)
        .offset(page.offset)
        .execute();
      const pageRows = rows.slice(0, page.limit);
      const dayOf = new Map(pageRows.map((row) => [row.id, row.start_date]));
      const matches = await summariseMatches(this.db, pageRows, lang);
      const byDay = groupBy(matches, (match) => dayOf.get(match.id) ?? '');
      return {
        groups: [...byDay].map(([date, dayMatches]) => ({ date, matches: dayMatches })),
        hasMore: rows.length > page.limit,
      };
    });
  }

  /** Years with at least one match, newest first (the fixtures calendar's year select). */
  fixtureYears(): Promise<number[]> {
    return this.cache.get('tournaments:fixture-years', [tags.fixtures], async () => {
      const rows = await this.db
        .selectFrom('real_matches')
        .select(sql<number>`extract(year from start_date)::int`.as('year'))
        .distinct()
        .orderBy('year', 'desc')
        .execute();
      return rows.map((row) => row.year);
    });
  }

  /** Every team, by name, for MyMatches' team picker. */
  teams(): Promise<TeamOption[]> {
    return this.cache.get('tournaments:teams', [tags.fixtures], async () => {
      const rows = await this.db.selectFrom('teams').select(['team_key', 'name', 'code', 'gender', 'team_type']).execute();
      return rows
        .map((row) => ({
          url: row.team_key,
          name: displayTeamName(row.name, row.gender),
          code: row.code,
          gender: row.gender,
          teamType: row.team_type,
        }))
        .sort((x, y) => x.name.localeCompare(y.name, 'en') || x.url.localeCompare(y.url, 'en'));
    });
  }

  /** One tournament with its matches, squads and points table; null for an unknown key. */
  detail(touKey: string, lang: Lang): Promise<TournamentDetail | null> {
    return this.cached(`tournaments:detail:${touKey}:${lang}`, touKey, (tournament) => this.buildDetail(tournament, lang));
  }

  /**
   * Batting and bowling of every player of the tournament in each type of cricket it holds (a
   * tour's Test, ODI and T20I series apart: runs never add across types), with ranks within the
   * type; only `formatType`'s when given. Null for an unknown key.
   */
  playerStats(touKey: string, formatType?: FormatType): Promise<PlayerStatsEntry[] | null> {
    return this.cached(`tournaments:player-stats:${touKey}:${formatType ?? ''}`, touKey, async (tournament) => {
      const tallies = await this.tallies(tournament);
      const types = orderedFormatTypes(tallies.keys()).filter((type) => formatType === undefined || type === formatType);
      return types.flatMap((type) => playerStatsOf(type, tallies.get(type)!));
    });
  }

  /**
   * What the open data is missing of the tournament (domain/withheld-matches.ts), for its stats
   * page; the detail carries the same. Null when nothing shows a gap, and for an unknown key.
   */
  async gap(touKey: string): Promise<TournamentGap | null> {
    const found = await this.cached(`tournaments:gap:${touKey}`, touKey, async (tournament) => {
      // uncounted: the tournament's own list, as its page counts the gap.
      const rows = await selectMatchRows(this.db, 'matches').where('m.tournament_id', '=', tournament.id).execute();
      return { gap: gapOf(rows, tournament, isBilateral(tournament.sides)) };
    });
    return found?.gap ?? null;
  }

  private async cached<T>(cacheKey: string, touKey: string, build: (tournament: TournamentSummaryRow) => Promise<T>): Promise<T | null> {
    try {
      return await this.cache.get(cacheKey, [tags.tournament(touKey)], async () => {
        // uncounted: any tournament by its key (a replay's, every match a replay, keeps its page).
        const tournament = await this.selectSummaries('matches').where('t.tou_key', '=', touKey).executeTakeFirst();
        if (!tournament) throw new UnknownTournament();
        return build(tournament);
      });
    } catch (error) {
      if (error instanceof UnknownTournament) return null;
      throw error;
    }
  }

  /**
   * Tournaments with at least one match of the set, with their formats, span and count of
   * matches: the counted ones (a voided match is listed, labelled, but is not one of them).
   */
  private selectSummaries(set: Exclude<MatchSet, 'counted_matches'>) {
    return this.db
      .selectFrom('tournaments as t')
      .innerJoin(`${set} as m`, 'm.tournament_id', 't.id')
      .leftJoin('counted_matches as c', 'c.id', 'm.id')
      .select([
        't.id',
        't.tou_key',
        't.name',
        't.short_name',
        't.gender',
        // Set by the importer from the match days; the matches answer until it has run.
        sql<string>`coalesce(t.start_date, min(m.start_date))`.as('start_date'),
        sql<string>`coalesce(t.end_date, max(m.start_date))`.as('end_date'),
        sql<MatchFormat[]>`array_agg(distinct m.format)`.as('formats'),
        sql<FormatType[]>`array_agg(distinct m.format_type)`.as('format_types'),
        't.sides',
        sql<number>`count(c.id)::int`.as('matches'),
      ])
      .groupBy('t.id');
  }

  // ---------- detail ----------

  private async buildDetail(tournament: TournamentSummaryRow, lang: Lang): Promise<TournamentDetail> {
    const [rows, counted, tableInnings, tallies] = await Promise.all([
      // uncounted: the tournament's own list; a voided match shows, labelled (a replay's tournament holds replays only).
      selectMatchRows(this.db, 'matches')
        .where('m.tournament_id', '=', tournament.id)
        // Playing order: by day, then match number (Postgres puts a missing number last), then id.
        .orderBy('m.start_date')
        .orderBy('m.event_match_number')
        .orderBy('m.id')
        .execute(),
      this.db.selectFrom('counted_matches').select('id').where('tournament_id', '=', tournament.id).execute(),
      this.selectTableInnings(tournament.id),
      this.tallies(tournament),
    ]);
    const countedIds = new Set(counted.map((row) => row.id));
    const countedOf = (of: readonly { id: number }[]) => of.filter((row) => countedIds.has(row.id)).length;
    const matches = await summariseMatches(this.db, rows, lang);
    const inningsByMatch = groupBy(tableInnings, (inn) => inn.match_id);
    const bilateral = isBilateral(tournament.sides);
    // Each type of the tournament is a series of its own (a tour's Tests, ODIs and T20Is), in display order.
    const rowsByType = groupBy(rows, (row) => row.format_type);
    const parts = orderedFormatTypes(rowsByType.keys()).map((formatType): SeriesPart => {
      const partRows = rowsByType.get(formatType)!;
      return {
        formatType,
        matchKeys: partRows.map((row) => row.match_key),
        countedMatches: countedOf(partRows),
        result: bilateral ? bilateralResult(partRows, formatType, lang) : null,
        teams: squads(partRows, tallies.get(formatType) ?? emptyTallies(), lang),
      };
    });
    return {
      key: tournament.tou_key,
      name: tournament.name,
      shortName: tournament.short_name,
      startAt: epochSeconds(tournament.start_date),
      lastMatchAt: epochSeconds(tournament.end_date),
      formats: orderedFormats(tournament.formats),
      formatTypes: orderedFormatTypes(tournament.format_types),
      gender: tournament.gender === 'female' ? 'female' : 'male',
      bilateral,
      matches,
      countedMatches: countedOf(rows),
      parts,
      teams: squads(rows, mergeTallies([...tallies.values()]), lang),
      gap: gapOf(rows, tournament, bilateral),
      pointsTable: pointsRounds(
        rows.map((row) => toLeagueMatch(row, inningsByMatch.get(row.id) ?? [])),
        tournament.name,
      ),
    };
  }

  /** Innings totals as the points table needs them (absent hurt batters make a side all out sooner). */
  private selectTableInnings(tournamentId: number) {
    return this.db
      .selectFrom('innings as i')
      // uncounted: the points table's own rule leaves out the voided match (and counts a wash-out).
      .innerJoin('matches as m', 'm.id', 'i.match_id')
      .select([
        'i.match_id',
        'i.batting_team',
        'i.super_over',
        'i.runs',
        'i.wickets',
        'i.called_balls',
        'i.target_runs',
        'i.target_balls',
        sql<number>`coalesce(cardinality(i.absent_hurt), 0)`.as('absent_batters'),
      ])
      .where('m.tournament_id', '=', tournamentId)
      .orderBy('i.match_id')
      .orderBy('i.innings_no')
      .execute();
  }

  // ---------- what each player did in the tournament ----------

  /**
   * Who played for whom and what each did, summed per player in SQL: one load per tournament
   * for both the squads (roles) and the stats. Super overs are left out, as scorers do.
   */
  private tallies({ id: tournamentId, tou_key: touKey }: TournamentSummaryRow): Promise<Map<FormatType, TournamentTallies>> {
    return this.cache.get(`tournaments:tallies:${tournamentId}`, [tags.tournament(touKey)], async () => {
      const [players, batting, bowling, stumpings] = await Promise.all([
        this.selectTournamentPlayers(tournamentId),
        this.sumBatting(tournamentId),
        this.sumBowling(tournamentId),
        this.countStumpings(tournamentId),
      ]);
      const byType = new Map<FormatType, TournamentTallies>();
      const of = (type: FormatType) => {
        let tallies = byType.get(type);
        if (!tallies) byType.set(type, (tallies = emptyTallies()));
        return tallies;
      };
      for (const row of players) of(row.format_type).players.push(row);
      for (const row of batting) of(row.format_type).batting.set(row.person_id, row);
      for (const { figures, ...row } of bowling) {
        of(row.format_type).bowling.set(row.person_id, { ...row, figures: figures.map(([wickets, runs, balls]) => ({ wickets, runs, balls })) });
      }
      for (const row of stumpings) of(row.format_type).stumpings.set(row.person_id, row.stumpings);
      return byType;
    });
  }

  /** Who played in the tournament, per side played for, the side with most matches first. */
  private async selectTournamentPlayers(tournamentId: number): Promise<TournamentPlayerRow[]> {
    const rows = await this.db
      .selectFrom('match_players as mp')
      .innerJoin('counted_matches as m', 'm.id', 'mp.match_id')
      .innerJoin('people as p', 'p.id', 'mp.person_id')
      .innerJoin('teams as pt', (join) => join.on(sql<boolean>`pt.id = case mp.team when 'a' then m.team_a_id else m.team_b_id end`))
      .select([
        'mp.person_id',
        'p.registry_id as player_key',
        'p.name as player_name',
        'pt.team_key',
        // The side's name in this tournament's matches (a franchise may have been renamed since).
        sql<string>`max(case mp.team when 'a' then m.team_a_name else m.team_b_name end)`.as('team_name'),
        'pt.code as team_code',
        'pt.gender',
        'm.format_type',
        sql<number>`count(*)::int`.as('matches'),
      ])
      .where('m.tournament_id', '=', tournamentId)
      .groupBy(['mp.person_id', 'p.id', 'pt.id', 'm.format_type'])
      .orderBy('mp.person_id')
      .orderBy('matches', 'desc')
      .orderBy('pt.team_key')
      .execute();
    return rows.map((row) => ({ ...row, team_name: displayTeamName(row.team_name, row.gender) }));
  }

  private sumBatting(tournamentId: number) {
    return this.db
      .selectFrom('batting_innings as b')
      .innerJoin('innings as i', (join) => join.onRef('i.match_id', '=', 'b.match_id').onRef('i.innings_no', '=', 'b.innings_no'))
      .innerJoin('counted_matches as m', 'm.id', 'b.match_id')
      .select([
        'b.person_id',
        'm.format_type',
        sql<number>`count(*)::int`.as('innings'),
        sql<number>`sum(b.runs)::int`.as('runs'),
        sql<number>`sum(b.balls)::int`.as('balls'),
        sql<number>`sum(b.fours)::int`.as('fours'),
        sql<number>`sum(b.sixes)::int`.as('sixes'),
        sql<number>`avg(b.position)::float8`.as('average_position'),
      ])
      .where('m.tournament_id', '=', tournamentId)
      .where('i.super_over', '=', false)
      .groupBy(['b.person_id', 'm.format_type'])
      .execute();
  }

  private sumBowling(tournamentId: number) {
    return this.db
      .selectFrom('bowling_innings as w')
      .innerJoin('innings as i', (join) => join.onRef('i.match_id', '=', 'w.match_id').onRef('i.innings_no', '=', 'w.innings_no'))
      .innerJoin('counted_matches as m', 'm.id', 'w.match_id')
      .select([
        'w.person_id',
        'm.format_type',
        sql<number>`count(*)::int`.as('innings'),
        sql<number>`sum(w.called_balls)::int`.as('balls'),
        sql<number>`sum(w.runs)::int`.as('runs'),
        sql<number>`sum(w.wickets)::int`.as('wickets'),
        sql<number>`sum(w.maidens)::int`.as('maidens'),
        // Each innings' figures [wickets, runs, balls], for the domain to pick the best from.
        sql<[number, number, number][]>`array_agg(array[w.wickets, w.runs, w.called_balls])`.as('figures'),
      ])
      .where('m.tournament_id', '=', tournamentId)
      .where('i.super_over', '=', false)
      .groupBy(['w.person_id', 'm.format_type'])
      .execute();
  }

  /** Stumpings per fielder: the one sure sign of a wicket-keeper (player-role.ts). */
  private countStumpings(tournamentId: number) {
    const stumpedBy = this.db
      .selectFrom('batting_innings as b')
      .innerJoin('counted_matches as m', 'm.id', 'b.match_id')
      .select(['m.format_type', sql<number>`unnest(b.fielder_ids)`.as('person_id')])
      .where('m.tournament_id', '=', tournamentId)
      .where('b.dismissal_kind', '=', 'stumped');
    return this.db
      .selectFrom(stumpedBy.as('s'))
      .select(['s.person_id', 's.format_type', sql<number>`count(*)::int`.as('stumpings')])
      .groupBy(['s.person_id', 's.format_type'])
      .execute();
  }
}

interface TournamentPlayerRow {
  person_id: number;
  player_key: string;
  player_name: string;
  team_key: string;
  /** As shown: 'India Women' for the women's side. */
  team_name: string;
  team_code: string;
  gender: 'male' | 'female';
  format_type: FormatType;
  /** Matches of this type played for this side in the tournament. */
  matches: number;
}

interface BattingSum {
  person_id: number;
  format_type: FormatType;
  innings: number;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  average_position: number;
}

interface BowlingSum {
  person_id: number;
  format_type: FormatType;
  innings: number;
  balls: number;
  runs: number;
  wickets: number;
  maidens: number;
  figures: { wickets: number; runs: number; balls: number }[];
}

/** What the players did in the tournament's matches of one type (or of all, merged for the squads). */
interface TournamentTallies {
  /** Per player and side played for, the side with most matches first. */
  players: TournamentPlayerRow[];
  batting: Map<number, BattingSum>;
  bowling: Map<number, BowlingSum>;
  stumpings: Map<number, number>;
}

function emptyTallies(): TournamentTallies {
  return { players: [], batting: new Map(), bowling: new Map(), stumpings: new Map() };
}

/** Adds `from`'s rows into `into`, per person, with `add` where both have one. */
function addPerPerson<T>(into: Map<number, T>, from: ReadonlyMap<number, T>, add: (x: T, y: T) => T): void {
  for (const [person, row] of from) {
    const seen = into.get(person);
    into.set(person, seen === undefined ? row : add(seen, row));
  }
}

/** x with the numbers under `keys` added to y's. */
function addCounts<T extends Record<K, number>, K extends keyof T>(x: T, y: T, keys: readonly K[]): T {
  const sum = { ...x };
  for (const key of keys) sum[key] = (x[key] + y[key]) as T[K];
  return sum;
}

const addBatting = (x: BattingSum, y: BattingSum): BattingSum => ({
  ...addCounts(x, y, ['innings', 'runs', 'balls', 'fours', 'sixes']),
  average_position: (x.average_position * x.innings + y.average_position * y.innings) / (x.innings + y.innings),
});

const addBowling = (x: BowlingSum, y: BowlingSum): BowlingSum => ({
  ...addCounts(x, y, ['innings', 'balls', 'runs', 'wickets', 'maidens']),
  figures: [...x.figures, ...y.figures],
});

/**
 * The tallies of several types as one, for the squads of a whole tour (who played for whom, and
 * the roles all their matches show). Never for stats: runs do not add across types.
 */
function mergeTallies(parts: readonly TournamentTallies[]): TournamentTallies {
  if (parts.length === 1) return parts[0]!;
  const merged = emptyTallies();
  const players = new Map<string, TournamentPlayerRow>();
  for (const part of parts) {
    for (const row of part.players) {
      const key = `${row.person_id}:${row.team_key}`;
      const seen = players.get(key);
      players.set(key, seen ? { ...seen, matches: seen.matches + row.matches } : row);
    }
    addPerPerson(merged.batting, part.batting, addBatting);
    addPerPerson(merged.bowling, part.bowling, addBowling);
    addPerPerson(merged.stumpings, part.stumpings, (x, y) => x + y);
  }
  // As selected: by player, the side with most matches first.
  merged.players = [...players.values()].sort(
    (x, y) => x.person_id - y.person_id || y.matches - x.matches || x.team_key.localeCompare(y.team_key, 'en'),
  );
  return merged;
}

/** Every player's batting and bowling in the tournament's matches of one type, with ranks among them. */
function playerStatsOf(formatType: FormatType, { players, batting, bowling }: TournamentTallies): PlayerStatsEntry[] {
  // A player who changed sides is shown with the side he played most for (rows come so ordered).
  const shown = [...groupBy(players, (row) => row.person_id).values()].map(([player]) => player as TournamentPlayerRow);
  const talliesOf = (player: TournamentPlayerRow): PlayerTallies => {
    const bat = batting.get(player.person_id);
    const bowl = bowling.get(player.person_id);
    return {
      batting: { name: player.player_name, innings: bat?.innings ?? 0, runs: bat?.runs ?? 0, balls: bat?.balls ?? 0, fours: bat?.fours ?? 0, sixes: bat?.sixes ?? 0 },
      bowling: { name: player.player_name, balls: bowl?.balls ?? 0, wickets: bowl?.wickets ?? 0, runs: bowl?.runs ?? 0 },
    };
  };
  const ranks = leaderRanks(shown, talliesOf);
  const unranked = Number.POSITIVE_INFINITY;
  return shown
    .map((player) => ({ player, ranks: ranks.get(player) ?? { runs: null, wickets: null } }))
    // Leaders first: by most-runs rank, then most-wickets rank (unranked last), then name.
    .sort(
      (x, y) =>
        (x.ranks.runs ?? unranked) - (y.ranks.runs ?? unranked) ||
        (x.ranks.wickets ?? unranked) - (y.ranks.wickets ?? unranked) ||
        x.player.player_name.localeCompare(y.player.player_name, 'en'),
    )
    .map(({ player, ranks: { runs: runsRank, wickets: wicketsRank } }): PlayerStatsEntry => {
      const bat = batting.get(player.person_id);
      const bowl = bowling.get(player.person_id);
      const best = bestBowling(bowl?.figures ?? []);
      return {
        player: { key: player.player_key, name: player.player_name },
        team: { key: player.team_key, name: player.team_name, code: player.team_code },
        formatType,
        batting: {
          innings: bat?.innings ?? 0,
          runs: bat?.runs ?? 0,
          balls: bat?.balls ?? 0,
          fours: bat?.fours ?? 0,
          sixes: bat?.sixes ?? 0,
          rank: runsRank,
        },
        bowling: {
          wickets: bowl?.wickets ?? 0,
          runs: bowl?.runs ?? 0,
          balls: bowl?.balls ?? 0,
          maidens: bowl?.maidens ?? 0,
          rank: wicketsRank,
          best: best && { wickets: best.wickets, runs: best.runs, balls: best.balls },
        },
      };
    });
}

/** The result of one type's series between the two sides of a bilateral tournament (domain/series-result.ts). */
function bilateralResult(rows: readonly MatchRow[], formatType: FormatType, lang: Lang): SeriesResult {
  const [first] = rows as [MatchRow, ...MatchRow[]];
  // The sentence names the sides in its language (Devanagari in Hindi, decision 056).
  const sides: [SeriesSide, SeriesSide] = [
    { key: first.a_key, name: localName('team', displayTeamName(first.team_a_name, first.gender), lang) },
    { key: first.b_key, name: localName('team', displayTeamName(first.team_b_name, first.gender), lang) },
  ];
  const matches = rows.map((row) => {
    const winningSide = row.winner ?? (row.result === 'tie' ? (row.eliminator ?? row.bowl_out) : null);
    return {
      winner: winningSide === null ? null : winningSide === 'a' ? row.a_key : row.b_key,
      result: row.result,
      matchNumber: row.event_match_number,
      completed: row.status === 'completed',
      inPlay: row.status === 'started',
    };
  });
  return seriesResult(sides, formatType, matches, lang);
}

type TableInningsRow = Awaited<ReturnType<TournamentService['selectTableInnings']>>[number];

/** A match as the points table reads it; teams by key, with the names the table shows. */
function toLeagueMatch(row: MatchRow, innings: readonly TableInningsRow[]): LeagueMatch {
  return {
    matchId: row.id,
    teams: [
      { key: row.a_key, code: row.a_code, name: displayTeamName(row.team_a_name, row.gender) },
      { key: row.b_key, code: row.b_code, name: displayTeamName(row.team_b_name, row.gender) },
    ],
    winner: row.winner,
    result: row.result,
    eliminator: row.eliminator ?? row.bowl_out,
    stage: row.event_stage,
    group: row.event_group,
    innings: innings.map((inn) => ({
      battingTeam: inn.batting_team,
      superOver: inn.super_over,
      runs: inn.runs,
      wickets: inn.wickets,
      // Overs the umpires miscounted stand as they were called (Law 17.5).
      calledBalls: inn.called_balls,
      targetRuns: inn.target_runs,
      targetBalls: inn.target_balls,
      absentBatters: inn.absent_batters,
    })),
    ballsPerOver: row.balls_per_over,
    oversLimitBalls: row.overs_limit === null ? null : row.overs_limit * row.balls_per_over,
    format: row.format,
    voided: row.void_replayed_by !== null,
  };
}

/** A round of the table in the provider's shape: net run rate as the tables print it. */
/**
 * Every side of the tournament (by name) with its players grouped by their first role, each group
 * by matches played, then name. Roles come from all of the player's matches in the tournament.
 */
function squads(rows: readonly MatchRow[], tallies: TournamentTallies, lang: Lang): TournamentTeam[] {
  const matchesOf = new Map<number, number>();
  for (const player of tallies.players) matchesOf.set(player.person_id, (matchesOf.get(player.person_id) ?? 0) + player.matches);
  const playersBySide = groupBy(tallies.players, (player) => player.team_key);

  const sides = new Map<string, Omit<TournamentTeam, 'players'>>();
  for (const row of rows) {
    sides.set(row.a_key, { key: row.a_key, name: displayTeamName(row.team_a_name, row.gender), code: row.a_code });
    sides.set(row.b_key, { key: row.b_key, name: displayTeamName(row.team_b_name, row.gender), code: row.b_code });
  }
  return [...sides.values()]
    .sort((x, y) => x.name.localeCompare(y.name, 'en'))
    .map((side) => {
      const players: TournamentTeam['players'] = { bt: [], bo: [], ar: [], wc: [] };
      const members = [...(playersBySide.get(side.key) ?? [])].sort(
        (x, y) => y.matches - x.matches || x.player_name.localeCompare(y.player_name, 'en'),
      );
      for (const member of members) {
        const batting = tallies.batting.get(member.person_id);
        const bowling = tallies.bowling.get(member.person_id);
        const roles = playerRoles({
          matches: matchesOf.get(member.person_id) ?? member.matches,
          battingInnings: batting?.innings ?? 0,
          averageBattingPosition: batting?.average_position ?? null,
          bowlingInnings: bowling?.innings ?? 0,
          ballsBowled: bowling?.balls ?? 0,
          stumpings: tallies.stumpings.get(member.person_id) ?? 0,
        });
        const [mainRole] = roles as [PlayerRole, ...PlayerRole[]];
        players[mainRole].push({
          player: { key: member.player_key, name: member.player_name },
          roles: roles.map((role) => roleLabel(role, lang)),
          matches: member.matches,
        });
      }
      return { ...side, players };
    });
}

/** Formats in the order the pages show them (t20, oneday, test). */
function orderedFormats(formats: readonly MatchFormat[]): Format[] {
  return BROAD_FORMATS.filter((format) => formats.includes(format));
}

function toListItem(row: TournamentSummaryRow): TournamentListItem {
  return {
    format_types: orderedFormatTypes(row.format_types),
    tou_key: row.tou_key,
    short_name: row.short_name,
    imgURl: null,
    name: row.name,
    start_date: epochSeconds(row.start_date),
    last_scheduled_match_date: epochSeconds(row.end_date),
    formats: orderedFormats(row.formats),
    gender: row.gender === 'female' ? 'female' : 'male',
    matches: row.matches,
  };
}

/**
 * The tournament's gap, type by type (a tour's Tests and ODIs are numbered apart), added up; a
 * side only when every type's gap is the same side's.
 */
function gapOf(rows: readonly MatchRow[], tournament: TournamentSummaryRow, bilateral: boolean): TournamentGap | null {
  const gender = tournament.gender === 'female' ? 'female' : 'male';
  const gaps = [...groupBy(rows, (row) => row.format_type).entries()].flatMap(([formatType, typeRows]) => {
    const held = typeRows.map((row): HeldMatch => ({
      number: row.event_match_number,
      group: row.event_group,
      stage: row.event_stage,
      teams: [row.team_a_name, row.team_b_name],
    }));
    const gap = tournamentGap(held, { gender, teamType: typeRows[0]!.team_type, bilateral, formatType, lastDay: tournament.end_date });
    return gap ? [gap] : [];
  });
  if (gaps.length <= 1) return gaps[0] ?? null;
  const side = gaps.every((gap) => gap.side !== null && gap.side === gaps[0]!.side) ? gaps[0]!.side : null;
  return {
    side,
    missing: gaps.reduce((sum, gap) => sum + gap.missing, 0),
    atLeast: gaps.some((gap) => gap.atLeast),
    others: side === null ? 0 : gaps.reduce((sum, gap) => sum + gap.others, 0),
  };
}
