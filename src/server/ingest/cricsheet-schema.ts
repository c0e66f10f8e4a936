// The Cricsheet JSON match format (data versions 1.0.0, 1.1.0 and 1.2.0), as zod schemas.
// Keys Cricsheet adds later are tolerated and left out of the parsed match (zod strips them:
// cheaper than carrying them along, and nothing reads them).
import { z } from 'zod';
import type { DismissalKind } from '../domain/types.ts';

const count = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
const names = z.array(z.string().min(1));

export const dismissalKinds = [
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'run out',
  'hit wicket',
  'handled the ball',
  'obstructing the field',
  'hit the ball twice',
  'timed out',
  'retired hurt',
  'retired not out',
  'retired out',
] as const satisfies readonly DismissalKind[];

const fielderSchema = z.object({
  name: z.string().min(1).optional(),
  substitute: z.boolean().optional(),
});

const wicketSchema = z.object({
  kind: z.enum(dismissalKinds),
  player_out: z.string().min(1),
  fielders: z.array(fielderSchema).optional(),
});

const matchReplacementSchema = z.object({
  in: z.string().min(1),
  out: z.string().optional(),
  team: z.string(),
  reason: z.string(),
});

const roleReplacementSchema = z.object({
  in: z.string().min(1),
  out: z.string().optional(),
  reason: z.string(),
  role: z.string(),
});

const deliverySchema = z.object({
  batter: z.string().min(1),
  non_striker: z.string().min(1),
  bowler: z.string().min(1),
  runs: z.object({
    batter: count,
    extras: count,
    total: count,
    non_boundary: z.boolean().optional(),
  }),
  extras: z
    .object({
      wides: count.optional(),
      noballs: count.optional(),
      byes: count.optional(),
      legbyes: count.optional(),
      penalty: count.optional(),
    })
    .optional(),
  wickets: z.array(wicketSchema).optional(),
  replacements: z
    .object({
      match: z.array(matchReplacementSchema).optional(),
      role: z.array(roleReplacementSchema).optional(),
    })
    .optional(),
  review: z
    .object({
      by: z.string(),
      umpire: z.string().optional(),
      batter: z.string(),
      decision: z.string(),
      type: z.string().optional(),
      umpires_call: z.boolean().optional(),
    })
    .optional(),
});

const inningsSchema = z.object({
  team: z.string().min(1),
  // A forfeited innings has no overs at all.
  overs: z
    .array(z.object({ over: count, deliveries: z.array(deliverySchema).min(1) }))
    .optional(),
  powerplays: z
    .array(z.object({ from: z.number().min(0), to: z.number().min(0), type: z.string() }))
    .optional(),
  // Revised (DLS) targets carry fractional overs such as 33.3.
  target: z.object({ runs: count.optional(), overs: z.number().min(0).optional() }).optional(),
  declared: z.boolean().optional(),
  forfeited: z.boolean().optional(),
  super_over: z.boolean().optional(),
  absent_hurt: names.optional(),
  penalty_runs: z.object({ pre: count.optional(), post: count.optional() }).optional(),
  miscounted_overs: z.record(z.string(), z.unknown()).optional(),
});

const outcomeSchema = z.object({
  winner: z.string().optional(),
  by: z
    .object({ runs: count.optional(), wickets: count.optional(), innings: count.optional() })
    .optional(),
  result: z.enum(['tie', 'no result', 'draw']).optional(),
  method: z.string().optional(),
  // Winner of the super over (or other tie-break) after a tie.
  eliminator: z.string().optional(),
  bowl_out: z.string().optional(),
});

const infoSchema = z.object({
  balls_per_over: z.number().int().min(1).max(10).default(6),
  city: z.string().optional(),
  dates: z.array(isoDate).min(1),
  event: z
    .object({
      name: z.string().min(1),
      match_number: z.number().int().optional(),
      group: z.union([z.string(), z.number()]).optional(),
      stage: z.string().optional(),
    })
    .optional(),
  gender: z.enum(['male', 'female']),
  match_type: z.enum(['Test', 'ODI', 'T20', 'IT20', 'ODM', 'MDM']),
  match_type_number: z.number().int().optional(),
  officials: z
    .object({
      umpires: names.optional(),
      tv_umpires: names.optional(),
      reserve_umpires: names.optional(),
      match_referees: names.optional(),
    })
    .optional(),
  outcome: outcomeSchema,
  overs: z.number().int().min(1).optional(),
  player_of_match: names.optional(),
  players: z.record(z.string(), names),
  registry: z.object({ people: z.record(z.string(), z.string().min(1)) }),
  season: z.union([z.string().min(1), z.number().int()]).transform(String),
  team_type: z.enum(['international', 'club']),
  teams: z.tuple([z.string().min(1), z.string().min(1)]),
  toss: z.object({ winner: z.string(), decision: z.enum(['bat', 'field']) }).optional(),
  venue: z.string().min(1).optional(),
  missing: z.array(z.unknown()).optional(),
});

export const cricsheetMatchSchema = z.object({
  meta: z.object({
    data_version: z.enum(['1.0.0', '1.1.0', '1.2.0']),
    created: isoDate,
    revision: z.number().int().min(1),
  }),
  info: infoSchema,
  innings: z.array(inningsSchema),
});

export type CricsheetMatch = z.infer<typeof cricsheetMatchSchema>;
export type CricsheetInnings = CricsheetMatch['innings'][number];
export type CricsheetDelivery = NonNullable<CricsheetInnings['overs']>[number]['deliveries'][number];
