// The Cricsheet JSON match format (data versions 1.0.0, 1.1.0 and 1.2.0), as zod schemas.
// Keys Cricsheet adds later are tolerated and left out of the parsed match (zod strips them:
// cheaper than carrying them along, and nothing reads them).
import { z } from 'zod';
import { DISMISSAL_KINDS } from '../domain/dismissal.ts';

const count = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
const names = z.array(z.string().min(1));


const fielderSchema = z.object({
  name: z.string().min(1).optional(),
  substitute: z.boolean().optional(),
});

const wicketSchema = z.object({
  kind: z.enum(DISMISSAL_KINDS),
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

export const cricsheetDeliverySchema = z.object({
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

type Delivery = z.output<typeof cricsheetDeliverySchema>;

// Plain functions at module level: this runs for every delivery of every file.
function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
function isName(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isOptionalCount(value: unknown): boolean {
  return value === undefined || isCount(value);
}
function isOptionalFlag(value: unknown): boolean {
  return value === undefined || typeof value === 'boolean';
}
const kinds: ReadonlySet<unknown> = new Set(DISMISSAL_KINDS);

function isFielder(fielder: unknown): boolean {
  return isRecord(fielder) && (fielder.name === undefined || isName(fielder.name)) && isOptionalFlag(fielder.substitute);
}
function isWicket(wicket: unknown): boolean {
  if (!isRecord(wicket) || !kinds.has(wicket.kind) || !isName(wicket.player_out)) return false;
  const { fielders } = wicket;
  return fielders === undefined || (Array.isArray(fielders) && fielders.every(isFielder));
}

/**
 * cricsheetDeliverySchema's rules written out by hand. Validating 6.2 million deliveries with zod's generic
 * object parser was a large part of an import's parsing; this check is much cheaper. It only
 * ever lets a delivery through faster: whatever it does not accept goes to cricsheetDeliverySchema, whose
 * verdict and messages stand (tests/unit/ingest/cricsheet-schema.test.ts checks it never accepts
 * what the schema refuses). Reviews and replacements, rare, are always left to the schema.
 */
export function isWellFormedDelivery(value: unknown): value is Delivery {
  if (!isRecord(value) || !isName(value.batter) || !isName(value.non_striker) || !isName(value.bowler)) return false;
  if (value.replacements !== undefined || value.review !== undefined) return false;
  const { runs, extras, wickets } = value;
  if (!isRecord(runs) || !isCount(runs.batter) || !isCount(runs.extras) || !isCount(runs.total) || !isOptionalFlag(runs.non_boundary)) {
    return false;
  }
  if (
    extras !== undefined &&
    !(
      isRecord(extras) &&
      isOptionalCount(extras.wides) &&
      isOptionalCount(extras.noballs) &&
      isOptionalCount(extras.byes) &&
      isOptionalCount(extras.legbyes) &&
      isOptionalCount(extras.penalty)
    )
  ) {
    return false;
  }
  return wickets === undefined || (Array.isArray(wickets) && wickets.every(isWicket));
}

/** A delivery: the hand check when it passes, else the schema's verdict and messages. */
const delivery = z.custom<Delivery>().superRefine((value, ctx) => {
  if (isWellFormedDelivery(value)) return;
  const checked = cricsheetDeliverySchema.safeParse(value);
  if (checked.success) return;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

const overSchema = z.object({ over: count, deliveries: z.array(delivery).min(1) });
type Over = z.output<typeof overSchema>;

/** An over: its deliveries by hand when every one passes the fast check, else the schema's verdict. */
const over = z.custom<Over>().superRefine((value, ctx) => {
  if (isRecord(value) && isCount(value.over) && Array.isArray(value.deliveries) && value.deliveries.length > 0 && value.deliveries.every(isWellFormedDelivery)) {
    return;
  }
  const checked = overSchema.safeParse(value);
  if (checked.success) return;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

const inningsSchema = z.object({
  team: z.string().min(1),
  // A forfeited innings has no overs at all.
  overs: z.array(over).optional(),
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
