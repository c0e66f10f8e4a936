// What the scorer console reads: people and teams to pick, the matches made on the console, and
// one match as the console needs it (sides, XIs, toss, innings, who is at the crease). Never
// cached: a scorer must see the state their last write made.
import { sql, type Kysely } from 'kysely';
import type { Database, MatchFormat, MatchStatus, TeamSide } from '../db/schema.ts';
import type { InningsTallyState } from '../domain/scorecard.ts';
import { ballKey, ballPositions, nextInnings } from '../domain/live.ts';
import { ballSymbol } from '../domain/commentary.ts';
import { isLegalDelivery } from '../domain/overs.ts';
import { resultText, type Lang } from '../domain/result.ts';
import { readOutcomeInnings } from '../store/live-innings.ts';
import { ballsBeforeInnings } from '../store/packed-balls.ts';
import { readStoredInnings } from '../store/stored-deliveries.ts';
import { loadLiveStates, type LiveMatchRow } from './live-state.ts';

export interface ScorerPlayer {
  key: string;
  name: string;
}

export interface ScorerInnings {
  number: number;
  batting_side: TeamSide;
  super_over: boolean;
  runs: number;
  wickets: number;
  legal_balls: number;
  closed: boolean;
}

/** A ball of the innings in progress as the console lists it (and a correction names it). */
export interface ScorerBall {
  key: string;
  /** Over index (0 for the first over) and the legal balls of the over before it, plus one. */
  over: number;
  ball: number;
  /** The scoreboard's symbol: '.', '4', 'wd', '1nb', 'W'. */
  symbol: string;
  legal: boolean;
  /** Who was on strike, at the other end and bowling: a ball taken back puts them back. */
  striker: string;
  non_striker: string;
  bowler: string;
}

export interface ScorerMatchState {
  match_key: string;
  /** Where the match came from: only 'scorer' matches are scored on the console. */
  source: string;
  title: string;
  status: MatchStatus;
  play_status: string;
  format: MatchFormat;
  balls_per_over: number;
  overs_limit: number | null;
  start_at: number | null;
  teams: Record<TeamSide, { name: string; code: string }>;
  players: Record<TeamSide, ScorerPlayer[]>;
  toss: { winner: TeamSide; decision: 'bat' | 'field' } | null;
  /** The match's last live event sequence: an undo is checked against it. */
  sequence: number;
  /** The result in words once the match is completed. */
  result: string | null;
  /** What the rules start next when no innings is in progress; null when nothing can follow. */
  next_innings: { batting_side: TeamSide; super_over: boolean; target_runs: number | null } | null;
  /** Players of the match, by key (the award may come after the result). */
  player_of_match: string[];
  innings: ScorerInnings[];
  current: {
    innings: number;
    batting_side: TeamSide;
    striker: string | null;
    non_striker: string | null;
    bowler: string | null;
    out: string[];
    last_ball_key: string | null;
    balls_in_over: number;
    /** Every ball of the innings, oldest first: the over on screen and the balls a correction may name. */
    balls: ScorerBall[];
  } | null;
}

export interface ScorerMatchListItem {
  match_key: string;
  title: string;
  start_at: number | null;
  status: MatchStatus;
  play_status: string;
}

/** Dismissals after which a batter may bat again in the innings. */
const MAY_RETURN = new Set(['retired hurt', 'retired not out']);

/** '%' and '_' typed by a scorer are letters, not patterns. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const epochSeconds = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1000));

export class ScorerService {
  constructor(private readonly db: Kysely<Database>) {}

  async searchPeople(text: string, limit: number): Promise<ScorerPlayer[]> {
    return this.db
      .selectFrom('people')
      .select(['registry_id as key', 'name'])
      .where('name', 'ilike', `%${literal(text)}%`)
      // Names starting with the text first, then shorter names (closer matches).
      .orderBy(sql`case when name ilike ${`${literal(text)}%`} then 0 else 1 end`)
      .orderBy(sql`length(name)`)
      .orderBy('name')
      .limit(limit)
      .execute();
  }

  async searchTeams(text: string, limit: number): Promise<{ name: string }[]> {
    return this.db
      .selectFrom('teams')
      .select('name')
      .distinct()
      .where('name', 'ilike', `%${literal(text)}%`)
      .orderBy('name')
      .limit(limit)
      .execute();
  }

  /** Matches made on the console: unfinished first, by start time. */
  async list(limit = 100): Promise<ScorerMatchListItem[]> {
    const rows = await this.db
      // uncounted: the console's own matches (source scorer).
      .selectFrom('matches as m')
      .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
      .select(['m.match_key', 'm.team_a_name', 'm.team_b_name', 'm.match_type', 'm.event_match_number', 'm.start_at', 'm.status', 'm.play_status', 't.name as tou_name'])
      .where('m.source', '=', 'scorer')
      .orderBy(sql`m.status = 'completed'`)
      .orderBy('m.start_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      match_key: row.match_key,
      title: `${row.team_a_name} v ${row.team_b_name}, ${row.tou_name}`,
      start_at: epochSeconds(row.start_at),
      status: row.status,
      play_status: row.play_status,
    }));
  }

  async match(matchKey: string, lang: Lang = 'en'): Promise<ScorerMatchState | null> {
    const match = await this.db
      // uncounted: this match, by its key.
      .selectFrom('matches as m')
      .innerJoin('teams as ta', 'ta.id', 'm.team_a_id')
      .innerJoin('teams as tb', 'tb.id', 'm.team_b_id')
      .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
      .select([
        'm.id', 'm.match_key', 'm.source', 'm.status', 'm.play_status', 'm.format', 'm.balls_per_over', 'm.overs_limit', 'm.start_at',
        'm.break_reason', 'm.team_a_name', 'm.team_b_name', 'ta.code as a_code', 'tb.code as b_code', 'm.toss_winner', 'm.toss_decision', 't.name as tou_name',
        'm.live_sequence', 'm.winner', 'm.result', 'm.win_by_runs', 'm.win_by_wickets', 'm.win_by_innings', 'm.eliminator', 'm.method', 'm.bowl_out',
      ])
      .where('m.match_key', '=', matchKey)
      .executeTakeFirst();
    if (!match) return null;
    const [players, innings] = await Promise.all([
      this.db
        .selectFrom('match_players as mp')
        .innerJoin('people as p', 'p.id', 'mp.person_id')
        .select(['mp.team', 'p.id', 'p.registry_id', 'p.name'])
        .where('mp.match_id', '=', match.id)
        .orderBy('mp.team')
        .orderBy('mp.position')
        .execute(),
      this.db
        .selectFrom('innings')
        .select(['innings_no', 'batting_team', 'super_over', 'runs', 'wickets', 'legal_balls', 'tally'])
        .where('match_id', '=', match.id)
        .orderBy('innings_no')
        .execute(),
    ]);
    const open = innings.findLast((row) => row.tally !== null);
    const teamNames = { a: match.team_a_name, b: match.team_b_name };
    const decision: 'bat' | 'field' | null = match.toss_decision === 'bat' || match.toss_decision === 'field' ? match.toss_decision : null;
    const toss = match.toss_winner && decision ? { winner: match.toss_winner, decision } : null;
    const [awards, next] = await Promise.all([
      this.db
        .selectFrom('player_of_match as pom')
        .innerJoin('people as p', 'p.id', 'pom.person_id')
        .select('p.registry_id')
        .where('pom.match_id', '=', match.id)
        .orderBy('pom.position')
        .execute(),
      open ? null : this.nextInnings(match, toss),
    ]);
    return {
      match_key: match.match_key,
      source: match.source,
      title: `${match.team_a_name} v ${match.team_b_name}, ${match.tou_name}`,
      status: match.status,
      play_status: match.play_status,
      format: match.format,
      balls_per_over: match.balls_per_over,
      overs_limit: match.overs_limit,
      start_at: epochSeconds(match.start_at),
      teams: { a: { name: match.team_a_name, code: match.a_code }, b: { name: match.team_b_name, code: match.b_code } },
      players: {
        a: players.filter((row) => row.team === 'a').map((row) => ({ key: row.registry_id, name: row.name })),
        b: players.filter((row) => row.team === 'b').map((row) => ({ key: row.registry_id, name: row.name })),
      },
      toss,
      sequence: match.live_sequence,
      result:
        match.status === 'completed'
          ? resultText(
              {
                teamNames, winner: match.winner, result: match.result, winByRuns: match.win_by_runs, winByWickets: match.win_by_wickets,
                winByInnings: match.win_by_innings, method: match.method, eliminator: match.eliminator, bowlOut: match.bowl_out,
                ballsRemaining: null, format: match.format,
              },
              lang,
            )
          : null,
      next_innings: next,
      player_of_match: awards.map((award) => award.registry_id),
      innings: innings.map((row) => ({
        number: row.innings_no,
        batting_side: row.batting_team,
        super_over: row.super_over,
        runs: row.runs,
        wickets: row.wickets,
        legal_balls: row.legal_balls,
        closed: row.tally === null,
      })),
      current: open ? await this.current(match, open.innings_no, open.batting_team, open.tally as InningsTallyState) : null,
    };
  }

  /** The innings the rules would start now (the console offers it); null when the match allows none. */
  private async nextInnings(
    match: { id: number; format: MatchFormat; overs_limit: number | null; balls_per_over: number },
    toss: { winner: TeamSide; decision: 'bat' | 'field' } | null,
  ): Promise<ScorerMatchState['next_innings']> {
    const { innings } = await readOutcomeInnings(this.db, match.id);
    const tossBatting = toss === null ? null : toss.decision === 'bat' ? toss.winner : toss.winner === 'a' ? 'b' : 'a';
    const next = nextInnings(match.format, innings, { tossBatting, oversLimit: match.overs_limit, ballsPerOver: match.balls_per_over });
    if ('refused' in next) return null;
    return { batting_side: next.battingSide, super_over: next.superOver, target_runs: next.target?.runs ?? null };
  }

  /**
   * Who is at the crease and bowling: the live state the fans see (striker for the next ball,
   * the bowler of the over in progress), and the batters who cannot bat again in the innings.
   */
  private async current(match: LiveMatchRow, inningsNo: number, battingSide: TeamSide, tally: InningsTallyState): Promise<NonNullable<ScorerMatchState['current']>> {
    const [states, [stored], ballsBefore] = await Promise.all([
      loadLiveStates(this.db, [match]),
      readStoredInnings(this.db, [match.id], inningsNo),
      ballsBeforeInnings(this.db, match.id, inningsNo),
    ]);
    const live = states.get(match.id) ?? null;
    const deliveries = stored?.deliveries ?? [];
    const out = tally.batting.filter((entry) => entry.dismissal !== null && !MAY_RETURN.has(entry.dismissal.kind)).map((entry) => entry.player);
    const keys = await this.registryIds([...new Set([...out, ...deliveries.flatMap((delivery) => [delivery.batter, delivery.nonStriker, delivery.bowler])])]);
    const keyOf = (id: string) => keys.get(id) ?? id;
    const players = live?.recentPlayers;
    return {
      innings: inningsNo,
      batting_side: battingSide,
      striker: players?.striker?.player.key ?? null,
      non_striker: players?.nonStriker?.player.key ?? null,
      bowler: players?.bowler?.player.key ?? null,
      out: out.map(keyOf),
      last_ball_key: live?.lastBall?.key ?? null,
      balls_in_over: tally.over && !tally.over.called ? tally.over.legalBalls % tally.ballsPerOver : 0,
      balls: ballPositions(deliveries).map((position, index) => {
        const delivery = deliveries[index]!;
        return {
          key: ballKey(inningsNo, position, ballsBefore + index + 1),
          over: position.over,
          ball: position.ball,
          symbol: ballSymbol(delivery),
          legal: isLegalDelivery(delivery),
          striker: keyOf(delivery.batter),
          non_striker: keyOf(delivery.nonStriker),
          bowler: keyOf(delivery.bowler),
        };
      }),
    };
  }

  private async registryIds(personIds: readonly string[]): Promise<Map<string, string>> {
    if (personIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('people').select(['id', 'registry_id']).where('id', 'in', personIds.map(Number)).execute();
    return new Map(rows.map((row) => [String(row.id), row.registry_id]));
  }
}

