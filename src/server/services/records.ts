// All-time records (issue 10 §4; docs/decisions/033-search-and-records.md): per type of cricket
// and gender, or per tournament series across its seasons (always one type at a time: records
// never add runs across types, except as the record books do and careers here do: first-class
// records include Tests, List A ODIs, T20 T20Is). Only the counted matches (no replay, no voided
// match: decision 059). Read from the derived innings rows (batting_innings,
// bowling_innings, innings), super overs left out, and cached until a whole match is written or
// completed (tags.players: every such write publishes it).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { competitionOf, eventNamesOf, renamedEvents } from '../domain/competition.ts';
import { careerTypesOf, FORMAT_TYPES, orderedFormatTypes, type FormatType } from '../domain/format-type.ts';
import { tags } from '../feed/tags.ts';
import { slug } from '../store/naming.ts';
import type { TaggedCache } from './cache.ts';

export const RECORD_ROWS = 10;
/** Series listed on the records page: the event names with most matches over at least two seasons. */
export const RECORD_SERIES = 40;

export type Gender = 'male' | 'female';

/** Which matches: one type of one gender, optionally of one series (event) only. */
export interface RecordScope {
  formatType: FormatType;
  gender: Gender;
  /**
   * A series ('Indian Premier League') across its seasons, by its event name: a competition
   * renamed over the years is one, under any of its names (domain/competition.ts).
   */
  eventName?: string;
}

export interface RecordPlayer {
  key: string;
  name: string;
}

export interface RunsRecord {
  player: RecordPlayer;
  innings: number;
  runs: number;
  /** Dismissals (retirements not counted), for the average. */
  outs: number;
  highScore: number;
  highScoreNotOut: boolean;
}

export interface WicketsRecord {
  player: RecordPlayer;
  innings: number;
  wickets: number;
  runs: number;
  legalBalls: number;
  bestWickets: number;
  bestRuns: number;
}

/** One match a record was set in. */
export interface RecordMatch {
  matchKey: string;
  date: string;
  team: string;
  against: string;
}

export interface ScoreRecord extends RecordMatch {
  player: RecordPlayer;
  runs: number;
  balls: number;
  notOut: boolean;
}

export interface BowlingRecord extends RecordMatch {
  player: RecordPlayer;
  wickets: number;
  runs: number;
  legalBalls: number;
  ballsPerOver: number;
}

export interface TotalRecord extends RecordMatch {
  runs: number;
  wickets: number;
  legalBalls: number;
  ballsPerOver: number;
  declared: boolean;
}

export interface WinRecord extends RecordMatch {
  /** team: the winner; against: the loser. */
  runs: number;
  byInnings: boolean;
}

export interface Records {
  scope: RecordScope;
  /** The first and last day of the matches counted; null when none. */
  firstDate: string | null;
  lastDate: string | null;
  matches: number;
  mostRuns: RunsRecord[];
  mostWickets: WicketsRecord[];
  highestScores: ScoreRecord[];
  bestBowling: BowlingRecord[];
  highestTotals: TotalRecord[];
  biggestWinsByRuns: WinRecord[];
  biggestWinsByInnings: WinRecord[];
}

/** A competition's best figures before a day, what a match report's records are measured against. */
export interface CompetitionBests {
  /** Matches with at least one innings. */
  count: number;
  highestTotal: number | null;
  highestScore: number | null;
  bestBowling: { wickets: number; runs: number } | null;
  /** The highest stand for each wicket that has one. */
  bestStands: { forWicket: number; runs: number }[];
}

/** The bests of a competition up to the end of each day it played on, in day order. */
type CompetitionTimeline = { day: string; bests: CompetitionBests }[];

const NO_BESTS: CompetitionBests = { count: 0, highestTotal: null, highestScore: null, bestBowling: null, bestStands: [] };

/** A tournament series across seasons: its event name, what types it holds. */
export interface RecordSeries {
  /** slug of the event name: the URL key. */
  key: string;
  /** The competition's name now, for one renamed over the years (domain/competition.ts). */
  eventName: string;
  gender: Gender;
  seasons: number;
  matches: number;
  types: FormatType[];
}

export interface RecordTypes {
  /** Types with matches held, per gender, in the record books' order. */
  male: FormatType[];
  female: FormatType[];
}

const OUT = sql`(b.dismissal_kind is not null and b.dismissal_kind not in ('retired hurt', 'retired not out'))`;

export class RecordsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
  ) {}

  /** The types with matches held, for each gender. */
  types(): Promise<RecordTypes> {
    return this.cache.get('records:types', [tags.players], async () => {
      const { rows } = await sql<{ format_type: FormatType; gender: string }>`
        select distinct format_type, gender from counted_matches where status = 'completed'
      `.execute(this.db);
      const of = (gender: Gender) => orderedFormatTypes(rows.filter((row) => row.gender === gender).map((row) => row.format_type));
      return { male: of('male'), female: of('female') };
    });
  }

  /** Series played over at least two seasons, most matches first; key is the event name's slug. */
  series(): Promise<RecordSeries[]> {
    return this.cache.get('records:series', [tags.players, tags.tournaments], async () => {
      const { rows } = await sql<{ event_name: string; gender: Gender; seasons: number; matches: number; types: FormatType[] }>`
        select c.event_name, c.gender, count(distinct c.season)::int as seasons, count(*)::int as matches,
          array_agg(distinct c.format_type) as types
        from (
          -- A renamed competition under its name now (domain/competition.ts).
          select ${competitionName(sql`t.event_name`)} as event_name, t.gender, t.season, m.format_type
          from tournaments t join counted_matches m on m.tournament_id = t.id
          where m.status = 'completed'
        ) c
        group by c.event_name, c.gender
        having count(distinct c.season) >= 2
        order by matches desc, c.event_name
        limit ${RECORD_SERIES}
      `.execute(this.db);
      return rows.map((row) => ({
        key: seriesKey(row.event_name, row.gender),
        eventName: row.event_name,
        gender: row.gender,
        seasons: row.seasons,
        matches: row.matches,
        types: orderedFormatTypes(row.types),
      }));
    });
  }

  /** The series with this key, or null. */
  async findSeries(key: string): Promise<RecordSeries | null> {
    return (await this.series()).find((series) => series.key === key) ?? null;
  }

  /**
   * The best figures of a competition (an event name, across seasons; one type, one gender) in
   * its completed matches played before `day` (not replays, not voided; super overs and
   * forfeited innings left out). The competition's whole timeline is read once and kept until
   * a match is written, so the reports of many of its matches cost one read.
   */
  async competitionBefore(scope: { eventName: string; gender: string; formatType: FormatType }, day: string): Promise<CompetitionBests> {
    const key = `records:timeline:${scope.formatType}:${scope.gender}:${competitionOf(scope.eventName)}`;
    const timeline = await this.cache.get(key, [tags.players], () => this.loadTimeline(scope));
    // The last day before `day` (days are ISO dates, so they sort as text).
    let low = 0;
    let high = timeline.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (timeline[middle]!.day < day) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? NO_BESTS : timeline[low - 1]!.bests;
  }

  private async loadTimeline(scope: { eventName: string; gender: string; formatType: FormatType }): Promise<CompetitionTimeline> {
    const db = this.db;
    const from = sql`counted_matches m join innings i on i.match_id = m.id and not i.super_over and not i.forfeited`;
    const where = sql`m.status = 'completed' and m.format_type = ${scope.formatType}
      and m.gender = ${scope.gender} and m.tournament_id in (select id from tournaments where event_name = any(${eventNamesOf(scope.eventName)}::text[]) and gender = ${scope.gender})`;
    const [totals, scores, spells, stands] = await Promise.all([
      sql<{ day: string; matches: number; total: number }>`
        select m.start_date::text as day, count(distinct m.id)::int as matches, max(i.runs)::int as total from ${from} where ${where} group by m.start_date`.execute(db),
      sql<{ day: string; runs: number }>`
        select m.start_date::text as day, max(b.runs)::int as runs from ${from}
        join batting_innings b on b.match_id = i.match_id and b.innings_no = i.innings_no where ${where} group by m.start_date`.execute(db),
      sql<{ day: string; wickets: number; runs: number }>`
        select distinct on (m.start_date) m.start_date::text as day, w.wickets, w.runs from ${from}
        join bowling_innings w on w.match_id = i.match_id and w.innings_no = i.innings_no where ${where}
        order by m.start_date, w.wickets desc, w.runs`.execute(db),
      sql<{ day: string; for_wicket: number; runs: number }>`
        select m.start_date::text as day, p.for_wicket, max(p.runs)::int as runs from ${from}
        join partnerships p on p.match_id = i.match_id and p.innings_no = i.innings_no where ${where} group by m.start_date, p.for_wicket`.execute(db),
    ]);
    const byDay = <R extends { day: string }>(rows: R[]) => Map.groupBy(rows, (row) => row.day);
    const [scoresOf, spellsOf, standsOf] = [byDay(scores.rows), byDay(spells.rows), byDay(stands.rows)];
    const timeline: CompetitionTimeline = [];
    let bests = NO_BESTS;
    for (const day of totals.rows.sort((x, y) => (x.day < y.day ? -1 : 1))) {
      const best = new Map(bests.bestStands.map((stand) => [stand.forWicket, stand.runs]));
      for (const stand of standsOf.get(day.day) ?? []) best.set(stand.for_wicket, Math.max(stand.runs, best.get(stand.for_wicket) ?? 0));
      const spell = spellsOf.get(day.day)?.[0];
      const before = bests.bestBowling;
      bests = {
        count: bests.count + day.matches,
        highestTotal: Math.max(day.total, bests.highestTotal ?? 0),
        highestScore: Math.max(scoresOf.get(day.day)?.[0]?.runs ?? 0, bests.highestScore ?? 0),
        bestBowling: !spell ? before : !before || spell.wickets > before.wickets || (spell.wickets === before.wickets && spell.runs < before.runs) ? { wickets: spell.wickets, runs: spell.runs } : before,
        bestStands: [...best].sort(([x], [y]) => x - y).map(([forWicket, runs]) => ({ forWicket, runs })),
      };
      timeline.push({ day: day.day, bests });
    }
    return timeline;
  }

  records(scope: RecordScope): Promise<Records> {
    const cacheKey = `records:${scope.formatType}:${scope.gender}:${scope.eventName === undefined ? '' : competitionOf(scope.eventName)}`;
    return this.cache.get(cacheKey, [tags.players], () => this.load(scope));
  }

  private async load(scope: RecordScope): Promise<Records> {
    const db = this.db;
    const counted = countedTypes(scope.formatType);
    // Completed matches of the scope (a live one counts once it is over).
    const inScope = (m: string): RawBuilder<unknown> =>
      sql`${sql.ref(`${m}.format_type`)} in (${sql.join(counted)}) and ${sql.ref(`${m}.gender`)} = ${scope.gender} and ${sql.ref(`${m}.status`)} = 'completed'
        ${scope.eventName === undefined ? sql`` : sql`and ${sql.ref(`${m}.tournament_id`)} in (select id from tournaments where event_name = any(${eventNamesOf(scope.eventName)}::text[]) and gender = ${scope.gender})`}`;
    const teamOf = (side: RawBuilder<unknown>) => sql`case ${side} when 'a' then m.team_a_name else m.team_b_name end`;
    const againstOf = (side: RawBuilder<unknown>) => sql`case ${side} when 'a' then m.team_b_name else m.team_a_name end`;

    const [span, runs, wickets, scores, bowling, totals, wins] = await Promise.all([
      sql<{ first_date: string | null; last_date: string | null; matches: number }>`
        select min(m.start_date)::text as first_date, max(m.start_date)::text as last_date, count(*)::int as matches from counted_matches m where ${inScope('m')}
      `.execute(db),
      sql<{ key: string; name: string; innings: number; runs: number; outs: number; high: number; high_not_out: boolean }>`
        select p.registry_id as key, p.name, r.innings, r.runs, r.outs, r.high, r.high_not_out
        from (
          select b.person_id, count(*)::int as innings, sum(b.runs)::int as runs, count(*) filter (where ${OUT})::int as outs,
            max(b.runs)::int as high,
            (array_agg(not ${OUT} order by b.runs desc, ${OUT}))[1] as high_not_out
          from batting_innings b join innings i on i.match_id = b.match_id and i.innings_no = b.innings_no and not i.super_over
          join counted_matches m on m.id = b.match_id
          where ${inScope('m')}
          group by b.person_id order by runs desc limit ${RECORD_ROWS}
        ) r join people p on p.id = r.person_id
        order by r.runs desc, p.name
      `.execute(db),
      sql<{ key: string; name: string; innings: number; wickets: number; runs: number; balls: number; best_wickets: number; best_runs: number }>`
        select p.registry_id as key, p.name, r.innings, r.wickets, r.runs, r.balls, r.best_wickets, r.best_runs
        from (
          select w.person_id, count(*)::int as innings, sum(w.wickets)::int as wickets, sum(w.runs)::int as runs, sum(w.legal_balls)::int as balls,
            (array_agg(w.wickets order by w.wickets desc, w.runs))[1] as best_wickets,
            (array_agg(w.runs order by w.wickets desc, w.runs))[1] as best_runs
          from bowling_innings w join innings i on i.match_id = w.match_id and i.innings_no = w.innings_no and not i.super_over
          join counted_matches m on m.id = w.match_id
          where ${inScope('m')}
          group by w.person_id having sum(w.wickets) > 0 order by wickets desc, runs limit ${RECORD_ROWS}
        ) r join people p on p.id = r.person_id
        order by r.wickets desc, r.runs, p.name
      `.execute(db),
      sql<{ key: string; name: string; runs: number; balls: number; not_out: boolean; match_key: string; date: string; team: string; against: string }>`
        select p.registry_id as key, p.name, b.runs, b.balls, not ${OUT} as not_out, m.match_key, m.start_date::text as date,
          ${teamOf(sql`i.batting_team`)} as team, ${againstOf(sql`i.batting_team`)} as against
        from batting_innings b join innings i on i.match_id = b.match_id and i.innings_no = b.innings_no and not i.super_over
        join counted_matches m on m.id = b.match_id join people p on p.id = b.person_id
        where ${inScope('m')}
        order by b.runs desc, b.balls, m.start_date, p.name limit ${RECORD_ROWS}
      `.execute(db),
      sql<{ key: string; name: string; wickets: number; runs: number; balls: number; bpo: number; match_key: string; date: string; team: string; against: string }>`
        select p.registry_id as key, p.name, w.wickets, w.runs, w.legal_balls as balls, m.balls_per_over as bpo, m.match_key,
          m.start_date::text as date, ${againstOf(sql`i.batting_team`)} as team, ${teamOf(sql`i.batting_team`)} as against
        from bowling_innings w join innings i on i.match_id = w.match_id and i.innings_no = w.innings_no and not i.super_over
        join counted_matches m on m.id = w.match_id join people p on p.id = w.person_id
        where ${inScope('m')} and w.wickets > 0
        order by w.wickets desc, w.runs, m.start_date, p.name limit ${RECORD_ROWS}
      `.execute(db),
      sql<{ runs: number; wickets: number; balls: number; bpo: number; declared: boolean; match_key: string; date: string; team: string; against: string }>`
        select i.runs, i.wickets, i.legal_balls as balls, m.balls_per_over as bpo, i.declared, m.match_key, m.start_date::text as date,
          ${teamOf(sql`i.batting_team`)} as team, ${againstOf(sql`i.batting_team`)} as against
        from innings i join counted_matches m on m.id = i.match_id
        where ${inScope('m')} and not i.super_over
        order by i.runs desc, i.wickets, m.start_date limit ${RECORD_ROWS}
      `.execute(db),
      sql<{ runs: number; by_innings: boolean; match_key: string; date: string; team: string; against: string }>`
        select * from (
          (select m.win_by_runs as runs, true as by_innings, m.match_key, m.start_date::text as date,
             ${teamOf(sql`m.winner`)} as team, ${againstOf(sql`m.winner`)} as against
           from counted_matches m where ${inScope('m')} and m.win_by_innings and m.win_by_runs is not null
           order by m.win_by_runs desc, m.start_date limit ${RECORD_ROWS})
          union all
          (select m.win_by_runs, false, m.match_key, m.start_date::text,
             ${teamOf(sql`m.winner`)}, ${againstOf(sql`m.winner`)}
           from counted_matches m where ${inScope('m')} and not m.win_by_innings and m.win_by_runs is not null
           order by m.win_by_runs desc, m.start_date limit ${RECORD_ROWS})
        ) wins order by by_innings desc, runs desc, date
      `.execute(db),
    ]);
    const player = (row: { key: string; name: string }): RecordPlayer => ({ key: row.key, name: row.name });
    const at = (row: { match_key: string; date: string; team: string; against: string }): RecordMatch => ({
      matchKey: row.match_key,
      date: row.date,
      team: row.team,
      against: row.against,
    });
    const spanRow = span.rows[0];
    const winRecords = wins.rows.map((row) => ({ ...at(row), runs: row.runs, byInnings: row.by_innings }));
    return {
      scope,
      firstDate: spanRow?.first_date ?? null,
      lastDate: spanRow?.last_date ?? null,
      matches: spanRow?.matches ?? 0,
      mostRuns: runs.rows.map((row) => ({
        player: player(row),
        innings: row.innings,
        runs: row.runs,
        outs: row.outs,
        highScore: row.high,
        highScoreNotOut: row.high_not_out,
      })),
      mostWickets: wickets.rows.map((row) => ({
        player: player(row),
        innings: row.innings,
        wickets: row.wickets,
        runs: row.runs,
        legalBalls: row.balls,
        bestWickets: row.best_wickets,
        bestRuns: row.best_runs,
      })),
      highestScores: scores.rows.map((row) => ({ ...at(row), player: player(row), runs: row.runs, balls: row.balls, notOut: row.not_out })),
      bestBowling: bowling.rows.map((row) => ({
        ...at(row),
        player: player(row),
        wickets: row.wickets,
        runs: row.runs,
        legalBalls: row.balls,
        ballsPerOver: row.bpo,
      })),
      highestTotals: totals.rows.map((row) => ({
        ...at(row),
        runs: row.runs,
        wickets: row.wickets,
        legalBalls: row.balls,
        ballsPerOver: row.bpo,
        declared: row.declared,
      })),
      biggestWinsByRuns: winRecords.filter((win) => !win.byInnings),
      biggestWinsByInnings: winRecords.filter((win) => win.byInnings),
    };
  }
}

/** The competition an event name column belongs to, by its name now (domain/competition.ts), in SQL. */
function competitionName(column: RawBuilder<unknown>): RawBuilder<string> {
  const renamed = renamedEvents();
  return sql<string>`case ${column} ${sql.join(renamed.map(([earlier, current]) => sql`when ${earlier} then ${current}`), sql` `)} else ${column} end`;
}

/** The types a record of this type counts, its own first: first-class counts Tests too (domain/format-type.ts careerTypesOf). */
export function countedTypes(type: FormatType): FormatType[] {
  return [type, ...FORMAT_TYPES.filter((other) => other !== type && careerTypesOf(other).includes(type))];
}

/** The URL key of a series across seasons: its event name's slug, '-women' added for the women's when the name does not say so. */
export function seriesKey(eventName: string, gender: Gender): string {
  const key = slug(eventName);
  return gender === 'female' && !/(^|-)women/.test(key) ? `${key}-women` : key;
}

export function isFormatType(value: string): value is FormatType {
  return (FORMAT_TYPES as readonly string[]).includes(value);
}
