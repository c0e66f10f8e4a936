// Ball-by-ball commentary (spec §3 Commentary entry), from the stored deliveries folded with
// the same rules as the scorecard's rows.
import { sql, type Kysely } from 'kysely';
import { localName } from '../../../i18n/names.ts';
import type { Database } from '../../db/schema.ts';
import { commentary, resumeInningsCommentary, type CommentaryInnings, type CommentaryInput, type InningsCommentaryMemo } from '../../domain/commentary.ts';
import { testChaseTarget } from '../../domain/commentary-context.ts';
import { ballKey } from '../../domain/live.ts';
import type { Lang } from '../../domain/result.ts';
import type { Delivery, PlayerId } from '../../domain/types.ts';
import { ballsBeforeInningsSql } from '../../store/packed-balls.ts';
import { readOneStoredInnings, readStoredInnings, type StoredInnings } from '../../store/stored-deliveries.ts';
import type { Commentary, CommentaryBall, PlayerRef } from '../match-centre-types.ts';
import { matchPlayers, people, teamNamesOf, type MatchCentreRow } from './shared.ts';

export async function buildCommentary(db: Kysely<Database>, match: MatchCentreRow, lang: Lang): Promise<Commentary> {
  // The same stored deliveries and the same rules (InningsTally) as the scorecard's rows.
  const [innings, players, chaseRows] = await Promise.all([readStoredInnings(db, [match.id]), matchPlayers(db, match.id), readChaseRows(db, match.id)]);
  const { balls } = await commentaryEntries(
    db,
    match,
    innings,
    { ballsBefore: 0, lastInningsNo: innings.at(-1)?.inningsNo, people: players.map((row) => row.person_id), targets: chaseTargets(match, chaseRows) },
    lang,
  );
  return { balls: balls.reverse() };
}

/** Innings folds a process keeps (each one innings of a match in play, in one language). */
export const COMMENTARY_FOLDS_KEPT = 16;

/**
 * The folds of live innings' commentary this process made last (decision 086), so that the next
 * ball's fold goes on from its ball before instead of folding the innings whole: per match,
 * innings and language, only while the match is in play, at most COMMENTARY_FOLDS_KEPT (the
 * least recently used goes). A fold goes on from one only when the innings as read now is its
 * deliveries unchanged with at most one more, with the same names and settings
 * (resumeInningsCommentary checks); an undo, a correction, another process's ball, a restart
 * fold whole, as before.
 */
export class CommentaryFolds {
  private readonly memos = new Map<string, InningsCommentaryMemo>();
  /** Folds that went on from a kept one, and folds made whole (tests and benches read them). */
  readonly counts = { resumed: 0, whole: 0 };

  get size(): number {
    return this.memos.size;
  }

  /** The innings' commentary, going on from the fold kept for it when it can; kept for the next ball while the match is in play. */
  fold(matchId: number, inningsNo: number, lang: Lang, input: CommentaryInput, inPlay: boolean) {
    const key = `${matchId}/${inningsNo}/${lang}`;
    const folded = resumeInningsCommentary(input, lang, this.memos.get(key) ?? null);
    this.counts[folded.resumed ? 'resumed' : 'whole'] += 1;
    this.memos.delete(key);
    if (!inPlay) {
      // A match over (or not started) has no next ball: nothing of it is kept.
      for (const other of [...this.memos.keys()]) if (other.startsWith(`${matchId}/`)) this.memos.delete(other);
      return folded.balls;
    }
    this.memos.set(key, folded.memo);
    if (this.memos.size > COMMENTARY_FOLDS_KEPT) this.memos.delete(this.memos.keys().next().value!);
    return folded.balls;
  }
}

/** One innings' commentary: its balls oldest first, with the deliveries they were written from. */
export interface InningsCommentary {
  balls: CommentaryBall[];
  deliveries: Delivery[];
  /** Key and name of the people the deliveries name by id (batters, bowlers, players out, fielders). */
  person: (id: number) => PlayerRef;
}

/**
 * The commentary of one innings, read without the match's other innings (the live engine's ball,
 * whatever the match's length): the same entries, keys and sequences as in buildCommentary's,
 * since each innings is folded on its own. Null when the match has no such innings.
 * The match's status is read again, not taken from `match`, as a deciding ball changes it (the
 * last innings is then over, and its last ball ends an over summary).
 */
export async function buildInningsCommentary(
  db: Kysely<Database>,
  matchOrPending: MatchCentreRow | PendingMatch,
  inningsNo: number,
  lang: Lang,
  folds?: CommentaryFolds,
): Promise<InningsCommentary | null> {
  const id = matchOrPending.id;
  const [innings, [counts], match] = await Promise.all([
    readOneStoredInnings(db, id, inningsNo),
    // The match's status, the balls of the innings before this one and every innings' chase
    // facts, in one statement.
    db
      // uncounted: this match, by id
      .selectFrom('matches as m')
      .select((eb) => [
        'm.status',
        ballsBeforeInningsSql(id, inningsNo).as('balls_before'),
        eb
          .selectFrom('innings as i')
          .select(
            sql<ChaseRow[]>`coalesce(json_agg(json_build_object('innings_no', i.innings_no, 'batting_team', i.batting_team, 'super_over', i.super_over,
              'runs', i.runs, 'target_runs', i.target_runs, 'target_balls', i.target_balls) order by i.innings_no), '[]'::json)`.as('rows'),
          )
          .where('i.match_id', '=', id)
          .as('innings'),
      ])
      .where('m.id', '=', id)
      .execute(),
    'row' in matchOrPending ? matchOrPending.row : matchOrPending,
  ]);
  if (!match) return null;
  if (match.id !== id) throw new Error(`match ${match.match_key} is not match ${id}`);
  if (!innings) return null;
  const chaseRows = counts!.innings ?? [];
  return commentaryEntries(
    db,
    { ...match, status: counts!.status },
    [innings],
    { ballsBefore: counts!.balls_before ?? 0, lastInningsNo: chaseRows.at(-1)?.innings_no, people: [], targets: chaseTargets(match, chaseRows), folds },
    lang,
  );
}

/** A match known by id whose row is still being read: the innings' reads go out at once (the live engine's ball, decision 086). */
export interface PendingMatch {
  id: number;
  row: Promise<MatchCentreRow | null>;
}

/** What a chase's target is read from: every innings of the match, in playing order. */
type ChaseRow = { innings_no: number; batting_team: 'a' | 'b'; super_over: boolean; runs: number; target_runs: number | null; target_balls: number | null };

function readChaseRows(db: Kysely<Database>, matchId: number): Promise<ChaseRow[]> {
  return db
    .selectFrom('innings')
    .select(['innings_no', 'batting_team', 'super_over', 'runs', 'target_runs', 'target_balls'])
    .where('match_id', '=', matchId)
    .orderBy('innings_no')
    .execute();
}

/**
 * Each chase's target, as the live state reads it (services/live-state.ts): a limited-overs
 * chase in its balls (the revised ones, else the match's overs), a Test's fourth innings
 * unlimited, its runs from the first three innings' when none is recorded.
 */
function chaseTargets(match: MatchCentreRow, rows: readonly ChaseRow[]): Map<number, { runs: number; balls: number | null }> {
  const limited = match.format !== 'test';
  const allotment = match.overs_limit === null ? null : match.overs_limit * match.balls_per_over;
  const targets = new Map<number, { runs: number; balls: number | null }>();
  for (const row of rows) {
    if (row.target_runs !== null) targets.set(row.innings_no, { runs: row.target_runs, balls: limited ? (row.target_balls ?? allotment) : null });
    else if (!limited) {
      const target = testChaseTarget(rows.map((inn) => ({ battingTeam: inn.batting_team, superOver: inn.super_over, runs: inn.runs })), row.innings_no);
      if (target !== null) targets.set(row.innings_no, target);
    }
  }
  return targets;
}

/** The commentary entries of the given innings of a match, oldest first, numbered after `ballsBefore` balls, with the people they name. */
async function commentaryEntries(
  db: Kysely<Database>,
  match: MatchCentreRow,
  innings: readonly StoredInnings[],
  {
    ballsBefore,
    lastInningsNo,
    people: alsoPeople,
    targets,
    folds,
  }: {
    ballsBefore: number;
    lastInningsNo: number | undefined;
    people: readonly number[];
    targets: ReadonlyMap<number, { runs: number; balls: number | null }>;
    /** One innings folded for the live engine: going on from its last fold (decision 086). */
    folds?: CommentaryFolds | undefined;
  },
  lang: Lang,
): Promise<InningsCommentary> {
  // Stored deliveries name people by database id; commentary shows names and keys.
  const personIds = new Set<number>(alsoPeople);
  for (const inn of innings) {
    for (const delivery of inn.deliveries) {
      personIds.add(Number(delivery.batter)).add(Number(delivery.nonStriker)).add(Number(delivery.bowler));
      // The fielders too: a catch names its fielder, who may neither bat nor bowl in these innings
      // (one innings' commentary has no team sheets to fall back on).
      for (const wicket of delivery.wickets) {
        personIds.add(Number(wicket.playerOut));
        for (const fielder of wicket.fielders) if (fielder.id !== null) personIds.add(Number(fielder.id));
      }
    }
  }
  const person = await people(db, [...personIds]);
  const teamNames = teamNamesOf(match);
  const input: CommentaryInput = {
    matchSeed: match.id,
    limitedOvers: match.format !== 'test',
    // Law: a bowler may bowl a fifth of the overs (4 in a T20, 10 in an ODI).
    bowlerOvers: match.format !== 'test' && match.overs_limit !== null ? Math.ceil(match.overs_limit / 5) : null,
    // Names inside the sentences in the page's language (Devanagari on Hindi pages, decision 056).
    names: (player) => {
      const ref = person(Number(player));
      return localName('player', ref.name, lang, ref.key);
    },
    matchNames: [...personIds].map((id) => {
      const ref = person(id);
      return localName('player', ref.name, lang, ref.key);
    }),
    innings: innings.map(
      (inn): CommentaryInnings => ({
        ...inn,
        battingTeamName: localName('team', teamNames[inn.battingTeam], lang),
        inProgress: match.status === 'started' && inn.inningsNo === lastInningsNo,
        target: targets.get(inn.inningsNo) ?? null,
      }),
    ),
  };
  const only = innings.length === 1 ? innings[0]! : undefined;
  const balls = folds && only ? folds.fold(match.id, only.inningsNo, lang, input, match.status === 'started') : commentary(input, lang);
  const keyOf = (player: PlayerId) => person(Number(player)).key;

  const entries = balls.map(
    (ball, index): CommentaryBall => ({
      key: ballKey(ball.inningsNo, ball, ballsBefore + index + 1),
      sequence: ballsBefore + index + 1,
      inningsNo: ball.inningsNo,
      ball: { over: ball.over, ball: ball.ball },
      bowler: { player: person(Number(ball.bowler)), runs: ball.bowlerRuns },
      batter: { player: person(Number(ball.batter)), runs: ball.batterRuns },
      runs: ball.runs,
      isFour: ball.isFour,
      isSix: ball.isSix,
      isWicket: ball.isWicket,
      wicket: ball.wicket && { player: person(Number(ball.wicket.playerOut)), kind: ball.wicket.kind },
      comment: ball.comment,
      // Stored deliveries name people by database id; pages and the API name them by registry key.
      overSummary: ball.overSummary && {
        ...ball.overSummary,
        bowler: { ...ball.overSummary.bowler, key: keyOf(ball.overSummary.bowler.key) },
        batters: ball.overSummary.batters.map((batter) => ({ ...batter, key: keyOf(batter.key) })),
      },
      milestone: ball.milestone,
    }),
  );
  return { balls: entries, deliveries: innings.flatMap((inn) => inn.deliveries), person };
}
