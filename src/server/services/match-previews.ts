// Automated match previews (issue 29 §2; docs/decisions/071-match-previews.md): for a scheduled
// fixture (a match stored with a start time and no ball yet, store/fixture.ts), the earlier
// matches of its format type and gender read from the stored matches that count (decision 059),
// written into a preview by the domain (domain/match-preview.ts) and saved through the news
// service, attached to the fixture (news_articles.preview_match_key). A preview is due from a day
// before the start; the sweep job (jobs/match-previews.ts) queues one job per fixture due.
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { localName } from '../../i18n/names.ts';
import type { Database } from '../db/schema.ts';
import type { FormatType } from '../domain/format-type.ts';
import { recentForm, writeMatchPreview, type CareerTotal, type MatchPreview, type PastMatch, type PlayerLine, type PreviewFacts } from '../domain/match-preview.ts';
import type { JobQueue } from '../store/job-queue.ts';
import type { NewsService } from './news.ts';

export const MATCH_PREVIEW_JOB = 'news.match-preview';
export const matchPreviewPayload = z.object({ matchKey: z.string().min(1).max(200) });
/** A preview is written from this long before the start ... */
export const PREVIEW_LEAD_MS = 24 * 3_600_000;
/** ... and not for a fixture whose start passed longer ago than this without a ball (a stale one). */
export const PREVIEW_STALE_MS = 24 * 3_600_000;
/** A sweep queues at most this many previews. */
const SWEEP_LIMIT = 200;

interface FixtureRow {
  id: number;
  match_key: string;
  format: 'test' | 'oneday' | 't20';
  format_type: FormatType;
  gender: string;
  start_date: string;
  start_at: Date;
  venue_id: number | null;
  venue_name: string | null;
  tou_key: string;
  tournament_name: string;
  team_a_id: number;
  team_b_id: number;
  team_a_key: string;
  team_b_key: string;
  team_a_name: string;
  team_b_name: string;
}

/**
 * The fixtures a preview is due for at `now`: not replays, not started (no innings), starting
 * within PREVIEW_LEAD_MS (or started less than PREVIEW_STALE_MS ago without a ball), without a
 * preview yet; soonest first.
 */
export async function previewsDue(db: Kysely<Database>, now: Date = new Date(), limit = SWEEP_LIMIT): Promise<string[]> {
  const { rows } = await sql<{ match_key: string }>`
    select m.match_key from real_matches m
    where m.status = 'not_started' and m.start_at is not null
      and m.start_at <= ${new Date(now.getTime() + PREVIEW_LEAD_MS)} and m.start_at > ${new Date(now.getTime() - PREVIEW_STALE_MS)}
      and not exists (select 1 from innings i where i.match_id = m.id)
      and not exists (select 1 from news_articles n where n.preview_match_key = m.match_key)
    order by m.start_at, m.id
    limit ${limit}`.execute(db);
  return rows.map((row) => row.match_key);
}

/** Queues a preview job per fixture (deduplicated by its key). */
export async function queuePreviews(jobs: Pick<JobQueue, 'enqueue'>, matchKeys: readonly string[]): Promise<void> {
  for (const matchKey of matchKeys) await jobs.enqueue({ kind: MATCH_PREVIEW_JOB, payload: { matchKey }, dedupeKey: matchKey, maxAttempts: 3 });
}

/** The fixture, still scheduled (no ball), or null. */
async function fixtureRow(db: Kysely<Database>, matchKey: string): Promise<FixtureRow | null> {
  const { rows } = await sql<FixtureRow>`
    select m.id, m.match_key, m.format, m.format_type, m.gender, m.start_date::text as start_date, m.start_at,
      m.venue_id, v.name as venue_name, t.tou_key, t.name as tournament_name,
      m.team_a_id, m.team_b_id, ta.team_key as team_a_key, tb.team_key as team_b_key, ta.name as team_a_name, tb.name as team_b_name
    from real_matches m
      join tournaments t on t.id = m.tournament_id
      join teams ta on ta.id = m.team_a_id
      join teams tb on tb.id = m.team_b_id
      left join venues v on v.id = m.venue_id
    where m.match_key = ${matchKey} and m.status = 'not_started' and m.start_at is not null
      and not exists (select 1 from innings i where i.match_id = m.id)`.execute(db);
  return rows[0] ?? null;
}

/**
 * The earlier completed matches that count, of the fixture's format type and gender, played by
 * either side or at its venue before the fixture's day, with their regular innings.
 */
async function pastMatches(db: Kysely<Database>, fixture: FixtureRow): Promise<PastMatch[]> {
  const { rows } = await sql<{
    id: number;
    match_key: string;
    start_date: string;
    team_a_key: string;
    team_b_key: string;
    venue_id: number | null;
    winner: 'a' | 'b' | null;
    result: 'tie' | 'no result' | 'draw' | null;
    innings: { side: 'a' | 'b'; runs: number }[] | null;
  }>`
    select m.id, m.match_key, m.start_date::text as start_date, ta.team_key as team_a_key, tb.team_key as team_b_key,
      m.venue_id, m.winner, m.result,
      (select json_agg(json_build_object('side', i.batting_team, 'runs', i.runs) order by i.innings_no)
        from innings i where i.match_id = m.id and not i.super_over and not i.forfeited) as innings
    from counted_matches m
      join teams ta on ta.id = m.team_a_id
      join teams tb on tb.id = m.team_b_id
    where m.status = 'completed' and m.format_type = ${fixture.format_type} and m.gender = ${fixture.gender}
      and m.start_date < ${fixture.start_date}
      and (m.team_a_id in (${fixture.team_a_id}, ${fixture.team_b_id}) or m.team_b_id in (${fixture.team_a_id}, ${fixture.team_b_id})
        ${fixture.venue_id === null ? sql`` : sql`or m.venue_id = ${fixture.venue_id}`})`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    key: row.match_key,
    date: row.start_date,
    teams: { a: row.team_a_key, b: row.team_b_key },
    venueId: row.venue_id,
    winner: row.winner,
    result: row.result,
    innings: row.innings ?? [],
  }));
}

/** Every batting and bowling innings (regular innings) of the matches, with the player's side's team key. */
async function playerLines(db: Kysely<Database>, matchKeys: readonly string[]): Promise<PlayerLine[]> {
  if (matchKeys.length === 0) return [];
  const { rows } = await sql<{ match_key: string; team: string; registry_id: string; name: string; runs: number | null; wickets: number | null }>`
    with ms as (
      select m.id, m.match_key, ta.team_key as a, tb.team_key as b from matches m -- uncounted: the given (counted) matches, by key
        join teams ta on ta.id = m.team_a_id join teams tb on tb.id = m.team_b_id
      where m.match_key = any(${[...matchKeys]}::text[])
    )
    select ms.match_key, case when i.batting_team = 'a' then ms.a else ms.b end as team, p.registry_id, p.name, b.runs, null::int as wickets
    from ms join innings i on i.match_id = ms.id and not i.super_over
      join batting_innings b on b.match_id = i.match_id and b.innings_no = i.innings_no
      join people p on p.id = b.person_id
    union all
    select ms.match_key, case when i.batting_team = 'a' then ms.b else ms.a end, p.registry_id, p.name, null, w.wickets
    from ms join innings i on i.match_id = ms.id and not i.super_over
      join bowling_innings w on w.match_id = i.match_id and w.innings_no = i.innings_no
      join people p on p.id = w.person_id`.execute(db);
  return rows.map((row) => ({ matchKey: row.match_key, team: row.team, player: { key: row.registry_id, name: row.name }, runs: row.runs, wickets: row.wickets }));
}

/**
 * The players a preview weighs for milestones: the fixture's squads when it has them, else those
 * who played for each side in its form matches; with their career runs and wickets in the format
 * type and gender before the fixture's day (counted completed matches, super overs left out).
 */
async function careerTotals(db: Kysely<Database>, fixture: FixtureRow, formKeys: Record<'a' | 'b', string[]>): Promise<CareerTotal[]> {
  const { rows } = await sql<{ team: string; registry_id: string; name: string; runs: number; wickets: number }>`
    with squad as (
      select mp.person_id, case when mp.team = 'a' then ${fixture.team_a_key} else ${fixture.team_b_key} end as team
      from match_players mp where mp.match_id = ${fixture.id}
    ),
    formed as (
      select distinct mp.person_id, case when (case when mp.team = 'a' then m.team_a_id else m.team_b_id end) = ${fixture.team_a_id} then ${fixture.team_a_key} else ${fixture.team_b_key} end as team
      from matches m join match_players mp on mp.match_id = m.id -- uncounted: the sides' form matches (counted), by key
      where (m.match_key = any(${formKeys.a}::text[]) and (case when mp.team = 'a' then m.team_a_id else m.team_b_id end) = ${fixture.team_a_id})
         or (m.match_key = any(${formKeys.b}::text[]) and (case when mp.team = 'a' then m.team_a_id else m.team_b_id end) = ${fixture.team_b_id})
    ),
    considered as (
      select * from squad union select * from formed where not exists (select 1 from squad)
    ),
    earlier as (
      select m.id from counted_matches m
      where m.status = 'completed' and m.format_type = ${fixture.format_type} and m.gender = ${fixture.gender} and m.start_date < ${fixture.start_date}
    )
    select c.team, p.registry_id, p.name,
      coalesce((select sum(b.runs) from batting_innings b join earlier e on e.id = b.match_id
        join innings i on i.match_id = b.match_id and i.innings_no = b.innings_no and not i.super_over where b.person_id = c.person_id), 0)::int as runs,
      coalesce((select sum(w.wickets) from bowling_innings w join earlier e on e.id = w.match_id
        join innings i on i.match_id = w.match_id and i.innings_no = w.innings_no and not i.super_over where w.person_id = c.person_id), 0)::int as wickets
    from considered c join people p on p.id = c.person_id`.execute(db);
  return rows.map((row) => ({ team: row.team, player: { key: row.registry_id, name: row.name }, runs: row.runs, wickets: row.wickets }));
}

/** The facts of a scheduled fixture's preview, or null when it is not (or no longer) scheduled. */
export async function loadPreviewFacts(db: Kysely<Database>, matchKey: string): Promise<PreviewFacts | null> {
  const fixture = await fixtureRow(db, matchKey);
  if (!fixture || (fixture.gender !== 'male' && fixture.gender !== 'female')) return null;
  const matches = await pastMatches(db, fixture);
  const formKeys = {
    a: recentForm(matches, fixture.team_a_key).results.map((result) => result.matchKey),
    b: recentForm(matches, fixture.team_b_key).results.map((result) => result.matchKey),
  };
  const [lines, careers] = await Promise.all([playerLines(db, [...new Set([...formKeys.a, ...formKeys.b])]), careerTotals(db, fixture, formKeys)]);
  return {
    key: fixture.match_key,
    format: fixture.format,
    formatType: fixture.format_type,
    gender: fixture.gender,
    startAt: new Date(fixture.start_at).toISOString(),
    tournament: { key: fixture.tou_key, name: fixture.tournament_name },
    venue: fixture.venue_id === null || fixture.venue_name === null ? null : { id: fixture.venue_id, name: fixture.venue_name },
    teams: { a: { key: fixture.team_a_key, name: fixture.team_a_name }, b: { key: fixture.team_b_key, name: fixture.team_b_name } },
    matches,
    lines,
    careers,
    // The Hindi text names teams, grounds and players in Devanagari (decision 056).
    hindiName: (kind, latin, key) => localName(kind, latin, 'hi', key),
  };
}

export function draftOfPreview(preview: MatchPreview) {
  return { texts: { en: preview.texts.en, hi: preview.texts.hi }, tags: preview.tags };
}

/** Writes (or rewrites) one fixture's preview; 'skipped' when it is no longer scheduled. */
export async function writePreviewFor(db: Kysely<Database>, services: { news: NewsService }, matchKey: string): Promise<'created' | 'updated' | 'kept' | 'skipped'> {
  const facts = await loadPreviewFacts(db, matchKey);
  if (!facts) return 'skipped';
  return services.news.savePreview(matchKey, draftOfPreview(writeMatchPreview(facts)));
}
