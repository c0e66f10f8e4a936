// Automated match reports (docs/decisions/037-match-reports.md): the facts of a completed match
// read from the match centre (its detail in both languages and its scorecard), written into a
// report by the domain (domain/match-report.ts) and saved through the news service. Which
// matches get one: a completed match, not a replay. The change feed's match tags (import,
// corrections, live scoring) queue those among the most recent of their tournament
// (MATCHES_PER_TOURNAMENT); the back-fill after an import queues the newest unreported matches
// first (BACKFILL_LIMIT); a match page opened before either writes its own (reportSlugFor).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { localName } from '../../i18n/names.ts';
import type { Database } from '../db/schema.ts';
import type { FormatType } from '../domain/format-type.ts';
import { isReportable, REPORT_WORDING, writeMatchReport, type MatchReport, type RecordBook, type ReportFacts } from '../domain/match-report.ts';
import type { JobQueue } from '../store/job-queue.ts';
import type { MatchCentreService } from './match-centre.ts';
import type { NewsService } from './news.ts';
import type { RecordsService } from './records.ts';

export const MATCH_REPORT_JOB = 'news.match-report';
export const matchReportPayload = z.object({ matchKey: z.string().min(1).max(200) });
/** Reports are written for this many of each tournament's latest completed matches. */
export const MATCHES_PER_TOURNAMENT = 3;
/** A back-fill queues at most this many reports at once (the rest come with later imports). */
export const BACKFILL_LIMIT = 300;

/** The facts of a completed match, or null when it is not (or no longer) there or not reportable. */
export async function loadReportFacts(db: Kysely<Database>, matchCentre: MatchCentreService, records: RecordsService, matchKey: string): Promise<ReportFacts | null> {
  const [en, hi, scorecard, row] = await Promise.all([
    matchCentre.detail(matchKey, 'en'),
    matchCentre.detail(matchKey, 'hi'),
    matchCentre.scorecard(matchKey, 'en'),
    // uncounted: this match, by its key.
    db.selectFrom('matches').select(['overs_limit', 'balls_per_over', 'is_replay']).where('match_key', '=', matchKey).executeTakeFirst(),
  ]);
  if (!en || !hi || !scorecard || !row || en.status !== 'completed' || !en.result || !hi.result) return null;
  const limit = en.target?.balls ?? (row.overs_limit === null ? null : row.overs_limit * row.balls_per_over);
  // The runs of each over, for the run-rate swing of limited-overs innings (a Test's is not told).
  const commentary = en.format === 'test' ? null : await matchCentre.commentary(matchKey, 'en');
  const overRuns = new Map<string, { inningsNo: number; over: number; runs: number }>();
  for (const ball of commentary?.balls ?? []) {
    const key = `${ball.inningsNo}:${ball.ball.over}`;
    const entry = overRuns.get(key) ?? { inningsNo: ball.inningsNo, over: ball.ball.over + 1, runs: 0 };
    entry.runs += ball.runs;
    overRuns.set(key, entry);
  }
  const facts: ReportFacts = {
    key: en.key,
    format: en.format,
    formatType: en.formatType,
    title: { en: en.title, hi: hi.title },
    tournament: { key: en.tournament.key, name: en.tournament.name },
    dates: en.dates,
    venue: en.venue,
    teams: { a: { key: en.teams.a.key, name: en.teams.a.name }, b: { key: en.teams.b.key, name: en.teams.b.name } },
    ballsPerOver: en.ballsPerOver,
    resultText: { en: en.result.text, hi: hi.result.text },
    winner: en.result.winner,
    margin: en.result.margin,
    outcome: en.result.outcome,
    chaseLimitBalls: en.format === 'test' ? null : limit,
    awards: en.awards,
    innings: scorecard.innings,
    overRuns: [...overRuns.values()],
    records: null,
    // The Hindi text names teams, grounds and players in Devanagari (decision 056).
    hindiName: (kind, latin, key) => localName(kind, latin, 'hi', key),
  };
  if (!isReportable(facts)) return null;
  return { ...facts, records: await loadRecordBook(db, records, matchKey) };
}

/**
 * The earlier figures this match's records are measured against (domain RecordBook): the
 * completed matches (not replays, not voided) of its format type and gender played before its
 * first day, at its venue and of each side (two small aggregates each), and of its competition
 * (the tournament's event across seasons: RecordsService.competitionBefore, read once per
 * competition); super overs and forfeited innings left out.
 */
export async function loadRecordBook(db: Kysely<Database>, records: RecordsService, matchKey: string): Promise<RecordBook | null> {
  // One statement: this match, then its ground's and each side's earlier innings (index paths
  // by venue and by team), so a report pays one planning and one round trip for them.
  type Figures = { count: number; highest: number | null; lowest: number | null };
  const [row] = (
    await sql<{ venue_id: number | null; format_type: FormatType; gender: string; start_date: string; event_name: string; ground: Figures; a: Figures; b: Figures }>`
      with me as (
        select m.venue_id, m.format_type, m.gender, m.start_date, m.team_a_id, m.team_b_id, t.event_name
        from matches m join tournaments t on t.id = m.tournament_id where m.match_key = ${matchKey} -- uncounted: this match, by its key
      ),
      earlier as (
        select m.id, m.venue_id, m.team_a_id, m.team_b_id, i.batting_team, i.runs, i.wickets
        from me, counted_matches m join innings i on i.match_id = m.id and not i.super_over and not i.forfeited
        where m.status = 'completed'
          and m.format_type = me.format_type and m.gender = me.gender and m.start_date < me.start_date
          and (m.venue_id = me.venue_id or m.team_a_id in (me.team_a_id, me.team_b_id) or m.team_b_id in (me.team_a_id, me.team_b_id))
      )
      select me.venue_id, me.format_type, me.gender, me.start_date::text as start_date, me.event_name,
        (select json_build_object('count', count(distinct e.id), 'highest', max(e.runs)) from earlier e where e.venue_id = me.venue_id) as ground,
        ${side(sql`me.team_a_id`)} as a,
        ${side(sql`me.team_b_id`)} as b
      from me`.execute(db)
  ).rows;
  if (!row || (row.gender !== 'male' && row.gender !== 'female')) return null;
  const competition = await records.competitionBefore({ eventName: row.event_name, gender: row.gender, formatType: row.format_type }, row.start_date);
  const team = (figures: Figures) => ({ count: figures.count, highestTotal: figures.highest, lowestAllOut: figures.lowest });
  return {
    formatType: row.format_type,
    gender: row.gender,
    ground: row.venue_id === null ? null : { count: row.ground.count, highestTotal: row.ground.highest },
    teams: { a: team(row.a), b: team(row.b) },
    competition: { ...competition, name: row.event_name },
  };
}

/** A side's earlier innings in the record book's statement: how many, the highest, the lowest all out. */
function side(teamId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select json_build_object('count', count(*), 'highest', max(e.runs), 'lowest', min(e.runs) filter (where e.wickets >= 10))
    from earlier e where (e.team_a_id = ${teamId} and e.batting_team = 'a') or (e.team_b_id = ${teamId} and e.batting_team = 'b'))`;
}

export function draftOfReport(report: MatchReport) {
  return { texts: { en: report.texts.en, hi: report.texts.hi }, tags: report.tags };
}

/** Writes (or rewrites) one match's report; 'skipped' when the match cannot be reported. */
export async function writeReportFor(
  db: Kysely<Database>,
  services: { matchCentre: MatchCentreService; records: RecordsService; news: NewsService },
  matchKey: string,
): Promise<'created' | 'updated' | 'kept' | 'skipped'> {
  const facts = await loadReportFacts(db, services.matchCentre, services.records, matchKey);
  if (!facts) return 'skipped';
  return services.news.saveReport(matchKey, draftOfReport(writeMatchReport(facts)), facts.dates.at(-1) ?? null);
}

/**
 * The slug of a completed match's published report, written now when the back-fill has not
 * reached the match yet (issue 29 §1: every completed match's report is reachable from its page).
 * Null when the match cannot be reported, or its report is not published (an editor withdrew it).
 */
export async function reportSlugFor(
  services: { db: { kysely: Kysely<Database> }; matchCentre: MatchCentreService; records: RecordsService; news: NewsService },
  matchKey: string,
): Promise<string | null> {
  const found = await services.news.reportOf(matchKey);
  if (found) return found.published ? found.slug : null;
  try {
    await writeReportFor(services.db.kysely, services, matchKey);
  } catch (error) {
    // Two first views at once: the other one wrote it (report_match_key is unique).
    if ((await services.news.reportOf(matchKey)) === null) throw error;
  }
  const written = await services.news.reportOf(matchKey);
  return written?.published ? written.slug : null;
}

/**
 * Of these matches, those a report is due for: completed, not replays, and among the latest
 * MATCHES_PER_TOURNAMENT completed matches of their tournament. A changed match is due again
 * (its report is rewritten unless an editor has taken it over). With null (the back-fill):
 * completed matches of any tournament that have no report yet, or one written in an older wording
 * (REPORT_WORDING) that no editor has touched, the newest first, so a fresh install's first reports
 * are this season's (an older match's is written when its page is opened).
 */
export async function reportsDue(db: Kysely<Database>, matchKeys: readonly string[] | null, limit = BACKFILL_LIMIT): Promise<string[]> {
  if (matchKeys === null) {
    const { rows: newest } = await sql<{ match_key: string }>`
      select m.match_key from counted_matches m
      where m.status = 'completed'
        -- No report yet, or one in an older wording that no editor has touched.
        and not exists (
          select 1 from news_articles n
          where n.report_match_key = m.match_key and (n.edited or n.wording >= ${REPORT_WORDING})
        )
      order by m.start_date desc nulls last, m.id desc
      limit ${limit}`.execute(db);
    return newest.map((row) => row.match_key);
  }
  const { rows } = await sql<{ match_key: string }>`
    with ranked as (
      select m.match_key, m.tournament_id,
        row_number() over (partition by m.tournament_id order by m.start_date desc, m.id desc) as recent
      from counted_matches m
      where m.status = 'completed'
        and m.tournament_id in (
          -- uncounted: the tournaments of the given matches
          select tournament_id from matches where match_key = any(${[...matchKeys]}::text[])
        )
    )
    select r.match_key from ranked r
    where r.recent <= ${MATCHES_PER_TOURNAMENT} and r.match_key = any(${[...matchKeys]}::text[])
    order by r.match_key
    limit ${limit}`.execute(db);
  return rows.map((row) => row.match_key);
}

/** Queues a report job per match (deduplicated: a match already queued is not queued twice). */
export async function queueReports(jobs: Pick<JobQueue, 'enqueue'>, matchKeys: readonly string[]): Promise<void> {
  for (const matchKey of matchKeys) await jobs.enqueue({ kind: MATCH_REPORT_JOB, payload: { matchKey }, dedupeKey: matchKey, maxAttempts: 3 });
}
