// A live ball as scorers and other scoring apps send it: Cricsheet's delivery fields, with
// players named by their keys (registry ids) instead of names, and fielders by key or name.
// Turned here into the domain's Delivery with players as people ids.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { count, deliveryFields, flag, object, optional, text } from '../ingest/delivery-rule.ts';
import { extrasOf } from '../ingest/normalise.ts';
import { MAX_KEY_LENGTH } from '../store/naming.ts';
import type { Delivery, PlayerId } from '../domain/types.ts';

const playerKey = text({ most: MAX_KEY_LENGTH });

/** A live ball: the archive's delivery rules (ingest/delivery-rule.ts) in an app's terms, unknown keys refused. */
export const cricsheetBall = object(
  {
    ...deliveryFields({
      player: playerKey,
      // Generous for any real ball (a seven off a no-ball and four overthrows), small enough to refuse nonsense.
      runs: count(99),
      fielder: { key: optional(playerKey), name: optional(text({ most: 200 })), substitute: optional(flag) },
      closedExtras: true,
      most: { wickets: 2, fielders: 4 },
    }),
    /** Over index (0-based), as Cricsheet numbers overs; when absent, the over the innings' legal balls are in. */
    over: optional(count(999)),
  },
  true,
).schema
  .refine((ball) => ball.runs.total === ball.runs.batter + ball.runs.extras, { message: 'runs.total must be runs.batter + runs.extras', path: ['runs', 'total'] })
  .refine(
    (ball) => {
      const extras = ball.extras ?? {};
      const sum = (extras.wides ?? 0) + (extras.noballs ?? 0) + (extras.byes ?? 0) + (extras.legbyes ?? 0) + (extras.penalty ?? 0);
      return sum === ball.runs.extras;
    },
    { message: 'runs.extras must be the sum of the extras', path: ['runs', 'extras'] },
  )
  .refine((ball) => ball.batter !== ball.non_striker, { message: 'batter and non_striker must differ', path: ['non_striker'] });

export type CricsheetBall = z.output<typeof cricsheetBall>;

/** Every player key a ball names (batters, bowler, players out, fielders given by key). */
export function playerKeysOf(ball: CricsheetBall): string[] {
  const keys = new Set([ball.batter, ball.non_striker, ball.bowler]);
  for (const wicket of ball.wickets ?? []) {
    keys.add(wicket.player_out);
    for (const fielder of wicket.fielders ?? []) if (fielder.key) keys.add(fielder.key);
  }
  return [...keys];
}

/** A person a ball names: the people id the domain uses, and the name scorecards print. */
export interface NamedPerson {
  id: PlayerId;
  name: string;
}

/**
 * The domain's delivery: players as people ids, in over `over`. A fielder given by key is named
 * as the import names one (dismissal texts print it); one given only by name keeps the name and
 * no id (as Cricsheet's unnamed substitutes).
 */
export function deliveryOf(ball: CricsheetBall, over: number, person: (key: string) => NamedPerson): Delivery {
  const personOf = (key: string) => person(key).id;
  return {
    over,
    batter: personOf(ball.batter),
    nonStriker: personOf(ball.non_striker),
    bowler: personOf(ball.bowler),
    runsBatter: ball.runs.batter,
    runsExtras: ball.runs.extras,
    runsTotal: ball.runs.total,
    nonBoundary: ball.runs.non_boundary ?? false,
    extras: extrasOf(ball.extras),
    wickets: (ball.wickets ?? []).map((wicket) => ({
      kind: wicket.kind,
      playerOut: personOf(wicket.player_out),
      fielders: (wicket.fielders ?? []).map((fielder) => ({
        id: fielder.key === undefined ? null : personOf(fielder.key),
        name: fielder.name ?? (fielder.key === undefined ? null : person(fielder.key).name),
        substitute: fielder.substitute ?? false,
      })),
    })),
  };
}

/** A digest of the ball's content (key order aside): the same ball sent twice has the same digest. */
export function ballDigest(ball: CricsheetBall): Buffer {
  return createHash('sha256').update(canonicalJson(ball)).digest();
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
