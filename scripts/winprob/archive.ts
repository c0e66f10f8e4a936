// Reads the Cricsheet archives for the win-probability trainer: every T20 (T20I and domestic, not
// The Hundred), ODI / List A and Test match with a result, one copy per match id (the newest
// revision), turned into the domain's WinProbMatch and kept only as the compact situations after
// each ball (the deliveries themselves are dropped at once: 6 million of them would not fit).
import path from 'node:path';
import { oversToBalls } from '../../src/server/domain/overs.ts';
import { formatTypeOf, type FormatType } from '../../src/server/domain/format-type.ts';
import { competitionKey, walkStates, type BallState, type WinProbFormat, type WinProbGender, type WinProbMatch } from '../../src/server/domain/winprob.ts';
import type { CricsheetInnings } from '../../src/server/ingest/cricsheet-schema.ts';
import { teamKey } from '../../src/server/store/naming.ts';
import { inningsInput, matchIdOf } from '../../src/server/ingest/normalise.ts';
import { openSource, readLocation } from '../../src/server/ingest/sources.ts';
import { canonicalTeamName } from '../../src/server/ingest/team-aliases.ts';

export const ARCHIVES = ['t20s_json.zip', 'odis_json.zip', 'tests_json.zip', 'ipl_json.zip', 'recent_2024_2026_json.zip'];

/** How the match ended for team a: 1 won, 0 lost, 0.5 tied (no super over), 'draw' (Tests). */
export type AOutcome = 0 | 0.5 | 1 | 'draw';

/** State fields packed per ball, in this order. */
const FIELDS = 9;

/** What a match is scored with besides the model: the rating gap (a minus b) and the par. */
export interface MatchContext {
  gap: number;
  par: number;
}

export interface TrainingMatch {
  id: number;
  revision: number;
  date: string;
  format: WinProbFormat;
  formatType: FormatType;
  gender: WinProbGender;
  event: string;
  teams: { a: string; b: string };
  outcome: AOutcome;
  /** The states before each innings' first ball and after every delivery, packed (see unpack). */
  packed: Float64Array;
  /** Which of them are after a delivery (the balls the API answers for). */
  isBall: Uint8Array;
  /** The first innings' batting side (for the pre-match prediction). */
  battingFirst: 'a' | 'b';
  /** competitionKey of the match. */
  competition: string;
  /** Limited overs: first-innings runs per ball of the match's overs (what pars are made of). */
  firstInningsPace: number | null;
}

export interface RawMatch {
  meta: { revision?: number };
  info: {
    match_type: string;
    team_type: string;
    gender: WinProbGender;
    balls_per_over: number;
    overs?: number;
    dates: string[];
    teams: [string, string];
    event?: { name?: string };
    outcome: { winner?: string; result?: string; eliminator?: string; bowl_out?: string; method?: string };
  };
  innings: (CricsheetInnings & { target?: { runs?: number; overs?: number } })[];
}

const BROAD: Partial<Record<FormatType, WinProbFormat>> = { t20i: 't20', t20: 't20', odi: 'oneday', list_a: 'oneday', test: 'test' };

function outcomeOf(raw: RawMatch): AOutcome | null {
  const { outcome, teams } = raw.info;
  const winner = outcome.winner ?? outcome.eliminator ?? outcome.bowl_out;
  if (winner !== undefined) return winner === teams[0] ? 1 : 0;
  if (outcome.result === 'draw') return 'draw';
  if (outcome.result === 'tie') return 0.5;
  return null;
}

/**
 * A Cricsheet match as the model's input (no ratings, no par yet), or null for a kind the models
 * do not cover (The Hundred, first-class, a limited-overs match without an overs limit).
 */
export function winProbMatchOf(raw: RawMatch): WinProbMatch | null {
  const { info } = raw;
  if (info.balls_per_over !== 6) return null;
  const broad = info.match_type === 'Test' ? 'test' : info.match_type === 'ODI' || info.match_type === 'ODM' ? 'oneday' : 't20';
  const formatType = formatTypeOf({ matchType: info.match_type, teamType: info.team_type, ballsPerOver: info.balls_per_over, format: broad });
  const format = BROAD[formatType];
  if (!format || (format !== 'test' && info.overs === undefined)) return null;
  const [nameA] = info.teams;
  const side = (name: string) => (name === nameA ? 'a' : 'b');
  const match: WinProbMatch = {
    format,
    formatType,
    gender: info.gender,
    ballsPerOver: 6,
    oversLimit: info.overs ?? null,
    ratings: { a: 0, b: 0 },
    par: 0,
    innings: raw.innings.map((inn) => {
      const input = inningsInput(inn, side(inn.team), 6, (name) => name);
      const targetOvers = inn.target?.overs;
      return {
        battingTeam: input.battingTeam,
        superOver: input.superOver,
        targetRuns: inn.target?.runs ?? null,
        targetBalls: targetOvers === undefined ? null : oversToBalls(targetOvers, 6),
        penaltyRunsPre: input.penaltyRunsPre,
        deliveries: input.deliveries,
      };
    }),
  };
  return match;
}

/** One archive file as a training match, or null when it is not one the models learn from. */
export function trainingMatchOf(fileName: string, raw: RawMatch): TrainingMatch | null {
  const id = matchIdOf(fileName);
  const match = winProbMatchOf(raw);
  if (id === null || !match) return null;
  const { info } = raw;
  const { format, formatType } = match as WinProbMatch & { formatType: FormatType };
  const outcome = outcomeOf(raw);
  if (outcome === null || (outcome === 'draw' && format !== 'test')) return null;
  if (format !== 'test' && raw.innings.filter((inn) => !inn.super_over).length !== 2) return null;
  const states: BallState[] = [];
  const isBall: number[] = [];
  let firstInningsRuns = 0;
  walkStates(match, 0, (state, delivery) => {
    states.push(state);
    isBall.push(delivery ? 1 : 0);
    if (state.innings === 1) firstInningsRuns = state.runs;
  });
  if (states.length === 0) return null;
  const packed = new Float64Array(states.length * FIELDS);
  states.forEach((state, index) => {
    packed.set(
      [state.innings, state.battingTeam === 'a' ? 1 : 0, state.runs, state.wickets, state.legalBalls, state.limitBalls ?? -1, state.target ?? -1, state.lead, state.matchBallsBefore],
      index * FIELDS,
    );
  });
  return {
    id,
    revision: raw.meta.revision ?? 0,
    date: info.dates[0]!,
    format,
    formatType,
    gender: info.gender,
    event: info.event?.name ?? '',
    teams: { a: teamKey(canonicalTeamName(info.teams[0]), info.gender), b: teamKey(canonicalTeamName(info.teams[1]), info.gender) },
    outcome,
    packed,
    isBall: Uint8Array.from(isBall),
    battingFirst: states[0]!.battingTeam,
    competition: competitionKey({ formatType, gender: info.gender, international: info.team_type === 'international', eventName: info.event?.name ?? null }),
    firstInningsPace: format === 'test' ? null : firstInningsRuns / (info.overs! * 6),
  };
}

export function stateCount(match: TrainingMatch): number {
  return match.isBall.length;
}

/** The index-th state of a match, with the rating gap (batting minus bowling) filled in. */
export function unpack(match: TrainingMatch, index: number, gapA: number, par = 0): BallState {
  const at = index * FIELDS;
  const p = match.packed;
  const battingTeam = p[at + 1] === 1 ? 'a' : 'b';
  return {
    innings: p[at]!,
    battingTeam,
    runs: p[at + 2]!,
    wickets: p[at + 3]!,
    legalBalls: p[at + 4]!,
    limitBalls: p[at + 5]! < 0 ? null : p[at + 5]!,
    target: p[at + 6]! < 0 ? null : p[at + 6]!,
    lead: p[at + 7]!,
    matchBallsBefore: p[at + 8]!,
    ratingGap: battingTeam === 'a' ? gapA : -gapA,
    par,
  };
}

/** Every usable match of the archives in the folder, one per id (the highest revision), by date. */
export async function readArchives(folder: string, log: (line: string) => void): Promise<TrainingMatch[]> {
  const byId = new Map<number, TrainingMatch>();
  for (const archive of ARCHIVES) {
    const source = await openSource(path.join(folder, archive));
    let files = 0;
    try {
      for await (const entry of source.entries()) {
        let raw: RawMatch;
        try {
          raw = JSON.parse(readLocation(entry.name, entry.location).toString('utf8')) as RawMatch;
        } catch {
          continue;
        }
        files += 1;
        let match: TrainingMatch | null;
        try {
          match = trainingMatchOf(entry.name, raw);
        } catch {
          continue; // a file the importer would refuse too (a target in impossible overs)
        }
        if (!match) continue;
        const known = byId.get(match.id);
        if (!known || known.revision <= match.revision) byId.set(match.id, match);
      }
    } finally {
      await source.close();
    }
    log(`${archive}: ${files} files read, ${byId.size} usable matches so far`);
  }
  return [...byId.values()].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.id - y.id));
}
