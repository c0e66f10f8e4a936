// Dates in the page's language, the one style of each (docs/hindi-style-guide.md): English as the
// site has always written them ('03 Jun 2025'), Hindi as a Hindi desk does ('3 जून 2025': no
// leading zero, the month in full, never 'नव॰'). Every page and report formats a day through here.
import type { Lang } from './index.ts';

export interface DateParts {
  /** With the year (default true). */
  year?: boolean;
  /** With the weekday ('Tue', 'मंगलवार'). */
  weekday?: boolean;
  /** Time zone of the day (default UTC: Cricsheet's dates are days, stored as midnight UTC). */
  timeZone?: string;
}

const LOCALE: Record<Lang, string> = { en: 'en-GB', hi: 'hi-IN' };

function dayFormat(lang: Lang, { year = true, weekday = false, timeZone = 'UTC' }: DateParts): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(LOCALE[lang], {
    ...(weekday ? { weekday: lang === 'hi' ? 'long' : 'short' } : {}),
    day: lang === 'hi' ? 'numeric' : '2-digit',
    month: lang === 'hi' ? 'long' : 'short',
    ...(year ? { year: 'numeric' } : {}),
    timeZone,
  });
}

/** A day from epoch milliseconds or an ISO date ('2025-06-03'): '03 Jun 2025', '3 जून 2025'. */
export function dayText(when: number | string, lang: Lang, parts: DateParts = {}): string {
  const ms = typeof when === 'number' ? when : Date.parse(`${when.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(ms)) return String(when);
  return dayFormat(lang, parts).format(ms);
}

/** Two days as a range: '18 Apr – 01 Jun 2008', '18 अप्रैल – 1 जून 2008'; one day when both are the same. */
export function dayRangeText(fromMs: number, toMs: number, lang: Lang): string {
  const from = new Date(fromMs);
  const to = new Date(toMs);
  if (from.toISOString().slice(0, 10) === to.toISOString().slice(0, 10)) return dayText(fromMs, lang);
  const sameYear = from.getUTCFullYear() === to.getUTCFullYear();
  return `${dayText(fromMs, lang, { year: !sameYear })} – ${dayText(toMs, lang)}`;
}

/** A month: 'June 2025' ('Jun 2025' where English is short) / 'जून 2025' (Hindi always in full). */
export function monthText(when: number | string, lang: Lang, englishMonth: 'long' | 'short' = 'long'): string {
  const ms = typeof when === 'number' ? when : Date.parse(`${when.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(ms)) return String(when);
  const month = lang === 'hi' ? 'long' : englishMonth;
  return new Intl.DateTimeFormat(LOCALE[lang], { month, year: 'numeric', timeZone: 'UTC' }).format(ms);
}

/** A clock time with its zone: '14:05 UTC' (24 hours in both languages). */
export function timeText(ms: number, lang: Lang, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone, timeZoneName: 'short' }).format(ms);
}
