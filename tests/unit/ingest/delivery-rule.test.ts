// The delivery rules' combinators in the live ball's terms (bounds, trimmed text, closed objects):
// each rule's fast check never accepts what its schema refuses, and passes what the schema leaves as it is.
import { describe, expect, it } from 'vitest';
import { arrayOf, compile, count, deliveryFields, flag, object, optional, text } from '../../../src/server/ingest/delivery-rule.ts';

const key = text({ most: 8 });
const rule = object(
  {
    ...deliveryFields({
      player: key,
      runs: count(9),
      fielder: { key: optional(key), name: optional(text({ most: 5 })), substitute: optional(flag) },
      closedExtras: true,
      most: { wickets: 2, fielders: 1 },
    }),
    over: optional(count(99)),
  },
  true,
);
const check = compile(rule);
const ball = { batter: 'a1', non_striker: 'a2', bowler: 'b1', runs: { batter: 0, extras: 1, total: 1 }, extras: { noballs: 1 }, wickets: [{ player_out: 'a2', kind: 'run out', fielders: [{ key: 'b2' }] }] };

describe('delivery rules with bounds, trimmed text and closed objects', () => {
  it('checks fast what the schema accepts unchanged, and never what it refuses', () => {
    const values: unknown[] = [
      ball,
      { ...ball, over: 3 },
      { ...ball, over: 100 },
      { ...ball, over: 1.5 },
      { ...ball, colour: 'red' },
      { ...ball, extras: { noballs: 1, colour: 1 } },
      { ...ball, runs: { batter: 10, extras: 1, total: 11 } },
      { ...ball, batter: 'x'.repeat(9) },
      { ...ball, batter: ' a1 ' },
      { ...ball, batter: '  ' },
      { ...ball, wickets: [ball.wickets[0], ball.wickets[0], ball.wickets[0]] },
      { ...ball, wickets: [{ ...ball.wickets[0], fielders: [{ key: 'b2' }, { key: 'b3' }] }] },
      { ...ball, wickets: [{ ...ball.wickets[0], fielders: [{ name: 'longer' }] }] },
      { ...ball, wickets: [{ ...ball.wickets[0], kind: 'vanished' }] },
    ];
    const verdicts = values.map((value) => {
      const parsed = rule.schema.safeParse(value);
      const fast = check(value);
      if (fast) expect(parsed.data, JSON.stringify(value)).toEqual(value);
      return [fast, parsed.success];
    });
    expect(verdicts).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
      // Trimmed by the schema: the check leaves it to the schema.
      [false, true],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(compile(arrayOf(count(), 1))([1, 2])).toBe(false);
  });
});
