import { describe, expect, it } from 'vitest';
import { cricsheetMatchSchema } from '../../../src/server/ingest/cricsheet-schema.ts';
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
