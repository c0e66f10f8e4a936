import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { cricsheetDeliverySchema, cricsheetMatchSchema, isWellFormedDelivery } from '../../../src/server/ingest/cricsheet-schema.ts';
import { cricsheetMatch } from '../../helpers/cricsheet-builder.ts';

describe('cricsheetMatchSchema', () => {
  it.each(['1.0.0', '1.1.0', '1.2.0'] as const)('accepts data version %s', (version) => {
    expect(cricsheetMatchSchema.safeParse(cricsheetMatch({ version })).success).toBe(true);
  });

  it('rejects an unknown data version', () => {
    const match = cricsheetMatch();
    (match.meta as Record<string, unknown>).data_version = '2.0.0';
    expect(cricsheetMatchSchema.safeParse(match).success).toBe(false);
  });

  it('reads a numeric season as text and tolerates unknown keys', () => {
    const parsed = cricsheetMatchSchema.parse(cricsheetMatch({ season: 2009, info: { something_new: { a: 1 } } }));
    expect(parsed.info.season).toBe('2009');
  });

  it('accepts a decimal target, a forfeited innings without overs and penalty runs', () => {
    const match = cricsheetMatch({
      innings: [
        { team: 'Alpha Strikers', forfeited: true },
        { team: 'Beta Kings', target: { runs: 151, overs: 33.3 }, penalty_runs: { pre: 5 }, overs: [] },
      ],
    });
    expect(cricsheetMatchSchema.safeParse(match).success).toBe(true);
  });

  it('rejects a delivery without runs', () => {
    const match = cricsheetMatch();
    const innings = match.innings as { overs: { deliveries: Record<string, unknown>[] }[] }[];
    delete innings[0]!.overs[0]!.deliveries[0]!.runs;
    const result = cricsheetMatchSchema.safeParse(match);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe('innings.0.overs.0.deliveries.0.runs');
  });
});

describe('isWellFormedDelivery: the fast check never accepts what the schema refuses', () => {
  const folder = new URL('../../fixtures/cricsheet/real/', import.meta.url);
  const deliveries = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      const match = JSON.parse(readFileSync(new URL(name, folder), 'utf8')) as { innings: { overs?: { deliveries: unknown[] }[] }[] };
      return match.innings.flatMap((inn) => (inn.overs ?? []).flatMap((over) => over.deliveries));
    });
  const schemaAccepts = (value: unknown) => cricsheetDeliverySchema.safeParse(value).success;

  it('agrees with the schema on every real delivery, and takes the fast path for most', () => {
    expect(deliveries.length).toBeGreaterThan(1000);
    for (const delivery of deliveries) {
      if (isWellFormedDelivery(delivery)) expect(schemaAccepts(delivery)).toBe(true);
    }
    expect(deliveries.filter(isWellFormedDelivery).length / deliveries.length).toBeGreaterThan(0.95);
  });

  it('refuses every broken delivery the schema refuses', () => {
    const withWicket = deliveries.find((d) => (d as { wickets?: unknown[] }).wickets !== undefined) as Record<string, unknown>;
    const plain = deliveries.find((d) => (d as { extras?: unknown }).extras !== undefined) as Record<string, unknown>;
    const broken: unknown[] = [null, [], 'ball', {}];
    for (const base of [withWicket, plain]) {
      const copy = () => structuredClone(base) as Record<string, Record<string, unknown>>;
      for (const field of ['batter', 'non_striker', 'bowler', 'runs']) {
        broken.push({ ...copy(), [field]: undefined }, { ...copy(), [field]: '' }, { ...copy(), [field]: 7 });
      }
      for (const field of ['batter', 'extras', 'total']) {
        for (const bad of [-1, 1.5, '1', null, undefined]) {
          const changed = copy();
          changed.runs![field] = bad;
          broken.push(changed);
        }
      }
      for (const bad of ['yes', 1, null]) {
        const changed = copy();
        changed.runs!.non_boundary = bad;
        broken.push(changed);
      }
      for (const field of ['wides', 'noballs', 'byes', 'legbyes', 'penalty']) {
        for (const bad of [-1, 2.5, '1', null]) broken.push({ ...copy(), extras: { [field]: bad } });
      }
      broken.push({ ...copy(), extras: 5 }, { ...copy(), extras: [] }, { ...copy(), wickets: {} }, { ...copy(), wickets: [null] });
      for (const wicket of [
        { kind: 'stumped by mistake', player_out: 'X' },
        { kind: 'bowled', player_out: '' },
        { kind: 'bowled' },
        { kind: 'caught', player_out: 'X', fielders: [{ name: '' }] },
        { kind: 'caught', player_out: 'X', fielders: [{ substitute: 'yes' }] },
        { kind: 'caught', player_out: 'X', fielders: {} },
      ]) {
        broken.push({ ...copy(), wickets: [wicket] });
      }
    }
    let refused = 0;
    for (const value of broken) {
      if (schemaAccepts(value)) continue;
      refused += 1;
      expect(isWellFormedDelivery(value), JSON.stringify(value)).toBe(false);
    }
    expect(refused).toBeGreaterThan(60);
  });
});

describe('overs: the fast path keeps the schema’s verdict and messages', () => {
  it.each([
    ['a negative over index', (over: Record<string, unknown>) => (over.over = -1), 'innings.0.overs.0.over'],
    ['an over without deliveries', (over: Record<string, unknown>) => (over.deliveries = []), 'innings.0.overs.0.deliveries'],
    ['a delivery without runs', (over: Record<string, unknown>) => delete (over.deliveries as Record<string, unknown>[])[0]!.runs, 'innings.0.overs.0.deliveries.0.runs'],
  ])('refuses %s, naming where', (_what, breakIt, where) => {
    const match = cricsheetMatch() as { innings: { overs: Record<string, unknown>[] }[] };
    breakIt(match.innings[0]!.overs[0]!);
    const result = cricsheetMatchSchema.safeParse(match);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe(where);
  });
});
