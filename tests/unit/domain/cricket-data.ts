// Test data for the domain tests: a hand builder for deliveries, and a minimal reader of
// the real Cricsheet matches kept under tests/fixtures/cricsheet, mapped as the importer maps them (players keyed by name).
import { readFileSync } from 'node:fs';
import type { Delivery, DismissalKind, InningsInput, PlayerId } from '../../../src/server/domain/types.ts';
import { cricsheetMatchSchema, type CricsheetMatch } from '../../../src/server/ingest/cricsheet-schema.ts';
import { inningsInput } from '../../../src/server/ingest/normalise.ts';

export type { CricsheetMatch };

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

export function readMatch(id: string): CricsheetMatch {
  return cricsheetMatchSchema.parse(
    JSON.parse(readFileSync(new URL(`../../fixtures/cricsheet/${id}.json`, import.meta.url), 'utf8')),
  );
}

/** The numbered innings (0-based) of a real match, mapped by the importer's own mapping. */
export function realInnings(match: CricsheetMatch, index: number): InningsInput {
  const source = match.innings[index];
  if (!source) throw new Error(`no innings ${index}`);
  const side = source.team === match.info.teams[0] ? 'a' : 'b';
  return inningsInput(source, side, match.info.balls_per_over, (name) => name);
}
