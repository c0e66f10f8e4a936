// The match centre (spec §2 Match detail, §3 Scorecard, Commentary entry, Squad): one
// match's detail, scorecard, commentary, squads and info tab, built from the stored and
// derived rows. Each response is cached per match and language until the data changes;
// a cold build reads each table once for the whole match (never once per player).
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, TeamSide } from '../db/schema.ts';
import { ballsToOvers, formatOvers, round2, runRate } from '../domain/overs.ts';
import { economy, strikeRate } from '../domain/rates.ts';
import { formLetter, headToHead } from '../domain/form.ts';
import { commentary, type CommentaryInnings } from '../domain/commentary.ts';
import { dismissalText } from '../domain/dismissal.ts';
import { isTeamWicket } from '../domain/scorecard.ts';
import { followOnEnforced, matchNotes } from '../domain/test-match.ts';
import type { DismissalKind, PlayerId } from '../domain/types.ts';
import { queryRows, readStoredInnings } from '../store/stored-deliveries.ts';
import { tossText, type Lang } from '../domain/result.ts';
import { tags } from '../feed/tags.ts';
import type { TaggedCache } from './cache.ts';
import type {
  Commentary,
  CommentaryEntry,
  FormResult,
  MatchDetail,
  MatchInfo,
  PlayerRef,
  Scorecard,
  ScorecardInnings,
  Squad,
  SquadPlayer,
} from './match-centre-types.ts';
import { displayTeamName, toMatchObject, type MatchObject, type MatchRow } from './match-object.ts';
import { groupBy, presentMatches, selectInningsRows, selectMatchRows, selectPlayerOfMatch } from './match-rows.ts';

/** Form lists this many results per side (spec: 'last 5 matches'). */
export const FORM_LENGTH = 5;
/** The recent matches carousel shows at most this many matches of both sides together. */
export const RECENT_LIMIT = 6;
/** Head to head lists this many latest meetings. */
export const HEAD_TO_HEAD_LIMIT = 10;

type MatchCentreRow = MatchRow & { team_a_id: number; team_b_id: number };

/** Thrown inside a cache loader so that an unknown key is not cached (a failed load never is). */
class UnknownMatch extends Error {}

export class MatchCentreService {
  /**
   * @param cache for the small resources (detail, scorecard, squad, info)
   * @param commentaryCache a Test's commentary is close to 1 MB, so it gets a cache of its own
   *   holding few entries
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
    private readonly commentaryCache: TaggedCache,
  ) {}

  detail(matchKey: string, lang: Lang): Promise<MatchDetail | null> {
    return this.cached('detail', matchKey, lang, (match) => this.buildDetail(match, lang));
  }

  scorecard(matchKey: string, lang: Lang): Promise<Scorecard | null> {
    return this.cached('scorecard', matchKey, lang, (match) => this.buildScorecard(match, lang));
  }

  commentary(matchKey: string, lang: Lang): Promise<Commentary | null> {
    return this.cached('commentary', matchKey, lang, (match) => this.buildCommentary(match, lang), { cache: this.commentaryCache });
  }

  squad(matchKey: string, lang: Lang): Promise<Squad | null> {
    return this.cached('squad', matchKey, lang, (match) => this.buildSquad(match, lang));
  }

  /** Form and head to head come from the teams' other matches: their tags are the teams' too. */
  info(matchKey: string, lang: Lang): Promise<MatchInfo | null> {
    return this.cached('info', matchKey, lang, (match) => this.buildInfo(match, lang), {
      tagsOf: (match) => [tags.match(matchKey), tags.team(match.a_key), tags.team(match.b_key)],
    });
  }

  private async cached<T>(
    resource: string,
    matchKey: string,
    lang: Lang,
    build: (match: MatchCentreRow) => Promise<T>,
    { cache = this.cache, tagsOf = () => [tags.match(matchKey)] }: { cache?: TaggedCache; tagsOf?: (match: MatchCentreRow) => string[] } = {},
  ): Promise<T | null> {
    const match = await this.matchRow(matchKey);
    if (!match) return null;
    return cache.get(`match-centre:${resource}:${matchKey}:${lang}`, tagsOf(match), () => build(match));
  }

  /** The match's row, cached (null for an unknown key, which is not kept). */
  private async matchRow(matchKey: string): Promise<MatchCentreRow | null> {
    try {
      return await this.cache.get(`match-centre:row:${matchKey}`, [tags.match(matchKey)], async () => {
        const match = await this.findMatch(matchKey);
        if (!match) throw new UnknownMatch();
        return match;
      });
    } catch (error) {
      if (error instanceof UnknownMatch) return null;
      throw error;
    }
  }

  private findMatch(matchKey: string): Promise<MatchCentreRow | undefined> {
    return selectMatchRows(this.db)
      .select(['m.team_a_id', 'm.team_b_id'])
      .where('m.match_key', '=', matchKey)
      .executeTakeFirst();
  }

  // ---------- detail ----------

  private async buildDetail(match: MatchCentreRow, lang: Lang): Promise<MatchDetail> {
    const [innings, awards, officials] = await Promise.all([
      selectInningsRows(this.db, [match.id]),
      selectPlayerOfMatch(this.db, [match.id]),
      this.db
        .selectFrom('match_officials as o')
        .innerJoin('people as p', 'p.id', 'o.person_id')
        .select(['o.role', 'p.registry_id as key', 'p.name'])
        .where('o.match_id', '=', match.id)
        .orderBy('o.role')
        .orderBy('o.position')
        .execute(),
    ]);
    const officialsOf = (role: string): PlayerRef[] =>
      officials.filter((official) => official.role === role).map(({ key, name }) => ({ key, name }));
    const teamNames = teamNamesOf(match);
    return {
      ...toMatchObject(match, innings, awards.map((award) => award.name), lang),
      officials: {
        umpires: officialsOf('umpire'),
        tv_umpires: officialsOf('tv_umpire'),
        reserve_umpires: officialsOf('reserve_umpire'),
        match_referees: officialsOf('match_referee'),
      },
      player_of_match: awards.map(({ key, name }) => ({ key, name })),
      toss_text:
        match.toss_winner && (match.toss_decision === 'bat' || match.toss_decision === 'field')
          ? tossText(teamNames[match.toss_winner], match.toss_decision, lang)
          : null,
      dates: [...match.dates],
      gender: match.gender === 'female' ? 'female' : 'male',
      match_type: match.match_type,
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

  // ---------- scorecard ----------

  private async buildScorecard(match: MatchCentreRow, lang: Lang): Promise<Scorecard> {
    const matchId = match.id;
    const [innings, batting, bowling, falls, stands, players, wickets] = await Promise.all([
      this.db
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
      this.db
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
      this.db
        .selectFrom('bowling_innings')
        .select(['innings_no', 'person_id', 'called_balls', 'maidens', 'runs', 'wickets', 'wides', 'noballs', 'dots'])
        .where('match_id', '=', matchId)
        .orderBy('innings_no')
        .orderBy('position')
        .execute(),
      this.db
        .selectFrom('fall_of_wickets')
        .select(['innings_no', 'wicket_no', 'person_id', 'team_runs', 'over_no', 'ball_no'])
        .where('match_id', '=', matchId)
        .orderBy('innings_no')
        .orderBy('wicket_no')
        .execute(),
      this.db
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
      this.matchPlayers(matchId),
      // Fielders as recorded (names and substitute flags) for the dismissal text.
      this.db
        .selectFrom('wickets')
        .select(['innings_no', 'player_out_id', 'fielders'])
        .where('match_id', '=', matchId)
        .orderBy('innings_no')
        .orderBy('seq')
        .execute(),
    ]);

    const person = await this.people([
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
    // A batter's last wicket in an innings is the dismissal that stands (a retired batter may come back).
    const fieldersOfDismissal = new Map(
      wickets.map((row) => [`${row.innings_no}:${row.player_out_id}`, row.fielders ?? []] as const),
    );
    const teamNames = teamNamesOf(match);
    const teamCodes: Record<TeamSide, string> = { a: match.a_code, b: match.b_code };

    // Regular innings in playing order, then super overs (Cricsheet already lists them so).
    const regular = innings.filter((inn) => !inn.super_over);
    const ordered = [...regular, ...innings.filter((inn) => inn.super_over)];
    // Only a two-innings match has a follow-on: its third innings, when the domain says it was enforced.
    const followOnInnings =
      match.format === 'test' && followOnEnforced(regular.map((inn) => ({ battingTeam: inn.batting_team })))
        ? regular[2]?.innings_no
        : undefined;

    const cards = ordered.map((inn, index): ScorecardInnings => {
      const key = String(index);
      const inningsBatting = battingByInnings.get(inn.innings_no) ?? [];
      const batted = new Set(inningsBatting.map((row) => row.person_id));
      return {
        index,
        innings_no: inn.innings_no,
        batting_team: inn.batting_team,
        team: { code: teamCodes[inn.batting_team], name: teamNames[inn.batting_team] },
        super_over: inn.super_over,
        declared: inn.declared,
        forfeited: inn.forfeited,
        follow_on: inn.innings_no === followOnInnings,
        total: {
          runs: inn.runs,
          wickets: inn.wickets,
          // Overs as the umpires called them (Law 17.5); rates per six balls (overs.ts RATE_BALLS).
          overs: ballsToOvers(inn.called_balls, ballsPerOver),
          run_rate: round2(runRate(inn.runs, inn.called_balls)),
        },
        target:
          inn.target_runs === null
            ? null
            : { runs: inn.target_runs, overs: ballsToOvers(inn.target_balls ?? 0, ballsPerOver) },
        batsman: inningsBatting.map((row) => ({
          player: person(row.person_id),
          score: {
            [key]: {
              batting: {
                score: {
                  runs: row.runs,
                  balls: row.balls,
                  fours: row.fours,
                  sixes: row.sixes,
                  strike_rate: strikeRate(row.runs, row.balls),
                },
                dismissal: {
                  msg: dismissalText(
                    {
                      kind: row.dismissal_kind as DismissalKind | null,
                      bowler: row.bowler_id === null ? null : person(row.bowler_id).name,
                      fielders: (fieldersOfDismissal.get(`${inn.innings_no}:${row.person_id}`) ?? []).map((fielder) => ({
                        name: fielder.name ?? null,
                        substitute: fielder.substitute ?? false,
                      })),
                    },
                    lang,
                  ),
                  wicket_number: row.wicket_no,
                  team_runs: row.team_runs_at_dismissal,
                  // The ball it fell on: over index and ball number, read '5.6'.
                  overs: ballPosition(row.dismissal_over, row.dismissal_ball),
                },
              },
            },
          },
        })),
        did_not_bat: (playersBySide.get(inn.batting_team) ?? [])
          .filter((player) => !batted.has(player.person_id))
          .map((player) => person(player.person_id)),
        bowler: (bowlingByInnings.get(inn.innings_no) ?? []).map((row) => ({
          player: person(row.person_id),
          score: {
            [key]: {
              bowling: {
                score: {
                  overs: ballsToOvers(row.called_balls, ballsPerOver),
                  maiden_overs: row.maidens,
                  runs: row.runs,
                  wickets: row.wickets,
                  economy: economy(row.runs, row.called_balls) ?? 0,
                  wides: row.wides,
                  no_balls: row.noballs,
                  dots: row.dots,
                },
              },
            },
          },
        })),
        extraRun: {
          extra: inn.byes + inn.legbyes + inn.wides + inn.noballs + inn.penalty,
          no_ball: inn.noballs,
          wide: inn.wides,
          leg_bye: inn.legbyes,
          bye: inn.byes,
          penalty: inn.penalty,
        },
        fall_of_wickets: (fallsByInnings.get(inn.innings_no) ?? []).map((row) => ({
          wicket_number: row.wicket_no,
          player: person(row.person_id),
          team_runs: row.team_runs,
          overs: ballPosition(row.over_no, row.ball_no),
        })),
        partnerships: (standsByInnings.get(inn.innings_no) ?? []).map((row) => ({
          for_wicket: row.for_wicket,
          player_a_key: person(row.batter_a_id).key,
          player_a_name: person(row.batter_a_id).name,
          player_a_score: { runs: row.batter_a_runs, balls: row.batter_a_balls },
          player_b_key: person(row.batter_b_id).key,
          player_b_name: person(row.batter_b_id).name,
          player_b_score: { runs: row.batter_b_runs, balls: row.batter_b_balls },
          score: { runs: row.runs, balls: row.balls },
          unbroken: row.unbroken,
        })),
      };
    });

    const [teamA, teamB, teamC, teamD, ...more] = cards;
    return {
      nationality: cards.map((card) => ({
        code: card.team.code,
        name: card.team.name,
        team: card.batting_team,
        score: { runs: card.total.runs, wickets: card.total.wickets, overs: card.total.overs },
      })),
      ...(teamA && { teamA }),
      ...(teamB && { teamB }),
      ...(teamC && { teamC }),
      ...(teamD && { teamD }),
      more,
    };
  }

  /** Both team sheets (an impact player makes twelve) in team sheet order. */
  private matchPlayers(matchId: number) {
    return this.db
      .selectFrom('match_players')
      .select(['team', 'person_id'])
      .where('match_id', '=', matchId)
      .orderBy('team')
      .orderBy('position')
      .execute();
  }

  /**
   * Key and name of the people a match's rows refer to, in one query by primary key, which
   * stays an index lookup whatever the planner knows about the tables (a join may not).
   */
  private async people(ids: readonly number[]): Promise<(id: number) => PlayerRef> {
    const unique = [...new Set(ids)];
    const rows =
      unique.length === 0
        ? []
        : await this.db.selectFrom('people').select(['id', 'registry_id', 'name']).where('id', 'in', unique).execute();
    const byId = new Map(rows.map((row) => [row.id, { key: row.registry_id, name: row.name }]));
    // Every id comes from the match's own rows; the fallback only keeps a page up if one did not.
    return (id) => byId.get(id) ?? { key: String(id), name: '?' };
  }

  // ---------- commentary ----------

  private async buildCommentary(match: MatchCentreRow, lang: Lang): Promise<Commentary> {
    const matchId = match.id;
    // The same stored deliveries and the same rules (InningsTally) as the scorecard's rows.
    const [innings, players] = await Promise.all([readStoredInnings(queryRows(this.db), [matchId]), this.matchPlayers(matchId)]);
    // Stored deliveries name people by database id; commentary shows names and keys.
    const personIds = new Set<number>(players.map((row) => row.person_id));
    for (const inn of innings) {
      for (const delivery of inn.deliveries) {
        personIds.add(Number(delivery.batter)).add(Number(delivery.nonStriker)).add(Number(delivery.bowler));
        for (const wicket of delivery.wickets) personIds.add(Number(wicket.playerOut));
      }
    }
    const person = await this.people([...personIds]);
    const teamNames = teamNamesOf(match);
    const lastInningsNo = innings.at(-1)?.inningsNo;
    const balls = commentary(
      {
        matchSeed: matchId,
        limitedOvers: match.format !== 'test',
        names: (player) => person(Number(player)).name,
        innings: innings.map(
          (inn): CommentaryInnings => ({
            ...inn,
            battingTeamName: teamNames[inn.battingTeam],
            inProgress: match.status === 'started' && inn.inningsNo === lastInningsNo,
          }),
        ),
      },
      lang,
    );
    const names = { get: (player: PlayerId) => person(Number(player)).name };
    const keyOf = (player: PlayerId) => person(Number(player)).key;

    const entries = balls.map(
      (ball, index): CommentaryEntry => ({
        // Unique within the match: a wide shares its ball number with the legal ball after it.
        key: `${ball.inningsNo}.${ball.over}.${ball.ball}.${index + 1}`,
        entry_time: index + 1,
        innings_no: ball.inningsNo,
        overs: [ball.over, ball.ball],
        bowler: {
          key: keyOf(ball.bowler),
          player_key: keyOf(ball.bowler),
          name: names.get(ball.bowler),
          is_wicket: ball.isWicket,
          runs: ball.bowlerRuns,
        },
        batsman: {
          key: keyOf(ball.batter),
          player_key: keyOf(ball.batter),
          name: names.get(ball.batter),
          runs: ball.batterRuns,
          is_four: ball.isFour,
          is_six: ball.isSix,
        },
        wicket: ball.wicket && {
          player_key: keyOf(ball.wicket.playerOut),
          player_name: names.get(ball.wicket.playerOut),
          kind: ball.wicket.kind,
          wicket_type: ball.wicket.kind,
        },
        team_score: { runs: ball.runs, extras: ball.runs - ball.batterRuns, is_wicket: ball.isWicket },
        runs: ball.runs,
        comment: ball.comment,
        over_summary: ball.overSummary,
      }),
    );
    return { related_balls: entries.reverse() };
  }

  // ---------- squad ----------

  private async buildSquad(match: MatchCentreRow, lang: Lang): Promise<Squad> {
    const matchId = match.id;
    const [players, innings, allBatting, allBowling] = await Promise.all([
      this.matchPlayers(matchId),
      this.db.selectFrom('innings').select(['innings_no', 'super_over']).where('match_id', '=', matchId).execute(),
      this.db
        .selectFrom('batting_innings')
        .select(['innings_no', 'person_id', 'position', 'runs', 'balls', 'dismissal_kind'])
        .where('match_id', '=', matchId)
        .orderBy('innings_no')
        .execute(),
      this.db
        .selectFrom('bowling_innings')
        .select(['innings_no', 'person_id', 'legal_balls', 'maidens', 'runs', 'wickets'])
        .where('match_id', '=', matchId)
        .orderBy('innings_no')
        .execute(),
    ]);
    // Super overs are left out of what a player did: 'Batted at 3' means the match proper.
    const superOvers = new Set(innings.filter((inn) => inn.super_over).map((inn) => inn.innings_no));
    const batting = allBatting.filter((row) => !superOvers.has(row.innings_no));
    const bowling = allBowling.filter((row) => !superOvers.has(row.innings_no));
    const person = await this.people(players.map((row) => row.person_id));
    const battingByPerson = groupBy(batting, (row) => row.person_id);
    const bowlingByPerson = groupBy(bowling, (row) => row.person_id);
    const words = SQUAD_WORDS[lang];
    const ballsPerOver = match.balls_per_over;
    const roleInMatch = (personId: number): string => {
      const knocks = battingByPerson.get(personId) ?? [];
      const spells = bowlingByPerson.get(personId) ?? [];
      const parts: string[] = [];
      const [first] = knocks;
      if (first) {
        // A not-out star for a batter not dismissed, or retired and able to come back.
        const scores = knocks.map(
          (row) => `${row.runs}${row.dismissal_kind === null || !isTeamWicket(row.dismissal_kind as DismissalKind) ? '*' : ''} (${row.balls})`,
        );
        parts.push(words.battedAt(first.position, scores.join(' & ')));
      } else {
        parts.push(words.didNotBat);
      }
      if (spells.length > 0) {
        const figures = spells.map((row) => `${formatOvers(row.legal_balls, ballsPerOver)}-${row.maidens}-${row.runs}-${row.wickets}`);
        parts.push(words.bowled(figures.join(' & ')));
      }
      return parts.join(' · ');
    };
    const teamNames = teamNamesOf(match);
    const playersBySide = groupBy(players, (row) => row.team);
    const sideOf = (side: TeamSide, code: string, url: string) => ({
      name: teamNames[side],
      code,
      url,
      players: (playersBySide.get(side) ?? []).map(
        (player): SquadPlayer => ({
          player_key: person(player.person_id).key,
          player_name: person(player.person_id).name,
          image: null,
          role_in_match: roleInMatch(player.person_id),
        }),
      ),
    });
    return { team: { a: sideOf('a', match.a_code, match.a_key), b: sideOf('b', match.b_code, match.b_key) } };
  }

  // ---------- info ----------

  private async buildInfo(match: MatchCentreRow, lang: Lang): Promise<MatchInfo> {
    const teamIds: Record<TeamSide, number> = { a: match.team_a_id, b: match.team_b_id };
    const [latestA, latestB, headToHeadCounts, meetings] = await Promise.all([
      this.latestMatchesBefore(teamIds.a, match.start_date, Math.max(FORM_LENGTH, RECENT_LIMIT)),
      this.latestMatchesBefore(teamIds.b, match.start_date, Math.max(FORM_LENGTH, RECENT_LIMIT)),
      this.headToHeadCounts(teamIds, match.start_date),
      this.completedBefore(match.start_date)
        .where((eb) => betweenTeams(eb, teamIds))
        .limit(HEAD_TO_HEAD_LIMIT)
        .execute(),
    ]);
    const latest: Record<TeamSide, MatchCentreRow[]> = { a: latestA, b: latestB };
    const recent = recentOfBoth(latestA, latestB);

    // One presenter call for every match shown: innings and awards in two queries.
    const shown = uniqueById([...recent, ...meetings]);
    const presented = await presentMatches(this.db, shown, lang);
    const presentedById = new Map(presented.map((object) => [object.match_id, object]));
    const present = (rows: readonly MatchCentreRow[]): MatchObject[] =>
      rows.map((row) => presentedById.get(row.id)).filter((object): object is MatchObject => object !== undefined);

    const form = (side: TeamSide): FormResult[] =>
      latest[side].slice(0, FORM_LENGTH).map((row) => formResult(row, teamIds[side]));
    return {
      venue: match.venue_name ? { name: match.venue_name, city: match.venue_city ?? '' } : null,
      form: { a: form('a'), b: form('b') },
      head_to_head: { ...headToHeadCounts, last: present(meetings) },
      recent: present(recent),
    };
  }

  /** Completed matches that started before the date, newest first. */
  private completedBefore(startDate: string) {
    return selectMatchRows(this.db)
      .select(['m.team_a_id', 'm.team_b_id'])
      .where('m.status', '=', 'completed')
      .where('m.start_date', '<', startDate)
      .orderBy('m.start_date', 'desc')
      .orderBy('m.id', 'desc');
  }

  private latestMatchesBefore(teamId: number, startDate: string, limit: number): Promise<MatchCentreRow[]> {
    return this.completedBefore(startDate)
      .where((eb) => eb.or([eb('m.team_a_id', '=', teamId), eb('m.team_b_id', '=', teamId)]))
      .limit(limit)
      .execute();
  }

  /**
   * Results of every earlier meeting of the two teams, in all formats, counted by the domain's
   * form rule. A team row is one name, gender and team type, so the meetings are of the same
   * gender and team type.
   */
  private async headToHeadCounts(teamIds: Record<TeamSide, number>, startDate: string) {
    const meetings = await this.db
      .selectFrom('matches as m')
      .select(['m.team_a_id', 'm.winner', 'm.result'])
      .where('m.status', '=', 'completed')
      .where('m.start_date', '<', startDate)
      .where((eb) => betweenTeams(eb, teamIds))
      .execute();
    const counts = headToHead(meetings.map((meeting) => formLetter(meeting, meeting.team_a_id === teamIds.a ? 'a' : 'b')));
    return { played: counts.played, won: counts.won, tied: counts.tied, no_result: counts.noResult, drawn: counts.drawn };
  }
}

const SQUAD_WORDS: Record<Lang, { battedAt(position: number, scores: string): string; bowled(figures: string): string; didNotBat: string }> = {
  en: {
    battedAt: (position, scores) => `Batted at ${position} · ${scores}`,
    bowled: (figures) => `Bowled ${figures}`,
    didNotBat: 'Did not bat',
  },
  hi: {
    battedAt: (position, scores) => `${position} नंबर पर बल्लेबाज़ी · ${scores}`,
    bowled: (figures) => `गेंदबाज़ी ${figures}`,
    didNotBat: 'बल्लेबाज़ी नहीं की',
  },
};

/** Matches of the two teams against each other, whichever side each was listed as. */
function betweenTeams(eb: ExpressionBuilder<Database & { m: Database['matches'] }, 'm'>, teamIds: Record<TeamSide, number>) {
  return eb.or([
    eb.and([eb('m.team_a_id', '=', teamIds.a), eb('m.team_b_id', '=', teamIds.b)]),
    eb.and([eb('m.team_a_id', '=', teamIds.b), eb('m.team_b_id', '=', teamIds.a)]),
  ]);
}

/** The team's result in the match (domain form.ts: a tie decided by a super over is still 'T'). */
function formResult(row: MatchCentreRow, teamId: number): FormResult {
  const side: TeamSide = row.team_a_id === teamId ? 'a' : 'b';
  const opponent: TeamSide = side === 'a' ? 'b' : 'a';
  return {
    match_key: row.match_key,
    result: formLetter(row, side),
    opponent: teamNamesOf(row)[opponent],
    start_date: row.start_date,
  };
}

/** Up to RECENT_LIMIT matches, half from each side when both have enough, newest first. */
function recentOfBoth<T extends { id: number; start_date: string }>(latestA: readonly T[], latestB: readonly T[]): T[] {
  const half = Math.floor(RECENT_LIMIT / 2);
  const fromA = latestA.slice(0, Math.max(half, RECENT_LIMIT - Math.min(half, latestB.length)));
  const fromB = latestB.slice(0, RECENT_LIMIT - Math.min(fromA.length, RECENT_LIMIT));
  return uniqueById([...fromA, ...fromB])
    .sort((x, y) => y.start_date.localeCompare(x.start_date) || y.id - x.id)
    .slice(0, RECENT_LIMIT);
}

function uniqueById<T extends { id: number }>(rows: readonly T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id) !== undefined);
}

function teamNamesOf(match: MatchRow): Record<TeamSide, string> {
  return { a: displayTeamName(match.team_a_name, match.gender), b: displayTeamName(match.team_b_name, match.gender) };
}

/** A ball's place as [over index, ball number]: the wire's [o, b] pair, shown '5.6'. */
function ballPosition(over: number | null, ball: number | null): [number, number] | null {
  return over === null || ball === null ? null : [over, ball];
}
