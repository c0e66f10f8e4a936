// What an upcoming match card shows before the start (spec, Home): the date when the
// match is not today, hours and minutes when an hour or more remains, otherwise minutes
// and seconds. Pure, so the server render and the island agree.
import { dayText } from '../i18n/dates.ts';

export type Countdown =
  | { kind: 'date'; date: string }
  | { kind: 'hours'; hours: number; minutes: number }
  | { kind: 'minutes'; minutes: number; seconds: number }
  | { kind: 'started' };

export const COUNTDOWN_REFRESH_MS = 5_000;

function localDayKey(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

export function countdown(startMs: number, nowMs: number, timeZone: string, locale: string): Countdown {
  const remaining = startMs - nowMs;
  if (remaining <= 0) return { kind: 'started' };
  if (localDayKey(startMs, timeZone) !== localDayKey(nowMs, timeZone)) {
    const date = dayText(startMs, locale.startsWith('hi') ? 'hi' : 'en', { timeZone });
    return { kind: 'date', date };
  }
  const totalSeconds = Math.floor(remaining / 1000);
  if (totalSeconds >= 3600) {
    return { kind: 'hours', hours: Math.floor(totalSeconds / 3600), minutes: Math.floor((totalSeconds % 3600) / 60) };
  }
  return { kind: 'minutes', minutes: Math.floor(totalSeconds / 60), seconds: totalSeconds % 60 };
}
