// Upcoming fixtures from an operator's file (npm run schedule:import) or a schedule feed
// (FIXTURES_SOURCE, ingest/fixture-feeds.ts): a CSV with a header row, or an iCalendar file of events. Every row is checked on its own; a bad one is reported by its
// line and the rest still count. docs/decisions/026-scorer-console.md.
import { z } from 'zod';
import ICAL from 'ical.js';
import { csvRecords } from './csv.ts';

/** A file bigger than this is not a schedule. */
export const MAX_SCHEDULE_BYTES = 2 * 1024 * 1024;
export const MAX_SCHEDULE_ROWS = 5000;
const MAX_NAME = 100;

export type Format = 't20' | 'oneday' | 'test';

/** One fixture to create (the createFixture input without its source). */
export interface ScheduledFixture {
  tournament: { name: string };
  teams: [{ name: string }, { name: string }];
  venue?: { name: string; city?: string };
  startAt: Date;
  format: Format;
  matchType: string;
  oversLimit: number | null;
  ballsPerOver: number;
  gender: 'male' | 'female';
}

export interface ScheduleRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  /**
   * The row's identity in its feed, kept with the fixture so a later fetch updates it: 'uid:' and
   * the iCalendar UID or the CSV id column, else 'teams:' the two teams and the start's UTC day.
   */
  key: string;
  /** The feed says it is off (iCalendar STATUS:CANCELLED, CSV status cancelled). */
  cancelled: boolean;
  fixture: ScheduledFixture;
}

export interface ScheduleProblem {
  line: number;
  message: string;
}

export interface ParsedSchedule {
  rows: ScheduleRow[];
  problems: ScheduleProblem[];
  /**
   * False when the file as a whole could not be read (not a calendar, a bad CSV header): its
   * rows say nothing, so fixtures missing from it are not taken as cancelled.
   */
  readable: boolean;
}

const DEFAULTS: Record<Format, { overs: number | null; matchType: string }> = {
  t20: { overs: 20, matchType: 'T20' },
  oneday: { overs: 50, matchType: 'ODI' },
  test: { overs: null, matchType: 'Test' },
};

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_NAME, `${label} is longer than ${MAX_NAME} characters`)
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), `${label} must not contain control characters`);

const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** A start time with its offset: a time without one could be any of 24 moments. */
const startTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/i, 'start_at must be a date and time with its offset, e.g. 2026-12-01T14:00:00+05:30')
  .transform((text, context) => {
    const date = new Date(text.replace(' ', 'T'));
    // Date rolls 30 February over into March: the calendar day must exist as written.
    const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
    if (Number.isNaN(date.getTime()) || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) {
      context.addIssue({ code: 'custom', message: `start_at ${text} is not a real time` });
      return z.NEVER;
    }
    return date;
  });

const fixtureFields = z
  .object({
    tournament: name('tournament'),
    team_a: name('team_a'),
    team_b: name('team_b'),
    start_at: startTime,
    format: z.enum(['t20', 'oneday', 'test'], { error: 'format must be t20, oneday or test' }),
    venue: blankAsAbsent(name('venue')),
    city: blankAsAbsent(name('city')),
    overs: blankAsAbsent(z.coerce.number({ error: 'overs must be a number' }).int('overs must be a whole number').min(1, 'overs must be 1 to 100').max(100, 'overs must be 1 to 100')),
    balls_per_over: blankAsAbsent(z.coerce.number({ error: 'balls_per_over must be a number' }).int().min(4, 'balls_per_over must be 4 to 10').max(10, 'balls_per_over must be 4 to 10')),
    gender: blankAsAbsent(z.enum(['male', 'female'], { error: 'gender must be male or female' })),
    match_type: blankAsAbsent(name('match_type')),
  })
  .refine((row) => row.team_a.toLowerCase() !== row.team_b.toLowerCase(), { message: 'team_a and team_b must be different teams', path: ['team_b'] });

type FixtureFields = z.input<typeof fixtureFields>;

function toFixture(fields: FixtureFields): { fixture: ScheduledFixture } | { message: string } {
  const parsed = fixtureFields.safeParse(fields);
  if (!parsed.success) return { message: parsed.error.issues.map((issue) => issue.message).join('; ') };
  const row = parsed.data;
  const defaults = DEFAULTS[row.format];
  return {
    fixture: {
      tournament: { name: row.tournament },
      teams: [{ name: row.team_a }, { name: row.team_b }],
      ...(row.venue === undefined ? {} : { venue: { name: row.venue, ...(row.city === undefined ? {} : { city: row.city }) } }),
      startAt: row.start_at,
      format: row.format,
      matchType: row.match_type ?? defaults.matchType,
      oversLimit: row.format === 'test' ? null : (row.overs ?? defaults.overs),
      ballsPerOver: row.balls_per_over ?? 6,
      gender: row.gender ?? 'male',
    },
  };
}

/** The feed's id when it gives one, else the two teams (in either order) and the start's UTC day. */
function rowKey(id: string | undefined, fixture: ScheduledFixture): string {
  const trimmed = id?.trim();
  if (trimmed) return `uid:${trimmed.slice(0, 300)}`;
  const teams = fixture.teams.map((team) => team.name.trim().toLowerCase()).sort();
  return `teams:${teams.join('|')}|${fixture.startAt.toISOString().slice(0, 10)}`;
}

class Collector {
  readonly rows: ScheduleRow[] = [];
  readonly problems: ScheduleProblem[] = [];

  add(line: number, fields: FixtureFields, identity: { id?: string | undefined; cancelled?: boolean } = {}): void {
    if (this.rows.length >= MAX_SCHEDULE_ROWS) {
      if (this.rows.length === MAX_SCHEDULE_ROWS && !this.problems.some((problem) => problem.message.startsWith('More than'))) {
        this.problems.push({ line, message: `More than ${MAX_SCHEDULE_ROWS} fixtures: the rest of the file is skipped` });
      }
      return;
    }
    const result = toFixture(fields);
    if ('fixture' in result) this.rows.push({ line, key: rowKey(identity.id, result.fixture), cancelled: identity.cancelled ?? false, fixture: result.fixture });
    else this.problems.push({ line, message: result.message });
  }
}

// ---------- CSV ----------

export const CSV_COLUMNS = ['id', 'tournament', 'team_a', 'team_b', 'start_at', 'format', 'venue', 'city', 'overs', 'balls_per_over', 'gender', 'match_type', 'status'] as const;
/** Columns that say who a row is and whether it is on, not what the fixture is. */
const IDENTITY_COLUMNS = ['id', 'status'];
const REQUIRED_COLUMNS = ['tournament', 'team_a', 'team_b', 'start_at', 'format'];

export function parseScheduleCsv(text: string): ParsedSchedule {
  const collector = new Collector();
  const [header, ...records] = csvRecords(text.replace(/^\uFEFF/, ''));
  if (!header) return { rows: [], problems: [{ line: 1, message: 'The file is empty' }], readable: false };
  const columns = header.fields.map((column) => column.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  const unknown = columns.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  if (missing.length > 0 || unknown.length > 0) {
    const parts = [
      ...(missing.length > 0 ? [`missing column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`] : []),
      ...(unknown.length > 0 ? [`unknown column${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}`] : []),
    ];
    return { rows: [], problems: [{ line: header.line, message: `Header: ${parts.join('; ')} (columns: ${CSV_COLUMNS.join(', ')})` }], readable: false };
  }
  for (const record of records) {
    if (record.fields.length !== columns.length) {
      collector.problems.push({ line: record.line, message: `${record.fields.length} fields where the header has ${columns.length}` });
      continue;
    }
    const values = Object.fromEntries(columns.map((column, index) => [column, record.fields[index]])) as Record<string, string>;
    const status = (values.status ?? '').trim().toLowerCase();
    if (status !== '' && status !== 'scheduled' && status !== 'cancelled') {
      collector.problems.push({ line: record.line, message: 'status must be scheduled or cancelled (or empty)' });
      continue;
    }
    const fields = Object.fromEntries(Object.entries(values).filter(([column]) => !IDENTITY_COLUMNS.includes(column))) as FixtureFields;
    collector.add(record.line, fields, { id: values.id, cancelled: status === 'cancelled' });
  }
  return { rows: collector.rows, problems: collector.problems, readable: true };
}

// ---------- iCalendar ----------
// Read by ical.js (a maintained RFC 5545 parser: folding, escapes, parameters, VTIMEZONE), not by
// hand. A TZID the calendar defines in a VTIMEZONE is converted by ical.js from that definition;
// a TZID it does not define (most feeds name an IANA zone and ship no VTIMEZONE) is converted
// with the runtime's zone database (Intl). docs/decisions/067-fixture-feeds.md.

/** The UTC offset of an IANA zone at a moment, in minutes (Intl's zone database). */
function zoneOffsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** DTSTART as a moment: UTC, a VTIMEZONE of the calendar, or an IANA TZID; a date alone or a floating time is refused. */
function icsStart(event: ICAL.Component): Date | string {
  const property = event.getFirstProperty('dtstart');
  if (!property) return 'DTSTART is required';
  const value = property.getFirstValue();
  if (!(value instanceof ICAL.Time)) return 'DTSTART is not a date-time';
  if (value.isDate) return 'DTSTART has a date but no start time';
  const zone = value.zone?.tzid;
  if (zone && zone !== 'floating') return new Date(value.toUnixTime() * 1000);
  const tzid = property.getParameter('tzid');
  const named = typeof tzid === 'string' ? tzid : undefined;
  if (!named) return 'DTSTART has no time zone (use a UTC time ending in Z, or TZID=)';
  const wallClock = Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second);
  try {
    // The offset at the wall-clock time read as UTC, then checked again at the moment found (DST edges).
    const first = wallClock - zoneOffsetMinutes(named, new Date(wallClock)) * 60_000;
    return new Date(wallClock - zoneOffsetMinutes(named, new Date(first)) * 60_000);
  } catch {
    return `unknown time zone ${named} (define it in a VTIMEZONE or use an IANA name)`;
  }
}

/** 'India v Australia, 1st T20I' → the two teams. */
function teamsOf(summary: string): [string, string] | null {
  const head = summary.split(/[,:(]| - | – /)[0] ?? '';
  const parts = head.split(/\s+(?:v|vs\.?|versus)\s+/i);
  return parts.length === 2 ? [parts[0]!.trim(), parts[1]!.trim()] : null;
}

/** The format named in a summary ('1st ODI', '2nd Test', 'T20I'), when there is one. */
function formatNamed(text: string): Format | null {
  if (/\bT20I?\b|\bTwenty20\b/i.test(text)) return 't20';
  if (/\bODI\b|\bone[- ]day\b|\bList A\b/i.test(text)) return 'oneday';
  if (/\bTest\b/.test(text)) return 'test';
  return null;
}

/** The 1-based lines of the file's BEGIN:VEVENT lines, in order (ical.js keeps no positions). */
function eventLines(text: string): number[] {
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (/^BEGIN:VEVENT\s*$/i.test(raw)) lines.push(index + 1);
  });
  return lines;
}

export function parseScheduleIcs(text: string): ParsedSchedule {
  const collector = new Collector();
  const clean = text.replace(/^\uFEFF/, '');
  if (!/^BEGIN:VCALENDAR/i.test(clean.trimStart())) {
    return { rows: [], problems: [{ line: 1, message: 'Not an iCalendar file (it must start with BEGIN:VCALENDAR)' }], readable: false };
  }
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(clean));
  } catch (error) {
    return { rows: [], problems: [{ line: 1, message: `Not a readable iCalendar file: ${error instanceof Error ? error.message : String(error)}` }], readable: false };
  }
  const calendarName = textOf(calendar, 'x-wr-calname');
  const lines = eventLines(clean);
  calendar.getAllSubcomponents('vevent').forEach((event, index) => addEvent(collector, lines[index] ?? 0, event, calendarName));
  return { rows: collector.rows, problems: collector.problems, readable: true };
}

/** A property's text, trimmed; undefined when absent or empty. */
function textOf(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstPropertyValue(name);
  if (value === null || value === undefined) return undefined;
  const text = (Array.isArray(value) ? value.join(',') : String(value)).trim();
  return text === '' ? undefined : text;
}

/**
 * One VEVENT: teams from SUMMARY ('A v B, 1st T20I'), the tournament from X-CREASE-TOURNAMENT,
 * CATEGORIES or the calendar's name, the format from X-CREASE-FORMAT or the summary, the venue
 * from LOCATION ('Ground, City'); its identity is its UID; STATUS:CANCELLED cancels it.
 */
function addEvent(collector: Collector, line: number, event: ICAL.Component, calendarName: string | undefined): void {
  const get = (name: string) => textOf(event, name);
  const summary = get('summary') ?? '';
  const teams = teamsOf(summary);
  const start = icsStart(event);
  const problems = [
    ...(teams ? [] : [`SUMMARY must name the teams as 'Team A v Team B' (got '${summary.slice(0, 60)}')`]),
    ...(typeof start === 'string' ? [start] : []),
  ];
  const format = get('x-crease-format')?.toLowerCase() ?? formatNamed(summary) ?? formatNamed(calendarName ?? '');
  if (!format) problems.push('no format: name it in SUMMARY (T20I, ODI, Test) or X-CREASE-FORMAT');
  if (problems.length > 0 || !teams || typeof start === 'string') {
    collector.problems.push({ line, message: problems.join('; ') });
    return;
  }
  const categories = event.getFirstProperty('categories')?.getFirstValue();
  const [venue, ...cityParts] = (get('location') ?? '').split(',').map((part) => part.trim());
  collector.add(
    line,
    {
      tournament: get('x-crease-tournament') ?? (typeof categories === 'string' && categories.trim() !== '' ? categories.trim() : undefined) ?? calendarName ?? '',
      team_a: teams[0],
      team_b: teams[1],
      start_at: start.toISOString(),
      format: format as Format,
      venue,
      city: cityParts.join(', '),
      overs: get('x-crease-overs'),
      gender: get('x-crease-gender'),
    },
    { id: get('uid'), cancelled: get('status')?.toUpperCase() === 'CANCELLED' },
  );
}

/** Reads a schedule by its file name: .csv or .ics. */
export function parseSchedule(fileName: string, text: string): ParsedSchedule {
  if (/\.ics$/i.test(fileName)) return parseScheduleIcs(text);
  if (/\.csv$/i.test(fileName)) return parseScheduleCsv(text);
  return { rows: [], problems: [{ line: 0, message: `${fileName}: a schedule is a .csv or an .ics file` }], readable: false };
}
