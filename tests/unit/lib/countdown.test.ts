import { describe, expect, it } from 'vitest';
import { countdown } from '../../../src/lib/countdown.ts';

const at = (iso: string) => Date.parse(iso);

describe('countdown on upcoming match cards', () => {
  it('shows the date when the match is not today (in the viewer time zone)', () => {
    const result = countdown(at('2026-11-24T14:00:00Z'), at('2026-11-22T10:00:00Z'), 'UTC', 'en-GB');
    expect(result).toEqual({ kind: 'date', date: '24 Nov 2026' });
  });

  it('the same instant can be today in one zone and tomorrow in another', () => {
    const start = at('2026-11-22T20:00:00Z');
    const now = at('2026-11-22T17:00:00Z');
    expect(countdown(start, now, 'UTC', 'en-GB').kind).toBe('hours');
    expect(countdown(start, now, 'Asia/Kolkata', 'en-GB').kind).toBe('date');
  });

  it('hours and minutes when an hour or more remains', () => {
    expect(countdown(at('2026-11-22T14:30:00Z'), at('2026-11-22T12:00:00Z'), 'UTC', 'en')).toEqual({
      kind: 'hours',
      hours: 2,
      minutes: 30,
    });
    expect(countdown(at('2026-11-22T13:00:00Z'), at('2026-11-22T12:00:00Z'), 'UTC', 'en')).toEqual({
      kind: 'hours',
      hours: 1,
      minutes: 0,
    });
  });

  it('minutes and seconds inside the last hour', () => {
    expect(countdown(at('2026-11-22T12:59:59Z'), at('2026-11-22T12:00:00Z'), 'UTC', 'en')).toEqual({
      kind: 'minutes',
      minutes: 59,
      seconds: 59,
    });
  });

  it('started once the start time has passed', () => {
    expect(countdown(at('2026-11-22T12:00:00Z'), at('2026-11-22T12:00:00Z'), 'UTC', 'en')).toEqual({ kind: 'started' });
  });
});
