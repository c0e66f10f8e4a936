// The Cricsheet JSON match format (data versions 1.0.0, 1.1.0 and 1.2.0), as zod schemas.
// Keys Cricsheet adds later are tolerated and left out of the parsed match (zod strips them:
// cheaper than carrying them along, and nothing reads them).
import { z } from 'zod';
import { DISMISSAL_KINDS } from '../domain/dismissal.ts';

const count = z.number().int().min(0);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
const names = z.array(z.string().min(1));

/**
 * A delivery's rule, written once: the zod schema, whose verdict and messages stand, and a fast
 * check of the same rule compiled to plain JavaScript (as zod compiles its own objects).
 * Validating 6.2 million deliveries with zod's parser was a large part of an import's parsing; the
 * compiled check is several times cheaper. It only ever lets a value through faster: what it does
 * not accept goes to the schema (tests/unit/ingest/cricsheet-schema.test.ts checks it never
 * accepts what the schema refuses).
 */
interface Rule<S extends z.ZodType> {
  schema: S;
  /** The check as a JavaScript expression over `value`, an expression naming the value checked. */
  test: (value: string) => string;
}

/** What compiled checks refer to (element checks, sets of values), as h[index]. */
const helpers: unknown[] = [];
function helper(value: unknown): string {
  helpers.push(value);
  return `h[${helpers.length - 1}]`;
}
function compile(rule: Rule<z.ZodType>): (value: unknown) => boolean {
  // Code built here from the rules above, never from input.
  return new Function('h', `return (value) => ${rule.test('value')};`)(helpers) as (value: unknown) => boolean;
}

const countRule: Rule<typeof count> = { schema: count, test: (v) => `(typeof ${v} === 'number' && Number.isInteger(${v}) && ${v} >= 0)` };
const nameRule = { schema: z.string().min(1), test: (v: string) => `(typeof ${v} === 'string' && ${v}.length > 0)` };
const flagRule = { schema: z.boolean(), test: (v: string) => `(typeof ${v} === 'boolean')` };

function optional<S extends z.ZodType>(rule: Rule<S>): Rule<z.ZodOptional<S>> {
  return { schema: rule.schema.optional(), test: (v) => `(${v} === undefined || ${rule.test(v)})` };
}

function object<T extends Record<string, Rule<z.ZodType>>>(rules: T): Rule<z.ZodObject<{ [K in keyof T]: T[K]['schema'] }>> {
  const entries = Object.entries(rules);
  const shape = Object.fromEntries(entries.map(([key, rule]) => [key, rule.schema])) as { [K in keyof T]: T[K]['schema'] };
  const schema = z.object(shape);
  // A function of its own: its fields are read off one local value rather than a path repeated.
  const check = helper(
    compile({
      schema,
      test: (v) =>
        [`typeof ${v} === 'object'`, `${v} !== null`, `!Array.isArray(${v})`, ...entries.map(([key, rule]) => rule.test(`${v}[${JSON.stringify(key)}]`))].join(' && '),
    }),
  );
  return { schema, test: (v) => `${check}(${v})` };
}

function arrayOf<S extends z.ZodType>(rule: Rule<S>): Rule<z.ZodArray<S>> {
  const element = helper(compile(rule));
  return { schema: z.array(rule.schema), test: (v) => `(Array.isArray(${v}) && ${v}.every(${element}))` };
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T): Rule<z.ZodEnum<{ [K in T[number]]: K }>> {
  const set = helper(new Set(values));
  return { schema: z.enum(values), test: (v) => `${set}.has(${v})` };
}

/** A rare optional field left to the schema: the fast check lets through only its absence. */
function schemaOnly<S extends z.ZodType>(schema: S): Rule<z.ZodOptional<S>> {
  return { schema: schema.optional(), test: (v) => `(${v} === undefined)` };
}

const wicketRule = object({
  kind: oneOf(DISMISSAL_KINDS),
  player_out: nameRule,
  fielders: optional(arrayOf(object({ name: optional(nameRule), substitute: optional(flagRule) }))),
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

const deliveryRule = object({
  batter: nameRule,
  non_striker: nameRule,
  bowler: nameRule,
  runs: object({ batter: countRule, extras: countRule, total: countRule, non_boundary: optional(flagRule) }),
  extras: optional(
    object({
      wides: optional(countRule),
      noballs: optional(countRule),
      byes: optional(countRule),
      legbyes: optional(countRule),
      penalty: optional(countRule),
    }),
  ),
  wickets: optional(arrayOf(wicketRule)),
  replacements: schemaOnly(
    z.object({
      match: z.array(matchReplacementSchema).optional(),
      role: z.array(roleReplacementSchema).optional(),
    }),
  ),
  review: schemaOnly(
    z.object({
      by: z.string(),
      umpire: z.string().optional(),
      batter: z.string(),
      decision: z.string(),
      type: z.string().optional(),
      umpires_call: z.boolean().optional(),
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
