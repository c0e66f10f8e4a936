// The provider's match object (spec §3 Match, with v5's fields beside ours; decision 014) made
// from the match summary the services return. Only the API and the socket events send this
// shape; pages render the summary itself.
import type { z } from 'zod';
import { ballsToOvers } from '../../domain/overs.ts';
import { scoreWithOvers } from '../../domain/score-text.ts';
import type { Lang } from '../../domain/result.ts';
import type { InningsSummary, MatchSummary, ResultSummary } from '../../services/match-summary.ts';
import { presentLiveState } from './live.ts';
import type { inningsKey, inningsScore, matchObject, matchResult } from '../schemas/match.ts';

export type MatchObject = z.output<typeof matchObject>;
export type InningsKey = z.output<typeof inningsKey>;
export type InningsScore = z.output<typeof inningsScore>;

/** Innings keyed a_1, a_2, b_1, b_2; index is the position among all regular innings; score_str in `lang`. */
function presentInnings(innings: readonly InningsSummary[], ballsPerOver: number, lang: Lang): Partial<Record<InningsKey, InningsScore>> {
  const keyed: Partial<Record<InningsKey, InningsScore>> = {};
  innings.forEach((inn, index) => {
    // The provider has no key for a side's third innings.
    if (inn.number > 2) return;
    const overs = ballsToOvers(inn.legalBalls, ballsPerOver);
    keyed[`${inn.side}_${inn.number}` as InningsKey] = {
      score: { runs: inn.runs, wickets: inn.wickets, overs, balls: inn.legalBalls },
      wickets: inn.wickets,
      overs,
      score_str: scoreWithOvers(inn.runs, inn.wickets, inn.legalBalls, ballsPerOver, lang),
      index,
      declared: inn.declared,
      forfeited: inn.forfeited,
    };
  });
  return keyed;
}

/** result_type as the provider words it: 'innings', 'run(s)', 'wicket(s)', else the outcome ('tie', 'draw'...). */
function resultType(result: ResultSummary): string | null {
  const { margin } = result;
  if (margin === null) return result.outcome;
  if (margin.kind === 'innings') return 'innings';
  if (margin.kind === 'runs') return margin.runs === 1 ? 'run' : 'runs';
  return margin.wickets === 1 ? 'wicket' : 'wickets';
}

function presentResult(result: ResultSummary): z.output<typeof matchResult> {
  const { margin } = result;
  return {
    msg: result.text,
    winner: result.winner,
    win_by: margin === null ? null : margin.kind === 'wickets' ? margin.wickets : margin.runs,
    result_type: resultType(result),
    pom: [...result.playersOfMatch],
  };
}

export function presentMatchObject(match: MatchSummary): MatchObject {
  const team = (side: 'a' | 'b') => ({ url: match.teams[side].key, code: match.teams[side].code, name: match.teams[side].name });
  return {
    match_id: match.key,
    match_key: match.key,
    tou_key: match.tournament.key,
    tou_name: match.tournament.name,
    tou_short_name: match.tournament.shortName,
    sub_title: match.title,
    format: match.format,
    format_type: match.formatType,
    status: match.status,
    play_status: match.playStatus,
    is_replay: match.isReplay,
    start_at: Math.floor(match.startsAt / 1000),
    start_time_known: match.startTimeKnown,
    // The provider's client reads venue.name unguarded: an unknown venue is empty words, not null.
    venue: match.venue ? { ...match.venue } : { name: '', city: '' },
    weather: null,
    toss: match.toss && JSON.stringify({ winner: match.toss.winner, elected: match.toss.decision }),
    team: { a: team('a'), b: team('b') },
    play: {
      innings: presentInnings(match.innings, match.ballsPerOver, match.lang),
      result: match.result && presentResult(match.result),
      live: match.live && presentLiveState(match.live, { a: match.teams.a.name, b: match.teams.b.name }, match.lang),
      day_number: match.dayNumber,
      target: match.target && {
        runs: match.target.runs,
        overs: ballsToOvers(match.target.balls ?? 0, match.ballsPerOver),
        balls: match.target.balls ?? 0,
        dl_applied: match.target.dlApplied,
      },
    },
  };
}
