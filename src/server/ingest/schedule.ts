// Upcoming fixtures from an operator's file (npm run schedule:import): a CSV with a header row,
// or an iCalendar file of events. Every row is checked on its own; a bad one is reported by its
// line and the rest still count. docs/decisions/026-scorer-console.md.
import { z } from 'zod';
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
  fixture: ScheduledFixture;
}

export interface ScheduleProblem {
  line: number;
  message: string;
}

export interface ParsedSchedule {
  rows: ScheduleRow[];
  problems: ScheduleProblem[];
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

class Collector {
  readonly rows: ScheduleRow[] = [];
  readonly problems: ScheduleProblem[] = [];

  add(line: number, fields: FixtureFields): void {
    if (this.rows.length >= MAX_SCHEDULE_ROWS) {
      if (this.rows.length === MAX_SCHEDULE_ROWS && !this.problems.some((problem) => problem.message.startsWith('More than'))) {
        this.problems.push({ line, message: `More than ${MAX_SCHEDULE_ROWS} fixtures: the rest of the file is skipped` });
      }
      return;
    }
    const result = toFixture(fields);
    if ('fixture' in result) this.rows.push({ line, fixture: result.fixture });
    else this.problems.push({ line, message: result.message });
  }
}

// ---------- CSV ----------

export const CSV_COLUMNS = ['tournament', 'team_a', 'team_b', 'start_at', 'format', 'venue', 'city', 'overs', 'balls_per_over', 'gender', 'match_type'] as const;
const REQUIRED_COLUMNS = ['tournament', 'team_a', 'team_b', 'start_at', 'format'];

export function parseScheduleCsv(text: string): ParsedSchedule {
  const collector = new Collector();
  const [header, ...records] = csvRecords(text.replace(/^\uFEFF/, ''));
  if (!header) return { rows: [], problems: [{ line: 1, message: 'The file is empty' }] };
  const columns = header.fields.map((column) => column.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  const unknown = columns.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  if (missing.length > 0 || unknown.length > 0) {
    const parts = [
      ...(missing.length > 0 ? [`missing column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`] : []),
      ...(unknown.length > 0 ? [`unknown column${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}`] : []),
    ];
    return { rows: [], problems: [{ line: header.line, message: `Header: ${parts.join('; ')} (columns: ${CSV_COLUMNS.join(', ')})` }] };
  }
  for (const record of records) {
    if (record.fields.length !== columns.length) {
      collector.problems.push({ line: record.line, message: `${record.fields.length} fields where the header has ${columns.length}` });
      continue;
    }
    collector.add(record.line, Object.fromEntries(columns.map((column, index) => [column, record.fields[index]])) as FixtureFields);
  }
  return { rows: collector.rows, problems: collector.problems };
}

// ---------- iCalendar ----------

interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Unfolded content lines (RFC 5545 §3.1), each with the line it started on. */
function icsLines(text: string): { line: number; content: string }[] {
  const lines: { line: number; content: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const last = lines.at(-1);
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && last) last.content += raw.slice(1);
    else if (raw !== '') lines.push({ line: index + 1, content: raw });
  });
  return lines;
}

function icsProperty(content: string): IcsProperty {
  const colon = content.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const head = colon === -1 ? content : content.slice(0, colon);
  const [rawName = '', ...rawParams] = head.split(';');
  const params = Object.fromEntries(
    rawParams.map((param) => {
      const [key = '', ...rest] = param.split('=');
      return [key.toUpperCase(), rest.join('=').replace(/^"|"$/g, '')];
    }),
  );
  return { name: rawName.toUpperCase(), params, value: colon === -1 ? '' : content.slice(colon + 1) };
}

/** TEXT values: \n, \, and \; escapes (RFC 5545 §3.3.11). */
function icsText(value: string): string {
  return value.replace(/\\([nN,;\\])/g, (_match, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}

/** The UTC offset of a zone at a moment, in minutes (from Intl, no zone database of our own). */
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

/** DTSTART as a moment: UTC ('Z'), or a local time in its TZID; a date alone or a floating time is refused. */
function icsStart(property: IcsProperty | undefined): Date | string {
  if (!property) return 'DTSTART is required';
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(property.value.trim());
  if (!match) return `DTSTART ${property.value} is not a date-time`;
  const [, y, mo, d, h, mi, s, utc] = match;
  if (h === undefined) return 'DTSTART has a date but no start time';
  const wallClock = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (utc) return new Date(wallClock);
  const zone = property.params.TZID;
  if (!zone) return 'DTSTART has no time zone (use a UTC time ending in Z, or TZID=)';
  try {
    // The offset at the wall-clock time read as UTC, then checked again at the moment found (DST edges).
    const first = wallClock - zoneOffsetMinutes(zone, new Date(wallClock)) * 60_000;
    return new Date(wallClock - zoneOffsetMinutes(zone, new Date(first)) * 60_000);
  } catch {
    return `unknown time zone ${zone}`;
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

export function parseScheduleIcs(text: string): ParsedSchedule {
  const collector = new Collector();
  const lines = icsLines(text.replace(/^\uFEFF/, ''));
  let calendarName: string | undefined;
  let event: { line: number; properties: IcsProperty[] } | null = null;
  for (const { line, content } of lines) {
    const property = icsProperty(content);
    if (property.name === 'BEGIN' && property.value.toUpperCase() === 'VEVENT') {
      event = { line, properties: [] };
    } else if (property.name === 'END' && property.value.toUpperCase() === 'VEVENT' && event) {
      addEvent(collector, event, calendarName);
      event = null;
    } else if (event) {
      event.properties.push(property);
    } else if (property.name === 'X-WR-CALNAME') {
      calendarName = icsText(property.value).trim();
    }
  }
  if (lines.length === 0 || !lines[0]!.content.toUpperCase().startsWith('BEGIN:VCALENDAR')) {
    collector.problems.unshift({ line: 1, message: 'Not an iCalendar file (it must start with BEGIN:VCALENDAR)' });
  }
  return { rows: collector.rows, problems: collector.problems };
}

/**
 * One VEVENT: teams from SUMMARY ('A v B, 1st T20I'), the tournament from X-CREASE-TOURNAMENT,
 * CATEGORIES or the calendar's name, the format from X-CREASE-FORMAT or the summary, the venue
 * from LOCATION ('Ground, City').
 */
function addEvent(collector: Collector, event: { line: number; properties: IcsProperty[] }, calendarName: string | undefined): void {
  const get = (name: string) => {
    const property = event.properties.find((entry) => entry.name === name);
    return property === undefined ? undefined : icsText(property.value).trim();
  };
  const summary = get('SUMMARY') ?? '';
  const teams = teamsOf(summary);
  const start = icsStart(event.properties.find((entry) => entry.name === 'DTSTART'));
  const problems = [
    ...(teams ? [] : [`SUMMARY must name the teams as 'Team A v Team B' (got '${summary.slice(0, 60)}')`]),
    ...(typeof start === 'string' ? [start] : []),
  ];
  const format = get('X-CREASE-FORMAT')?.toLowerCase() ?? formatNamed(summary) ?? formatNamed(calendarName ?? '');
  if (!format) problems.push('no format: name it in SUMMARY (T20I, ODI, Test) or X-CREASE-FORMAT');
  if (problems.length > 0 || !teams || typeof start === 'string') {
    collector.problems.push({ line: event.line, message: problems.join('; ') });
    return;
  }
  const [venue, ...cityParts] = (get('LOCATION') ?? '').split(',').map((part) => part.trim());
  collector.add(event.line, {
    tournament: get('X-CREASE-TOURNAMENT') ?? get('CATEGORIES')?.split(',')[0] ?? calendarName ?? '',
    team_a: teams[0],
    team_b: teams[1],
    start_at: start.toISOString(),
    format: format as Format,
    venue,
    city: cityParts.join(', '),
    overs: get('X-CREASE-OVERS'),
    gender: get('X-CREASE-GENDER'),
  });
}

/** Reads a schedule by its file name: .csv or .ics. */
export function parseSchedule(fileName: string, text: string): ParsedSchedule {
  if (/\.ics$/i.test(fileName)) return parseScheduleIcs(text);
  if (/\.csv$/i.test(fileName)) return parseScheduleCsv(text);
  return { rows: [], problems: [{ line: 0, message: `${fileName}: a schedule is a .csv or an .ics file` }] };
}
