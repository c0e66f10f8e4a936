// The match object of the spec (§3 Match), built from database rows. Field names are
// the provider's, so a client written against the original API keeps working.
import type { z } from 'zod';
import { ballsToOvers } from '../domain/overs.ts';
import { resultText, ballsRemaining, isDuckworthLewis } from '../domain/result.ts';
import { matchTitle } from '../domain/match-title.ts';
import type { InningsTable, MatchesTable, TeamSide } from '../db/schema.ts';
import type { Lang } from '../domain/result.ts';
import type { inningsKey, inningsScore, liveState, matchObject } from '../api/schemas/match.ts';

/** A match as the listings select it: match columns plus its tournament, teams and venue. */
export type MatchRow = Pick<
  MatchesTable,
  | 'id'
  | 'match_key'
  | 'format'
  | 'status'
  | 'match_type'
  | 'gender'
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
> & {
  start_date: string;
  tou_key: string;
  tou_name: string;
  tou_short_name: string;
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
  | 'target_runs'
  | 'target_balls'
  | 'declared'
  | 'forfeited'
>;

export type InningsScore = z.output<typeof inningsScore>;
export type InningsKey = z.output<typeof inningsKey>;
/** play.live of the spec: the state of a match in progress, filled by the live engine. */
export type LiveState = z.output<typeof liveState>;
export type MatchObject = z.output<typeof matchObject>;

/** 'Final', '12th Match', '2nd Test' (or in Hindi); the group is added when the data has one. */
export function subTitle(
  row: Pick<MatchRow, 'event_stage' | 'event_match_number' | 'event_group' | 'match_type'>,
  lang: Lang = 'en',
): string {
  return matchTitle(
    { stage: row.event_stage, matchNumber: row.event_match_number, group: row.event_group, matchType: row.match_type },
    lang,
  );
}

/** Innings keyed a_1, a_2, b_1, b_2 in the order each side batted; super overs are left out. */
export function inningsByKey(innings: readonly InningsRow[], ballsPerOver: number): Partial<Record<InningsKey, InningsScore>> {
  const keyed: Partial<Record<InningsKey, InningsScore>> = {};
  const seen: Record<TeamSide, number> = { a: 0, b: 0 };
  innings
    .filter((inn) => !inn.super_over)
    .forEach((inn, index) => {
      seen[inn.batting_team] += 1;
      const key = `${inn.batting_team}_${seen[inn.batting_team]}` as InningsKey;
      if (seen[inn.batting_team] > 2) return;
      const overs = ballsToOvers(inn.legal_balls, ballsPerOver);
      keyed[key] = {
        score: { runs: inn.runs, wickets: inn.wickets, overs, balls: inn.legal_balls },
        wickets: inn.wickets,
        overs,
        score_str: `${inn.runs}/${inn.wickets} in ${overs[0]}.${overs[1]}`,
        index,
        declared: inn.declared,
        forfeited: inn.forfeited,
      };
    });
  return keyed;
}

/** Cricsheet names women's sides like men's ('India'); fans expect 'India Women'. */
export function displayTeamName(name: string, gender: string): string {
  return gender === 'female' && !/\bwomen\b/i.test(name) ? `${name} Women` : name;
}

function resultType(row: MatchRow): string | null {
  if (row.win_by_innings) return 'innings';
  if (row.win_by_runs !== null) return row.win_by_runs === 1 ? 'run' : 'runs';
  if (row.win_by_wickets !== null) return row.win_by_wickets === 1 ? 'wicket' : 'wickets';
  return row.result;
}

export function toMatchObject(
  row: MatchRow,
  innings: readonly InningsRow[],
  playerOfMatch: readonly string[],
  lang: Lang,
): MatchObject {
  const regular = innings.filter((inn) => !inn.super_over);
  const chase = regular.at(-1);
  const oversLimitBalls = chase?.target_balls ?? (row.overs_limit !== null ? row.overs_limit * row.balls_per_over : null);
  const remaining =
    row.format !== 'test' && row.win_by_wickets !== null && chase && oversLimitBalls !== null
      ? ballsRemaining(chase.legal_balls, oversLimitBalls)
      : null;
  const teamName = { a: displayTeamName(row.team_a_name, row.gender), b: displayTeamName(row.team_b_name, row.gender) };
  const completed = row.status === 'completed';
  const targetInnings = regular.find((inn) => inn.target_runs !== null);
  return {
    match_id: row.id,
    match_key: row.match_key,
    tou_key: row.tou_key,
    tou_name: row.tou_name,
    tou_short_name: row.tou_short_name,
    sub_title: subTitle(row, lang),
    format: row.format,
    status: row.status,
    start_at: Math.floor(Date.parse(`${row.start_date}T00:00:00Z`) / 1000),
    start_time_known: false,
    venue: row.venue_name ? { name: row.venue_name, city: row.venue_city ?? '' } : null,
    weather: null,
    toss: row.toss_winner ? JSON.stringify({ winner: row.toss_winner, elected: row.toss_decision }) : null,
    team: {
      a: { url: row.a_key, code: row.a_code, name: teamName.a },
      b: { url: row.b_key, code: row.b_code, name: teamName.b },
    },
    play: {
      innings: inningsByKey(innings, row.balls_per_over),
      result: completed
        ? {
            msg: resultText(
              {
                teamNames: teamName,
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
              },
              lang,
            ),
            winner: row.winner ?? row.eliminator ?? row.bowl_out,
            win_by: row.win_by_runs ?? row.win_by_wickets,
            result_type: resultType(row),
            pom: [...playerOfMatch],
          }
        : null,
      live: null,
      day_number: row.format === 'test' ? row.dates.length : null,
      target:
        targetInnings && targetInnings.target_runs !== null
          ? {
              runs: targetInnings.target_runs,
              overs: ballsToOvers(targetInnings.target_balls ?? 0, row.balls_per_over),
              balls: targetInnings.target_balls ?? 0,
              dl_applied: isDuckworthLewis(row.method),
            }
          : null,
    },
  };
}
