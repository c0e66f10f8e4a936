// The match detail (spec §2 Match detail): the match summary with officials, awards, toss and
// the notes a Test needs.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tossText, type Lang } from '../../domain/result.ts';
import { matchNotes } from '../../domain/test-match.ts';
import type { MatchDetail, PlayerRef } from '../match-centre-types.ts';
import { summariseMatch } from '../match-summary.ts';
import type { LiveState } from '../live-state.ts';
import { selectInningsRows, selectPlayerOfMatch } from '../match-rows.ts';
import { localName } from '../../../i18n/names.ts';
import { teamNamesOf, type MatchCentreRow } from './shared.ts';

/** `liveState` gives the match's live state (null when not in play): the service shares it with the live engine's events. */
export async function buildDetail(db: Kysely<Database>, match: MatchCentreRow, lang: Lang, liveState: () => Promise<LiveState | null>): Promise<MatchDetail> {
  const [innings, awards, officials, live] = await Promise.all([
    selectInningsRows(db, [match.id]),
    selectPlayerOfMatch(db, [match.id]),
    db
      .selectFrom('match_officials as o')
      .innerJoin('people as p', 'p.id', 'o.person_id')
      .select(['o.role', 'p.registry_id as key', 'p.name'])
      .where('o.match_id', '=', match.id)
      .orderBy('o.role')
      .orderBy('o.position')
      .execute(),
    liveState(),
  ]);
  const officialsOf = (role: string): PlayerRef[] =>
    officials.filter((official) => official.role === role).map(({ key, name }) => ({ key, name }));
  const summary = summariseMatch(match, innings, awards.map((award) => award.name), lang, live);
  const teamNames = teamNamesOf(match);
  return {
    ...summary,
    officials: {
      umpires: officialsOf('umpire'),
      tvUmpires: officialsOf('tv_umpire'),
      reserveUmpires: officialsOf('reserve_umpire'),
      matchReferees: officialsOf('match_referee'),
    },
    awards: awards.map(({ key, name }) => ({ key, name })),
    // The sentence names the side in the detail's language (Devanagari in Hindi, decision 056).
    tossText: summary.toss && tossText(localName('team', teamNames[summary.toss.winner], lang), summary.toss.decision, lang),
    gender: match.gender === 'female' ? 'female' : 'male',
    matchType: match.match_type,
    notes: matchNotes(
      {
        format: match.format,
        teamNames,
        innings: innings.map((inn) => ({
          battingTeam: inn.batting_team,
          superOver: inn.super_over,
          runs: inn.runs,
          wickets: inn.wickets,
          declared: inn.declared,
          forfeited: inn.forfeited,
          targetRuns: inn.target_runs,
          targetBalls: inn.target_balls,
        })),
        oversLimitBalls: match.overs_limit === null ? null : match.overs_limit * match.balls_per_over,
        ballsPerOver: match.balls_per_over,
        method: match.method,
      },
      lang,
    ),
  };
}
