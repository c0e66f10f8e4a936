// Dates on Hindi pages in the guide's one style (docs/hindi-style-guide.md): '3 जून 2025'.
import { describe, expect, it } from 'vitest';
import { dayRangeText, dayText, monthText, timeText } from '../../../src/i18n/dates.ts';
import { countdown } from '../../../src/lib/countdown.ts';
import { dayLabel, monthLabel } from '../../../src/shared/fixtures-shared.ts';
import { datesText } from '../../../src/views/match-view.ts';
import { dateRangeText, dateText, monthYearText } from '../../../src/views/player-view.ts';

const june3 = Date.UTC(2025, 5, 3);
const seconds = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('Hindi dates: one style', () => {
  it('writes a day without a leading zero, the month in full and the year', () => {
    expect(dayText(june3, 'hi')).toBe('3 जून 2025');
    expect(dayText('2026-11-28', 'hi')).toBe('28 नवंबर 2026');
    expect(dayText(june3, 'hi', { weekday: true })).toBe('मंगलवार, 3 जून 2025');
    expect(monthText('2001-12-01', 'hi')).toBe('दिसंबर 2001');
    expect(dayRangeText(Date.UTC(2018, 8, 7), Date.UTC(2018, 8, 11), 'hi')).toBe('7 सितंबर – 11 सितंबर 2018');
    expect(timeText(Date.UTC(2025, 5, 3, 14, 5), 'hi')).toBe('14:05 UTC');
  });

  it('is the style of every page helper and the countdown', () => {
    expect(dayLabel('2024-01-05', 'hi')).toBe('5 जनवरी 2024');
    expect(monthLabel('2024-01', 'hi')).toBe('जनवरी 2024');
    expect(datesText(['2026-01-04', '2026-01-08'], 'hi')).toBe('4 जनवरी – 8 जनवरी 2026');
    expect(dateText(seconds('2008-04-18'), 'hi')).toBe('18 अप्रैल 2008');
    expect(monthYearText('2001-12-26', 'hi')).toBe('दिसंबर 2001');
    expect(dateRangeText(seconds('2025-12-26'), seconds('2026-01-08'), 'hi')).toBe('26 दिसंबर 2025 – 8 जनवरी 2026');
    expect(countdown(Date.UTC(2026, 10, 28, 14), Date.UTC(2026, 10, 20), 'UTC', 'hi-IN')).toEqual({ kind: 'date', date: '28 नवंबर 2026' });
  });

  it('never abbreviates a Hindi month (no ॰) nor pads the day, across the year', () => {
    for (let month = 0; month < 12; month += 1) {
      const text = dayText(Date.UTC(2025, month, 1), 'hi');
      expect(text).not.toMatch(/॰|^0/);
      expect(text).toMatch(/^1 \S+ 2025$/);
    }
  });

  it('keeps the English style', () => {
    expect(dayText(june3, 'en')).toBe('03 Jun 2025');
    expect(dayText(june3, 'en', { weekday: true })).toBe('Tue, 03 Jun 2025');
    expect(datesText(['2026-01-04', '2026-01-08'], 'en')).toBe('04 Jan – 08 Jan 2026');
    expect(monthYearText('2001-12-26', 'en')).toBe('Dec 2001');
  });
});
