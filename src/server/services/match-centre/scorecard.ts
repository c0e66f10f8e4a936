// The scorecard (spec §3 Scorecard): every innings' batting, bowling, extras, falls of wicket
// and partnerships from the derived rows, every innings in playing order (the API presenter
// puts them in the provider's teamA..teamD slots).
import type { Kysely } from 'kysely';
import { localName } from '../../../i18n/names.ts';
import type { Database, TeamSide } from '../../db/schema.ts';
import { dismissalText } from '../../domain/dismissal.ts';
import { round2, runRate } from '../../domain/overs.ts';
import { economy, strikeRate } from '../../domain/rates.ts';
import type { Lang } from '../../domain/result.ts';
import { followOnEnforced } from '../../domain/test-match.ts';
import type { DismissalKind } from '../../domain/types.ts';
import type { BallPosition, Scorecard, ScorecardInnings } from '../match-centre-types.ts';
import { groupBy } from '../match-rows.ts';
import { matchPlayers, people, teamNamesOf, type MatchCentreRow } from './shared.ts';

export async function buildScorecard(db: Kysely<Database>, match: MatchCentreRow, lang: Lang): Promise<Scorecard> {
  const matchId = match.id;
  const [innings, batting, bowling, falls, stands, players, wickets] = await Promise.all([
    db
      .selectFrom('innings')
      .select([
        'innings_no',
        'batting_team',
        'super_over',
        'declared',
        'forfeited',
        'target_runs',
        'target_balls',
        'runs',
        'wickets',
        'called_balls',
        'byes',
        'legbyes',
        'wides',
        'noballs',
        'penalty',
      ])
      .where('match_id', '=', matchId)
      .orderBy('innings_no')
      .execute(),
    db
      .selectFrom('batting_innings')
      .select([
        'innings_no',
        'person_id',
        'runs',
        'balls',
        'fours',
        'sixes',
        'dismissal_kind',
        'bowler_id',
        'wicket_no',
        'team_runs_at_dismissal',
        'dismissal_over',
        'dismissal_ball',
      ])
      .where('match_id', '=', matchId)
      .orderBy('innings_no')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('bowling_innings')
      .select(['innings_no', 'person_id', 'called_balls', 'maidens', 'runs', 'wickets', 'wides', 'noballs', 'dots'])
      .where('match_id', '=', matchId)
      .orderBy('innings_no')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('fall_of_wickets')
      .select(['innings_no', 'wicket_no', 'person_id', 'team_runs', 'over_no', 'ball_no'])
      .where('match_id', '=', matchId)
      .orderBy('innings_no')
      .orderBy('wicket_no')
      .execute(),
    db
      .selectFrom('partnerships')
      .select([
        'innings_no',
        'for_wicket',
        'batter_a_id',
        'batter_a_runs',
        'batter_a_balls',
        'batter_b_id',
        'batter_b_runs',
        'batter_b_balls',
        'runs',
        'balls',
        'unbroken',
      ])
      .where('match_id', '=', matchId)
      .orderBy('innings_no')
      .orderBy('position')
      .execute(),
    matchPlayers(db, matchId),
    // Fielders as recorded (names and substitute flags) for the dismissal text.
    db
      .selectFrom('wickets')
      .select(['innings_no', 'player_out_id', 'fielders', 'fielder_ids'])
      .where('match_id', '=', matchId)
      .orderBy('innings_no')
      .orderBy('seq')
      .execute(),
  ]);

  const person = await people(db, [
    ...wickets.flatMap((row) => row.fielder_ids ?? []),
    ...players.map((row) => row.person_id),
    ...batting.flatMap((row) => (row.bowler_id === null ? [row.person_id] : [row.person_id, row.bowler_id])),
    ...bowling.map((row) => row.person_id),
    ...falls.map((row) => row.person_id),
    ...stands.flatMap((row) => [row.batter_a_id, row.batter_b_id]),
  ]);
  const ballsPerOver = match.balls_per_over;
  const battingByInnings = groupBy(batting, (row) => row.innings_no);
  const bowlingByInnings = groupBy(bowling, (row) => row.innings_no);
  const fallsByInnings = groupBy(falls, (row) => row.innings_no);
  const standsByInnings = groupBy(stands, (row) => row.innings_no);
  const playersBySide = groupBy(players, (row) => row.team);
  // Names inside the dismissal text are the page's language's (the PlayerLinks localize their own).
  const nameOf = (id: number): string => {
    const ref = person(id);
    return localName('player', ref.name, lang, ref.key);
  };
  // A batter's last wicket in an innings is the dismissal that stands (a retired batter may come back).
  const fieldersOfDismissal = new Map(
    wickets.map((row) => {
      // fielder_ids lists the named fielders in order: each named one gets its person (and Hindi name).
      let named = 0;
      const fielders = (row.fielders ?? []).map((fielder) => {
        const id = fielder.name === undefined ? undefined : row.fielder_ids?.[named++];
        const name = fielder.name === undefined ? null : id === undefined ? localName('player', fielder.name, lang) : nameOf(id);
        return { name, substitute: fielder.substitute ?? false };
      });
      return [`${row.innings_no}:${row.player_out_id}`, fielders] as const;
    }),
  );
  const teamNames = teamNamesOf(match);
  const teamCodes: Record<TeamSide, string> = { a: match.a_code, b: match.b_code };
  // Every player's name, so the Hindi notation tells apart two players of one surname ('सिंह').
  const matchNames = [...new Set([...players.map((row) => row.person_id), ...batting.flatMap((row) => (row.bowler_id === null ? [] : [row.bowler_id]))])].map(nameOf);

  // Regular innings in playing order, then super overs (Cricsheet already lists them so).
  const regular = innings.filter((inn) => !inn.super_over);
  const ordered = [...regular, ...innings.filter((inn) => inn.super_over)];
  // Only a two-innings match has a follow-on: its third innings, when the domain says it was enforced.
  const followOnInnings =
    match.format === 'test' && followOnEnforced(regular.map((inn) => ({ battingTeam: inn.batting_team })))
      ? regular[2]?.innings_no
      : undefined;

  const cards = ordered.map((inn, index): ScorecardInnings => {
    const inningsBatting = battingByInnings.get(inn.innings_no) ?? [];
    const batted = new Set(inningsBatting.map((row) => row.person_id));
    return {
      index,
      inningsNo: inn.innings_no,
      side: inn.batting_team,
      team: { code: teamCodes[inn.batting_team], name: teamNames[inn.batting_team] },
      superOver: inn.super_over,
      declared: inn.declared,
      forfeited: inn.forfeited,
      followOn: inn.innings_no === followOnInnings,
      runs: inn.runs,
      wickets: inn.wickets,
      // Overs as the umpires called them (Law 17.5); rates per six balls (overs.ts RATE_BALLS).
      calledBalls: inn.called_balls,
      runRate: round2(runRate(inn.runs, inn.called_balls)),
      target: inn.target_runs === null ? null : { runs: inn.target_runs, balls: inn.target_balls },
      batting: inningsBatting.map((row) => ({
        player: person(row.person_id),
        runs: row.runs,
        balls: row.balls,
        fours: row.fours,
        sixes: row.sixes,
        strikeRate: strikeRate(row.runs, row.balls),
        dismissal: {
          text: dismissalText(
            {
              kind: row.dismissal_kind as DismissalKind | null,
              bowler: row.bowler_id === null ? null : nameOf(row.bowler_id),
              fielders: fieldersOfDismissal.get(`${inn.innings_no}:${row.person_id}`) ?? [],
              matchNames,
            },
            lang,
          ),
          wicketNumber: row.wicket_no,
          teamRuns: row.team_runs_at_dismissal,
          ball: ballPosition(row.dismissal_over, row.dismissal_ball),
        },
      })),
      didNotBat: (playersBySide.get(inn.batting_team) ?? [])
        .filter((player) => !batted.has(player.person_id))
        .map((player) => person(player.person_id)),
      bowling: (bowlingByInnings.get(inn.innings_no) ?? []).map((row) => ({
        player: person(row.person_id),
        calledBalls: row.called_balls,
        maidens: row.maidens,
        runs: row.runs,
        wickets: row.wickets,
        economy: economy(row.runs, row.called_balls) ?? 0,
        wides: row.wides,
        noBalls: row.noballs,
        dots: row.dots,
      })),
      extras: {
        total: inn.byes + inn.legbyes + inn.wides + inn.noballs + inn.penalty,
        noBalls: inn.noballs,
        wides: inn.wides,
        legByes: inn.legbyes,
        byes: inn.byes,
        penalty: inn.penalty,
      },
      fallOfWickets: (fallsByInnings.get(inn.innings_no) ?? []).map((row) => ({
        wicketNumber: row.wicket_no,
        player: person(row.person_id),
        teamRuns: row.team_runs,
        ball: ballPosition(row.over_no, row.ball_no),
      })),
      partnerships: (standsByInnings.get(inn.innings_no) ?? []).map((row) => ({
        forWicket: row.for_wicket,
        batterA: { player: person(row.batter_a_id), runs: row.batter_a_runs, balls: row.batter_a_balls },
        batterB: { player: person(row.batter_b_id), runs: row.batter_b_runs, balls: row.batter_b_balls },
        runs: row.runs,
        balls: row.balls,
        unbroken: row.unbroken,
      })),
    };
  });

  return { ballsPerOver, innings: cards };
}

/** A ball's place: over index and ball number, shown '5.6'; null when the data lacks it. */
function ballPosition(over: number | null, ball: number | null): BallPosition | null {
  return over === null || ball === null ? null : { over, ball };
}
