// The only island of the home page: the countdown on upcoming match cards,
// refreshed every 5 seconds (spec, Home).
import { useEffect, useState } from 'react';
import { COUNTDOWN_REFRESH_MS, countdown, type Countdown as CountdownValue } from '../lib/countdown.ts';

export interface CountdownLabels {
  startsIn: string;
  started: string;
  h: string;
  m: string;
  s: string;
}

interface Props {
  startAt: number;
  locale: string;
  /** Translated on the server, so the island ships no dictionary. */
  labels: CountdownLabels;
}

function render(value: CountdownValue, labels: CountdownLabels): string {
  switch (value.kind) {
    case 'date':
      return value.date;
    case 'hours':
      return `${labels.startsIn} ${value.hours}${labels.h} ${value.minutes}${labels.m}`;
    case 'minutes':
      return `${labels.startsIn} ${value.minutes}${labels.m} ${value.seconds}${labels.s}`;
    case 'started':
      return labels.started;
  }
}

export default function Countdown({ startAt, locale, labels }: Props) {
  // The server renders in UTC; the browser re-renders in the viewer's own zone.
  const [zone, setZone] = useState('UTC');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="countdown" dateTime={new Date(startAt).toISOString()} suppressHydrationWarning>
      {render(countdown(startAt, now, zone, locale), labels)}
    </time>
  );
}
