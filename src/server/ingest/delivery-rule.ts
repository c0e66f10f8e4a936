// A Cricsheet delivery's rules, written once for both who send one (decisions 078 and 083): the
// archive (players by name, keys Cricsheet adds later left out) and the live scoring apps
// (players by key, fielders by key or name, bounds and unknown keys refused). Each rule gives the
// zod schema, whose verdict and messages stand, and a fast check of the same rule compiled to plain
// JavaScript (as zod compiles its own objects): validating 6.2 million deliveries with zod's parser
// was a large part of an import's parsing. A check only ever lets a value through faster: what it
// does not accept goes to the schema (tests/unit/ingest/cricsheet-schema.test.ts checks it never
// accepts what the schema refuses).
import { z } from 'zod';
import { DISMISSAL_KINDS } from '../domain/dismissal.ts';

export interface Rule<S extends z.ZodType> {
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

/** A rule's fast check as a function. */
export function compile(rule: Rule<z.ZodType>): (value: unknown) => boolean {
  // Code built here from the rules in this module and its callers, never from input.
  return new Function('h', `return (value) => ${rule.test('value')};`)(helpers) as (value: unknown) => boolean;
}

/** A whole number from 0, up to `most` when given. */
export function count(most?: number): Rule<z.ZodNumber> {
  const schema = z.number().int().min(0);
  return {
    schema: most === undefined ? schema : schema.max(most),
    test: (v) => `(typeof ${v} === 'number' && Number.isInteger(${v}) && ${v} >= 0${most === undefined ? '' : ` && ${v} <= ${most}`})`,
  };
}

/**
 * Text of one character or more: as given (the archive's names), or trimmed first and at most
 * `most` characters (what apps send); the check passes only text the trim leaves as it is.
 */
export function text(trimmed?: { most: number }): Rule<z.ZodString> {
  if (trimmed === undefined) return { schema: z.string().min(1), test: (v) => `(typeof ${v} === 'string' && ${v}.length > 0)` };
  return {
    schema: z.string().trim().min(1).max(trimmed.most),
    test: (v) => `(typeof ${v} === 'string' && ${v}.length > 0 && ${v}.length <= ${trimmed.most} && ${v}.trim() === ${v})`,
  };
}

export const flag: Rule<z.ZodBoolean> = { schema: z.boolean(), test: (v) => `(typeof ${v} === 'boolean')` };

export function optional<S extends z.ZodType>(rule: Rule<S>): Rule<z.ZodOptional<S>> {
  return { schema: rule.schema.optional(), test: (v) => `(${v} === undefined || ${rule.test(v)})` };
}

type Shape<T extends Record<string, Rule<z.ZodType>>> = { [K in keyof T]: T[K]['schema'] };

/** An object of these fields; `closed`: other keys are refused (an app's typo), else left out of the output. */
export function object<T extends Record<string, Rule<z.ZodType>>>(rules: T, closed = false): Rule<z.ZodObject<Shape<T>, z.core.$strip | z.core.$strict>> {
  const entries = Object.entries(rules);
  const shape = Object.fromEntries(entries.map(([key, rule]) => [key, rule.schema])) as Shape<T>;
  const schema = closed ? z.strictObject(shape) : z.object(shape);
  const known = closed ? helper(new Set(Object.keys(rules))) : null;
  // A function of its own: its fields are read off one local value rather than a path repeated.
  const check = helper(
    compile({
      schema,
      test: (v) =>
        [
          `typeof ${v} === 'object'`,
          `${v} !== null`,
          `!Array.isArray(${v})`,
          ...(known === null ? [] : [`Object.keys(${v}).every((key) => ${known}.has(key))`]),
          ...entries.map(([key, rule]) => rule.test(`${v}[${JSON.stringify(key)}]`)),
        ].join(' && '),
    }),
  );
  return { schema, test: (v) => `${check}(${v})` };
}

/** An array of values each passing the rule; at most `most` of them when given. */
export function arrayOf<S extends z.ZodType>(rule: Rule<S>, most?: number): Rule<z.ZodArray<S>> {
  const element = helper(compile(rule));
  const schema = z.array(rule.schema);
  return {
    schema: most === undefined ? schema : schema.max(most),
    test: (v) => `(Array.isArray(${v})${most === undefined ? '' : ` && ${v}.length <= ${most}`} && ${v}.every(${element}))`,
  };
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T): Rule<z.ZodEnum<{ [K in T[number]]: K }>> {
  const set = helper(new Set(values));
  return { schema: z.enum(values), test: (v) => `${set}.has(${v})` };
}

/** A rare optional field left to the schema: the fast check lets through only its absence. */
export function schemaOnly<S extends z.ZodType>(schema: S): Rule<z.ZodOptional<S>> {
  return { schema: schema.optional(), test: (v) => `(${v} === undefined)` };
}

/** How a sender names people and how much a delivery of theirs may say. */
export interface Sender<F extends Record<string, Rule<z.ZodType>>> {
  /** A batter, bowler or player out. */
  player: Rule<z.ZodString>;
  /** Runs, and each kind of extras. */
  runs: Rule<z.ZodNumber>;
  /** The fields naming a fielder. */
  fielder: F;
  /** Keys beside the five kinds of extras are refused. */
  closedExtras: boolean;
  /** The most wickets on one delivery, and fielders on one wicket. */
  most?: { wickets: number; fielders: number };
}

/** The fields of a delivery, in the sender's terms: batters and bowler, runs, extras, wickets and review. */
export function deliveryFields<F extends Record<string, Rule<z.ZodType>>>(sender: Sender<F>) {
  const { player, runs, most } = sender;
  return {
    batter: player,
    non_striker: player,
    bowler: player,
    runs: object({ batter: runs, extras: runs, total: runs, non_boundary: optional(flag) }),
    extras: optional(
      object(
        { wides: optional(runs), noballs: optional(runs), byes: optional(runs), legbyes: optional(runs), penalty: optional(runs) },
        sender.closedExtras,
      ),
    ),
    wickets: optional(
      arrayOf(
        object({
          player_out: player,
          kind: oneOf(DISMISSAL_KINDS),
          fielders: optional(arrayOf(object(sender.fielder), most?.fielders)),
        }),
        most?.wickets,
      ),
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
  };
}
