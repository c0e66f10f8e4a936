// The match summary: one match as home, fixtures, series and the match centre show it, in the
// domain's units (legal and called balls with the balls per over, the toss as a side and a
// decision, the situation of a match in progress computed once by the domain). The provider's
// wire object is made from it at the API edge (wire/presenters/match.ts).
import { resultText, ballsRemaining, isDuckworthLewis } from '../domain/result.ts';
import type { FormatType } from '../domain/format-type.ts';
import { isTourName, matchTitle, type TournamentShape } from '../domain/match-title.ts';
import { matchSituation, type Situation } from '../domain/situation.ts';
import type { InningsTable, MatchesTable, MatchFormat, MatchStatus, PlayStatus, TeamSide } from '../db/schema.ts';
import type { Lang } from '../domain/result.ts';
import type { LiveState } from './live-state.ts';
import { localName } from '../../i18n/names.ts';

/** A match as the listings select it: match columns plus its tournament, teams and venue. */
export type MatchRow = Pick<
  MatchesTable,
  | 'id'
  | 'match_key'
  | 'format'
  | 'format_type'
  | 'status'
  | 'match_type'
  | 'gender'
  | 'team_type'
  | 'balls_per_over'
  | 'overs_limit'
  | 'event_match_number'
  | 'event_stage'
  | 'event_group'
  | 'toss_winner'
  | 'toss_decision'
  | 'winner'
  | 'result'
  | 'win_by_runs'
  | 'win_by_wickets'
  | 'win_by_innings'
  | 'method'
  | 'eliminator'
  | 'bowl_out'
  | 'team_a_name'
  | 'team_b_name'
  | 'dates'
  | 'start_at'
  | 'break_reason'
  | 'day_number'
  | 'revised_target_runs'
  | 'void_replayed_by'
> & {
  play_status: PlayStatus;
  is_replay: boolean;
  /** A replay's source's day ('2008-04-18'); null otherwise (absent in rows made by hand). */
  replay_of_date?: string | null;
  live_sequence: number;
  start_date: string;
  tou_key: string;
  tou_name: string;
  tou_short_name: string;
  /** The tournament's shape, for the match's title (store/tournament-shapes.ts). */
  tou_sides: number;
  tou_type_matches: TournamentShape['typeMatches'];
  a_key: string;
  a_code: string;
  b_key: string;
  b_code: string;
  venue_name: string | null;
  venue_city: string | null;
};

export type InningsRow = Pick<
  InningsTable,
  | 'match_id'
  | 'innings_no'
  | 'batting_team'
  | 'super_over'
  | 'runs'
  | 'wickets'
  | 'legal_balls'
  | 'called_balls'
  | 'target_runs'
  | 'target_balls'
  | 'declared'
  | 'forfeited'
>;

/** The columns a match's title is made from. */
export type TitleColumns = Pick<MatchRow, 'event_stage' | 'event_match_number' | 'event_group' | 'format_type' | 'tou_name' | 'tou_sides' | 'tou_type_matches'>;

/** 'Final', 'Match 12', '2nd Test', 'Only Test' (or in Hindi); the group is added when the data has one. */
export function subTitle(row: TitleColumns, lang: Lang = 'en'): string {
  return matchTitle(
    {
      stage: row.event_stage,
      matchNumber: row.event_match_number,
      group: row.event_group,
      formatType: row.format_type,
      tournament: { sides: row.tou_sides, typeMatches: row.tou_type_matches, tour: isTourName(row.tou_name) },
    },
    lang,
  );
}

/** Cricsheet names women's sides like men's ('India'); fans expect 'India Women'. */
export function displayTeamName(name: string, gender: string): string {
  return gender === 'female' && !/\bwomen\b/i.test(name) ? `${name} Women` : name;
}

/** One innings of the regular match (super overs are not summarised). */
export interface InningsSummary {
  side: TeamSide;
  /** The side's first or second innings (a Test side bats twice). */
  number: number;
  runs: number;
  wickets: number;
  legalBalls: number;
  /** Overs as the umpires called them, in balls; differs from legalBalls when an over was miscounted. */
  calledBalls: number;
  declared: boolean;
  forfeited: boolean;
}

export interface TeamSummary {
  key: string;
  code: string;
  name: string;
}

/** How the winner won: by an innings (and runs), by runs, or by wickets. */
export type WinMargin = { kind: 'innings'; runs: number | null } | { kind: 'runs'; runs: number } | { kind: 'wickets'; wickets: number };

export interface ResultSummary {
  /** The result in words, in the language the summary was built for. */
  text: string;
  /** The winner, or the side that won the eliminator or bowl-out after a tie. */
  winner: TeamSide | null;
  margin: WinMargin | null;
  /** Cricsheet's outcome when nobody won outright: 'tie', 'draw', 'no result'. */
  outcome: string | null;
  /** Player(s) of the match by name. */
  playersOfMatch: string[];
}

export interface MatchSummary {
  id: number;
  key: string;
  /** The provider's broad format (t20, oneday, test). */
  format: MatchFormat;
  /** What kind of cricket it is: Test, ODI, T20I, first-class, List A, T20, The Hundred. */
  formatType: FormatType;
  status: MatchStatus;
  /** Where play stands (the provider's play_status): scheduled, pre_match, in_play, a break, result, abandoned. */
  playStatus: PlayStatus;
  /** A stored match played again as if live (for demos and tests): never to be taken for real play. */
  isReplay: boolean;
  /** The day of the match a replay replays ('2008-04-18'); null for any other match. */
  replayOfDate?: string | null;
  /**
   * The match's last live event (0 before any) as read with this summary: a page follows the
   * events after it. Read before the live state, so the state is never older than it.
   */
  liveSequence: number;
  /** The language of the summary's texts (title, result, and the live state's when presented). */
  lang: Lang;
  /** 'Match 12', '2nd Test', 'Final' in the summary's language. */
  title: string;
  tournament: { key: string; name: string; shortName: string };
  /** Epoch milliseconds: the start time when known (a fixture's), else midnight UTC of the first day (Cricsheet gives days only). */
  startsAt: number;
  startTimeKnown: boolean;
  /** Days the match was played on, first to last ('YYYY-MM-DD'). */
  dates: string[];
  /** A Test's day of play (the days played so far); null in limited-overs cricket. */
  dayNumber: number | null;
  venue: { name: string; city: string } | null;
  teams: Record<TeamSide, TeamSummary>;
  toss: { winner: TeamSide; decision: 'bat' | 'field' } | null;
  ballsPerOver: number;
  /** Regular innings in the order played. */
  innings: InningsSummary[];
  /** The chase's target (balls null when the whole allotment applies). */
  target: { runs: number; balls: number | null; dlApplied: boolean } | null;
  /** Only for a completed match. */
  result: ResultSummary | null;
  /** Need, lead or trail of a match in progress (domain/situation.ts); null otherwise. */
  situation: Situation | null;
  /** Filled by the live engine (services/live-state.ts); null from the archive. */
  live: LiveState | null;
}

function winMargin(row: MatchRow): WinMargin | null {
  if (row.win_by_innings) return { kind: 'innings', runs: row.win_by_runs };
  if (row.win_by_runs !== null) return { kind: 'runs', runs: row.win_by_runs };
  if (row.win_by_wickets !== null) return { kind: 'wickets', wickets: row.win_by_wickets };
  return null;
}

function summariseInnings(innings: readonly InningsRow[]): InningsSummary[] {
  const count: Record<TeamSide, number> = { a: 0, b: 0 };
  return innings
    .filter((inn) => !inn.super_over)
    .map((inn) => ({
      side: inn.batting_team,
      number: (count[inn.batting_team] += 1),
      runs: inn.runs,
      wickets: inn.wickets,
      legalBalls: inn.legal_balls,
      calledBalls: inn.called_balls,
      declared: inn.declared,
      forfeited: inn.forfeited,
    }));
}

/**
 * The summary of a match from its row, its innings (in playing order), its players of the match
 * and, for a match in progress, its live state (services/live-state.ts).
 */
export function summariseMatch(
  row: MatchRow,
  innings: readonly InningsRow[],
  playersOfMatch: readonly string[],
  lang: Lang,
  live: LiveState | null = null,
): MatchSummary {
  const regular = innings.filter((inn) => !inn.super_over);
  const chase = regular.at(-1);
  const allotmentBalls = row.overs_limit !== null ? row.overs_limit * row.balls_per_over : null;
  const oversLimitBalls = chase?.target_balls ?? allotmentBalls;
  const remaining =
    row.format !== 'test' && row.win_by_wickets !== null && chase && oversLimitBalls !== null
      ? ballsRemaining(chase.legal_balls, oversLimitBalls)
      : null;
  const teamName = { a: displayTeamName(row.team_a_name, row.gender), b: displayTeamName(row.team_b_name, row.gender) };
  const targetInnings = regular.find((inn) => inn.target_runs !== null);
  const decision = row.toss_decision;
  return {
    id: row.id,
    key: row.match_key,
    format: row.format,
    formatType: row.format_type,
    status: row.status,
    playStatus: row.play_status,
    isReplay: row.is_replay,
    replayOfDate: row.replay_of_date ?? null,
    liveSequence: row.live_sequence,
    lang,
    title: subTitle(row, lang),
    tournament: { key: row.tou_key, name: row.tou_name, shortName: row.tou_short_name },
    startsAt: row.start_at === null ? Date.parse(`${row.start_date}T00:00:00Z`) : new Date(row.start_at).getTime(),
    startTimeKnown: row.start_at !== null,
    dates: [...row.dates],
    dayNumber: row.format === 'test' ? (row.day_number ?? row.dates.length) : null,
    venue: row.venue_name ? { name: row.venue_name, city: row.venue_city ?? '' } : null,
    teams: {
      a: { key: row.a_key, code: row.a_code, name: teamName.a },
      b: { key: row.b_key, code: row.b_code, name: teamName.b },
    },
    toss: row.toss_winner && (decision === 'bat' || decision === 'field') ? { winner: row.toss_winner, decision } : null,
    ballsPerOver: row.balls_per_over,
    innings: summariseInnings(regular),
    target:
      targetInnings && targetInnings.target_runs !== null
        ? {
            runs: targetInnings.target_runs,
            balls: targetInnings.target_balls,
            // In play the scorer's revised target says what the result's method will.
            dlApplied: isDuckworthLewis(row.method) || row.revised_target_runs !== null,
          }
        : null,
    result:
      row.status === 'completed'
        ? {
            text: resultText(
              {
                // The sentence in the summary's language names the sides in it (Devanagari on Hindi pages).
                teamNames: { a: localName('team', teamName.a, lang), b: localName('team', teamName.b, lang) },
                winner: row.winner,
                result: row.result,
                winByRuns: row.win_by_runs,
                winByWickets: row.win_by_wickets,
                winByInnings: row.win_by_innings,
                method: row.method,
                eliminator: row.eliminator,
                bowlOut: row.bowl_out,
                ballsRemaining: remaining,
                format: row.format,
                voided: row.void_replayed_by !== null,
                abandonedWithoutABall: row.play_status === 'abandoned' && regular.length === 0,
              },
              lang,
            ),
            winner: row.winner ?? row.eliminator ?? row.bowl_out,
            margin: winMargin(row),
            outcome: row.result,
            playersOfMatch: [...playersOfMatch],
          }
        : null,
    situation:
      row.status === 'started'
        ? matchSituation(
            row.format,
            regular.map((inn) => ({
              battingTeam: inn.batting_team,
              runs: inn.runs,
              legalBalls: inn.legal_balls,
              targetRuns: inn.target_runs,
              targetBalls: inn.target_balls,
            })),
            allotmentBalls,
          )
        : null,
    live,
  };
}
