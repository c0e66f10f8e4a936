// Schedule files: every good row read with its start moment, every bad one reported by line.
import { describe, expect, it } from 'vitest';
import { parseSchedule, parseScheduleCsv, parseScheduleIcs } from '../../../src/server/ingest/schedule.ts';

describe('parseScheduleCsv', () => {
  it('reads rows with defaults by format and keeps the offset of the start time', () => {
    const csv = [
      'tournament,team_a,team_b,start_at,format,venue,city,overs',
      'Border-Gavaskar Trophy,India,Australia,2026-12-01T09:30:00+05:30,test,"Eden Gardens","Kolkata",',
      '"Big Bash, League",Perth Scorchers,Sydney Sixers,2026-12-20T10:40:00Z,t20,,,',
      'Women\'s Ashes,England,Australia,2027-01-05 14:00+00:00,oneday,Lord\'s,London,45',
    ].join('\r\n');
    const { rows, problems } = parseScheduleCsv(csv);
    expect(problems).toEqual([]);
    expect(rows.map((row) => row.line)).toEqual([2, 3, 4]);
    expect(rows[0]!.fixture).toEqual({
      tournament: { name: 'Border-Gavaskar Trophy' },
      teams: [{ name: 'India' }, { name: 'Australia' }],
      venue: { name: 'Eden Gardens', city: 'Kolkata' },
      startAt: new Date('2026-12-01T04:00:00Z'),
      format: 'test',
      matchType: 'Test',
      oversLimit: null,
      ballsPerOver: 6,
      gender: 'male',
    });
    expect(rows[1]!.fixture).toMatchObject({ tournament: { name: 'Big Bash, League' }, oversLimit: 20, matchType: 'T20' });
    expect(rows[1]!.fixture.venue).toBeUndefined();
    expect(rows[2]!.fixture).toMatchObject({ oversLimit: 45, matchType: 'ODI', startAt: new Date('2027-01-05T14:00:00Z') });
  });

  it('reports each bad row by line and keeps the good ones', () => {
    const csv = [
      'tournament,team_a,team_b,start_at,format',
      'IPL,Mumbai Indians,Chennai Super Kings,2026-04-01T19:30:00+05:30,t20',
      'IPL,Mumbai Indians,Mumbai Indians,2026-04-02T19:30:00+05:30,t20',
      'IPL,Delhi Capitals,Punjab Kings,2026-04-03 19:30,t20',
      'IPL,Delhi Capitals,Punjab Kings,2026-04-03T19:30:00+05:30,hundred',
      '"IPL',
      '2026",Gujarat Titans,,2026-04-05T19:30:00+05:30,t20',
      'IPL,only,three',
      '',
      'IPL,Rajasthan Royals,Kolkata Knight Riders,2026-02-30T19:30:00+05:30,t20',
      'IPL,Lucknow Super Giants,Royal Challengers Bengaluru,2026-04-06T15:30:00+05:30,t20',
    ].join('\n');
    const { rows, problems } = parseScheduleCsv(csv);
    expect(rows.map((row) => row.line)).toEqual([2, 11]);
    expect(problems).toEqual([
      { line: 3, message: 'team_a and team_b must be different teams' },
      { line: 4, message: expect.stringContaining('start_at must be a date and time with its offset') },
      { line: 5, message: 'format must be t20, oneday or test' },
      { line: 6, message: 'tournament must not contain control characters; team_b is required' },
      { line: 8, message: '3 fields where the header has 5' },
      { line: 10, message: expect.stringContaining('is not a real time') },
    ]);
  });

  it('refuses a header without the needed columns', () => {
    expect(parseScheduleCsv('team_a,team_b,when\nA,B,C').problems[0]).toEqual({
      line: 1,
      message: expect.stringMatching(/^Header: missing columns tournament, start_at, format; unknown column when/),
    });
  });
});

describe('parseScheduleIcs', () => {
  const calendar = (events: string) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'X-WR-CALNAME:India tour of Australia', events, 'END:VCALENDAR'].join('\r\n');

  it('reads teams, format, venue and the moment from each event, folded lines and zones included', () => {
    const ics = calendar(
      [
        'BEGIN:VEVENT',
        'UID:1@example.org',
        'SUMMARY:Australia v India\\, 1st T20I',
        'DTSTART:20261204T081000Z',
        'LOCATION:Melbourne Cricket Ground\\, Mel',
        ' bourne',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'SUMMARY:Australia vs India - 1st Test',
        'DTSTART;TZID=Australia/Adelaide:20261217T103000',
        'X-CREASE-TOURNAMENT:Border-Gavaskar Trophy',
        'END:VEVENT',
      ].join('\r\n'),
    );
    const { rows, problems } = parseScheduleIcs(ics);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 4,
        key: 'uid:1@example.org',
        cancelled: false,
        fixture: {
          tournament: { name: 'India tour of Australia' },
          teams: [{ name: 'Australia' }, { name: 'India' }],
          venue: { name: 'Melbourne Cricket Ground', city: 'Melbourne' },
          startAt: new Date('2026-12-04T08:10:00Z'),
          format: 't20',
          matchType: 'T20',
          oversLimit: 20,
          ballsPerOver: 6,
          gender: 'male',
        },
      },
      {
        line: 11,
        // No UID: the two teams and the day are its identity.
        key: 'teams:australia|india|2026-12-17',
        cancelled: false,
        fixture: expect.objectContaining({
          tournament: { name: 'Border-Gavaskar Trophy' },
          // Adelaide is UTC+10:30 in December (daylight time).
          startAt: new Date('2026-12-17T00:00:00Z'),
          format: 'test',
          oversLimit: null,
        }),
      },
    ]);
  });

  it('reports an event without teams, time or format by the line of its BEGIN', () => {
    const ics = calendar(
      [
        'BEGIN:VEVENT',
        'SUMMARY:Team photo',
        'DTSTART;VALUE=DATE:20261201',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'SUMMARY:Australia v India warm-up',
        'DTSTART:20261201T010000',
        'END:VEVENT',
      ].join('\r\n'),
    );
    const { rows, problems } = parseScheduleIcs(ics.replace('India tour of Australia', 'Tour'));
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      { line: 4, message: "SUMMARY must name the teams as 'Team A v Team B' (got 'Team photo'); DTSTART has a date but no start time; no format: name it in SUMMARY (T20I, ODI, Test) or X-CREASE-FORMAT" },
      { line: 8, message: 'DTSTART has no time zone (use a UTC time ending in Z, or TZID=); no format: name it in SUMMARY (T20I, ODI, Test) or X-CREASE-FORMAT' },
    ]);
  });

  it('converts a TZID its own VTIMEZONE defines, and reads UID and STATUS:CANCELLED', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'X-WR-CALNAME:Nepal v Oman 2026',
      'BEGIN:VTIMEZONE',
      'TZID:Crease Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0545',
      'TZOFFSETTO:+0545',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:nepal-1',
      'SUMMARY:Nepal v Oman\\, 1st T20I',
      'DTSTART;TZID=Crease Standard Time:20261201T140000',
      'STATUS:CANCELLED',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const { rows, problems } = parseScheduleIcs(ics);
    expect(problems).toEqual([]);
    expect(rows).toEqual([expect.objectContaining({ line: 12, key: 'uid:nepal-1', cancelled: true, fixture: expect.objectContaining({ startAt: new Date('2026-12-01T08:15:00Z') }) })]);
  });

  it('refuses a file that is not a calendar', () => {
    expect(parseScheduleIcs('hello').problems[0]).toMatchObject({ line: 1, message: expect.stringContaining('Not an iCalendar file') });
  });
});

describe('CSV identity', () => {
  it('keys a row by its id, or by its teams and day, and reads status', () => {
    const { rows, problems } = parseScheduleCsv(
      [
        'id,tournament,team_a,team_b,start_at,format,status',
        'm-1,Cup,A,B,2026-12-01T14:00:00Z,t20,',
        ',Cup,D,C,2026-12-02T23:30:00-01:00,t20,cancelled',
        'm-3,Cup,E,F,2026-12-03T14:00:00Z,t20,postponed',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.key, row.cancelled])).toEqual([
      ['uid:m-1', false],
      ['teams:c|d|2026-12-03', true],
    ]);
    expect(problems).toEqual([{ line: 4, message: 'status must be scheduled or cancelled (or empty)' }]);
  });
});

describe('parseSchedule', () => {
  it('chooses the reader by extension', () => {
    expect(parseSchedule('fixtures.txt', '').problems[0]!.message).toContain('a .csv or an .ics file');
    expect(parseSchedule('F.CSV', 'tournament,team_a,team_b,start_at,format\nT,A,B,2026-01-01T00:00Z,t20').rows).toHaveLength(1);
  });
});
