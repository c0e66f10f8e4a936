// Test data for the domain tests: a hand builder for deliveries, and a minimal reader of
// the real Cricsheet matches kept under tests/fixtures/cricsheet (players keyed by name).
import { readFileSync } from 'node:fs';
import type { Delivery, DismissalKind, InningsInput, PlayerId } from '../../../src/server/domain/types.ts';

export interface BallSpec {
  bat?: number;
  wides?: number;
  noballs?: number;
  byes?: number;
  legbyes?: number;
  penalty?: number;
  nonBoundary?: boolean;
  out?: Array<[DismissalKind, PlayerId]>;
}

/** One delivery: `ball(0, 'A', 'B', 'X', { bat: 4 })` is A hitting X for four in the first over. */
export function ball(over: number, batter: PlayerId, nonStriker: PlayerId, bowler: PlayerId, spec: BallSpec = {}): Delivery {
  const extras = {
    wides: spec.wides ?? 0,
    noballs: spec.noballs ?? 0,
    byes: spec.byes ?? 0,
    legbyes: spec.legbyes ?? 0,
    penalty: spec.penalty ?? 0,
  };
  const runsBatter = spec.bat ?? 0;
  const runsExtras = extras.wides + extras.noballs + extras.byes + extras.legbyes + extras.penalty;
  return {
    over,
    batter,
    nonStriker,
    bowler,
    runsBatter,
    runsExtras,
    runsTotal: runsBatter + runsExtras,
    nonBoundary: spec.nonBoundary ?? false,
    extras,
    wickets: (spec.out ?? []).map(([kind, playerOut]) => ({ kind, playerOut, fielders: [] })),
  };
}

/** A whole over of the same striker, non-striker and bowler, one spec per delivery. */
export function overOf(over: number, batter: PlayerId, nonStriker: PlayerId, bowler: PlayerId, specs: BallSpec[]): Delivery[] {
  return specs.map((spec) => ball(over, batter, nonStriker, bowler, spec));
}

export function innings(deliveries: Delivery[], options: Partial<InningsInput> = {}): InningsInput {
  return { battingTeam: 'a', superOver: false, deliveries, penaltyRunsPre: 0, penaltyRunsPost: 0, ballsPerOver: 6, ...options };
}

interface CricsheetDelivery {
  batter: string;
  bowler: string;
  non_striker: string;
  runs: { batter: number; extras: number; total: number; non_boundary?: boolean };
  extras?: Partial<Record<'wides' | 'noballs' | 'byes' | 'legbyes' | 'penalty', number>>;
  wickets?: Array<{ player_out: string; kind: DismissalKind; fielders?: Array<{ name?: string; substitute?: boolean }> }>;
}

export interface CricsheetMatch {
  info: {
    teams: [string, string];
    balls_per_over: number;
    overs: number;
    toss: { winner: string; decision: 'bat' | 'field' };
    outcome: { winner?: string; by?: { runs?: number; wickets?: number; innings?: number }; result?: string; method?: string };
  };
  innings: Array<{
    team: string;
    overs: Array<{ over: number; deliveries: CricsheetDelivery[] }>;
    penalty_runs?: { pre?: number; post?: number };
    super_over?: boolean;
  }>;
}

export function readMatch(id: string): CricsheetMatch {
  return JSON.parse(readFileSync(new URL(`../../fixtures/cricsheet/${id}.json`, import.meta.url), 'utf8')) as CricsheetMatch;
}

/** The numbered innings (0-based) of a real match, mapped the way the importer maps it. */
export function realInnings(match: CricsheetMatch, index: number): InningsInput {
  const source = match.innings[index];
  if (!source) throw new Error(`no innings ${index}`);
  const deliveries = source.overs.flatMap(({ over, deliveries }) =>
    deliveries.map((d): Delivery => ({
      over,
      batter: d.batter,
      nonStriker: d.non_striker,
      bowler: d.bowler,
      runsBatter: d.runs.batter,
      runsExtras: d.runs.extras,
      runsTotal: d.runs.total,
      nonBoundary: d.runs.non_boundary ?? false,
      extras: {
        wides: d.extras?.wides ?? 0,
        noballs: d.extras?.noballs ?? 0,
        byes: d.extras?.byes ?? 0,
        legbyes: d.extras?.legbyes ?? 0,
        penalty: d.extras?.penalty ?? 0,
      },
      wickets: (d.wickets ?? []).map((w) => ({
        kind: w.kind,
        playerOut: w.player_out,
        fielders: (w.fielders ?? []).map((f) => ({ id: f.name ?? null, name: f.name ?? null, substitute: f.substitute ?? false })),
      })),
    })),
  );
  return {
    battingTeam: source.team === match.info.teams[0] ? 'a' : 'b',
    superOver: source.super_over ?? false,
    deliveries,
    penaltyRunsPre: source.penalty_runs?.pre ?? 0,
    penaltyRunsPost: source.penalty_runs?.post ?? 0,
    ballsPerOver: match.info.balls_per_over,
  };
}
