// The Cricsheet JSON match format (data versions 1.0.0, 1.1.0 and 1.2.0), as zod schemas.
// Keys Cricsheet adds later are tolerated and left out of the parsed match (zod strips them:
// cheaper than carrying them along, and nothing reads them).
import { z } from 'zod';
import { arrayOf, compile, count as countOf, deliveryFields, flag, object, optional, schemaOnly, text } from './delivery-rule.ts';

const countRule = countOf();
const count = countRule.schema;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
const names = z.array(z.string().min(1));

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

/** The archive's delivery: people by name, fielders by name alone, keys added later left out. */
const deliveryRule = object({
  ...deliveryFields({ player: text(), runs: countRule, fielder: { name: optional(text()), substitute: optional(flag) }, closedExtras: false }),
  replacements: schemaOnly(
    z.object({
      match: z.array(matchReplacementSchema).optional(),
      role: z.array(roleReplacementSchema).optional(),
    }),
  ),
});

export const cricsheetDeliverySchema = deliveryRule.schema;

type Delivery = z.output<typeof cricsheetDeliverySchema>;

/** cricsheetDeliverySchema's fast check: true only for deliveries the schema accepts (reviews and replacements, rare, are left to it). */
export const isWellFormedDelivery = compile(deliveryRule) as (value: unknown) => value is Delivery;

/** A delivery: the fast check when it passes, else the schema's verdict and messages. */
const delivery = z.custom<Delivery>().superRefine((value, ctx) => {
  if (isWellFormedDelivery(value)) return;
  const checked = cricsheetDeliverySchema.safeParse(value);
  if (checked.success) return;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

const overSchema = z.object({ over: count, deliveries: z.array(delivery).min(1) });
/** An over's fast check: its number, and at least one delivery, every one passing the delivery's. */
const overRule = object({ over: countRule, deliveries: arrayOf(deliveryRule) });
const isWellFormedOver = compile({ schema: overSchema, test: (v) => `${overRule.test(v)} && ${v}.deliveries.length > 0` });
type Over = z.output<typeof overSchema>;

/** An over: its deliveries by the fast check when every one passes it, else the schema's verdict. */
const over = z.custom<Over>().superRefine((value, ctx) => {
  if (isWellFormedOver(value)) return;
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
