// Records in automated match reports, on the real IPL archive (every season imported, as the
// site holds it): for each match of two whole seasons, the records its report claims are
// compared with the records this test finds itself in the raw Cricsheet JSON (small code of its
// own, independent of the importer's rows and the report's queries). Both ways: every claim must
// be one of them, with the same figure, best before and scope, and printed in both languages;
// and every record found must be claimed, so a match without one claims none.
//
// The rule the test applies (docs/decisions/037-match-reports.md): the scope is the matches
// before this one's first day, of the same kind (all men's T20 here), in which at least one
// innings was played; super overs do not count; a record beats the earlier best outright, in a
// scope of at least 10 earlier matches (a team's: innings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { writeMatchReport, MIN_RECORD_SCOPE, type MatchReport, type RecordClaim } from '../../src/server/domain/match-report.ts';
// The renamed IPL sides (Delhi Daredevils → Delhi Capitals...) are one team: a table of names, not a computation.
import { canonicalTeamName } from '../../src/server/ingest/team-aliases.ts';
import { createServices } from '../../src/server/services/index.ts';
import { loadReportFacts } from '../../src/server/services/match-reports.ts';
import { readArchive } from '../helpers/read-archive.ts';
import { sharedArchive } from '../helpers/shared-data.ts';
import { archiveDatabase } from '../helpers/templates.ts';

interface RawDelivery {
  batter: string;
  bowler: string;
  non_striker: string;
  runs: { batter: number; total: number };
  extras?: { byes?: number; legbyes?: number; penalty?: number };
  wickets?: { player_out: string; kind: string }[];
}
interface RawInnings {
  team: string;
  super_over?: boolean;
  penalty_runs?: { pre?: number; post?: number };
  overs?: { deliveries: RawDelivery[] }[];
}
interface RawMatch {
  id: number;
  info: { dates: string[]; season: string | number; venue?: string; city?: string; event?: { name: string } };
  innings: RawInnings[];
}

const SEASONS = new Set(['2013', '2017']);
const NOT_A_WICKET = new Set(['retired hurt', 'retired not out']);
const NOT_THE_BOWLERS = new Set(['run out', 'retired hurt', 'retired not out', 'retired out', 'obstructing the field', 'timed out', 'handled the ball']);

/** One innings' figures, from its deliveries. */
function figuresOf(inn: RawInnings) {
  const balls = (inn.overs ?? []).flatMap((over) => over.deliveries);
  const batters = new Map<string, number>();
  const bowlers = new Map<string, { wickets: number; runs: number }>();
  const stands = new Map<string, { forWicket: number; runs: number }>();
  let runs = (inn.penalty_runs?.pre ?? 0) + (inn.penalty_runs?.post ?? 0);
  let wickets = 0;
  for (const d of balls) {
    runs += d.runs.total;
    batters.set(d.batter, (batters.get(d.batter) ?? 0) + d.runs.batter);
    const bowler = bowlers.get(d.bowler) ?? { wickets: 0, runs: 0 };
    bowler.runs += d.runs.total - (d.extras?.byes ?? 0) - (d.extras?.legbyes ?? 0) - (d.extras?.penalty ?? 0);
    bowler.wickets += (d.wickets ?? []).filter((w) => !NOT_THE_BOWLERS.has(w.kind)).length;
    bowlers.set(d.bowler, bowler);
    const pair = `${wickets + 1}|${[d.batter, d.non_striker].sort().join('|')}`;
    const stand = stands.get(pair) ?? { forWicket: wickets + 1, runs: 0 };
    stand.runs += d.runs.total;
    stands.set(pair, stand);
    wickets += (d.wickets ?? []).filter((w) => !NOT_A_WICKET.has(w.kind)).length;
  }
  const spells = [...bowlers.values()].sort((x, y) => y.wickets - x.wickets || x.runs - y.runs);
  return { team: canonicalTeamName(inn.team), runs, wickets, batters, topScore: Math.max(0, ...batters.values()), bestSpell: spells[0] ?? null, stands: [...stands.values()] };
}

type Figures = ReturnType<typeof figuresOf>;
const played = (match: RawMatch): Figures[] => match.innings.filter((inn) => !inn.super_over && (inn.overs?.length ?? 0) > 0).map(figuresOf);
const maxOf = (values: number[]) => (values.length === 0 ? null : Math.max(...values));
const minOf = (values: number[]) => (values.length === 0 ? null : Math.min(...values));

/** The records this match sets, by the rule above, as "record:runs:before:scope" (wickets/runs for a spell). */
function expectedRecords(match: RawMatch, all: { match: RawMatch; innings: Figures[] }[]): string[] {
  const day = match.info.dates[0]!;
  const earlier = all.filter((entry) => entry.match.info.dates[0]! < day && entry.innings.length > 0);
  const own = played(match);
  const found: string[] = [];
  const compMatches = earlier.filter((entry) => entry.match.info.event?.name === match.info.event?.name);
  const compInnings = compMatches.flatMap((entry) => entry.innings);
  const scope = compMatches.length + 1;
  if (compMatches.length >= MIN_RECORD_SCOPE) {
    const top = maxOf(own.map((inn) => inn.runs))!;
    const before = maxOf(compInnings.map((inn) => inn.runs));
    if (before !== null && top > before) found.push(`competitionTotal:${top}:${before}:${scope}`);
    const score = maxOf(own.map((inn) => inn.topScore))!;
    const scoreBefore = maxOf(compInnings.map((inn) => inn.topScore));
    if (scoreBefore !== null && score > scoreBefore) found.push(`competitionScore:${score}:${scoreBefore}:${scope}`);
    const bySpell = (x: { wickets: number; runs: number }, y: { wickets: number; runs: number }) => y.wickets - x.wickets || x.runs - y.runs;
    const spell = own.flatMap((inn) => (inn.bestSpell ? [inn.bestSpell] : [])).sort(bySpell)[0];
    const spellBefore = compInnings.flatMap((inn) => (inn.bestSpell ? [inn.bestSpell] : [])).sort(bySpell)[0];
    if (spell && spellBefore && bySpell(spell, spellBefore) < 0) found.push(`competitionBowling:${spell.wickets}/${spell.runs}:${spellBefore.wickets}/${spellBefore.runs}:${scope}`);
    for (let wicket = 1; wicket <= 10; wicket += 1) {
      const stand = maxOf(own.flatMap((inn) => inn.stands.filter((s) => s.forWicket === wicket).map((s) => s.runs)));
      const standBefore = maxOf(compInnings.flatMap((inn) => inn.stands.filter((s) => s.forWicket === wicket).map((s) => s.runs)));
      if (stand !== null && standBefore !== null && stand > standBefore) found.push(`competitionStand:${stand}:${standBefore}:${scope}`);
    }
  }
  const venue = `${match.info.venue ?? ''}|${match.info.city ?? ''}`;
  const ground = earlier.filter((entry) => `${entry.match.info.venue ?? ''}|${entry.match.info.city ?? ''}` === venue);
  if (match.info.venue && ground.length >= MIN_RECORD_SCOPE) {
    const top = maxOf(own.map((inn) => inn.runs))!;
    const before = maxOf(ground.flatMap((entry) => entry.innings.map((inn) => inn.runs)));
    if (before !== null && top > before) found.push(`groundTotal:${top}:${before}:${ground.length + 1}`);
  }
  for (const team of new Set(own.map((inn) => inn.team))) {
    const theirs = earlier.flatMap((entry) => entry.innings.filter((inn) => inn.team === team));
    const mine = own.filter((inn) => inn.team === team);
    if (theirs.length < MIN_RECORD_SCOPE) continue;
    const teamScope = theirs.length + mine.length;
    const high = maxOf(mine.map((inn) => inn.runs))!;
    const highBefore = maxOf(theirs.map((inn) => inn.runs));
    if (highBefore !== null && high > highBefore) found.push(`teamHighest:${high}:${highBefore}:${teamScope}`);
    const low = minOf(mine.filter((inn) => inn.wickets >= 10).map((inn) => inn.runs));
    const lowBefore = minOf(theirs.filter((inn) => inn.wickets >= 10).map((inn) => inn.runs));
    if (low !== null && lowBefore !== null && low < lowBefore) found.push(`teamLowestAllOut:${low}:${lowBefore}:${teamScope}`);
  }
  return found.sort();
}

const signature = (claim: RecordClaim): string =>
  claim.record === 'competitionBowling'
    ? `${claim.record}:${claim.wickets}/${claim.runs}:${claim.before.wickets}/${claim.before.runs}:${claim.scope}`
    : `${claim.record}:${claim.runs}:${claim.before}:${claim.scope}`;

/** The numbers a record's sentence must print. */
const printed = (claim: RecordClaim): number[] =>
  claim.record === 'competitionBowling' ? [claim.wickets, claim.runs, claim.before.wickets, claim.before.runs, claim.scope] : [claim.runs, claim.before, claim.scope];

describe('records in automated match reports, on every match of IPL 2013 and 2017', () => {
  let db: Db;
  const reports: { match: RawMatch; report: MatchReport; expected: string[] }[] = [];

  beforeAll(async () => {
    const archive = sharedArchive('ipl_json.zip');
    const [matches] = await Promise.all([
      readArchive<RawMatch>(archive),
      (async () => {
        // The whole IPL archive, imported once per run (tests/helpers/templates.ts).
        db = await archiveDatabase(archive);
      })(),
    ]);
    const all = matches.map((match) => ({ match, innings: played(match) }));
    const services = createServices(db);
    // A Cricsheet match keeps its file's number as its id.
    const keys = new Map((await db.kysely.selectFrom('matches').select(['id', 'match_key']).execute()).map((row) => [row.id, row.match_key]));
    for (const match of matches.filter((m) => SEASONS.has(String(m.info.season)))) {
      const key = keys.get(match.id);
      expect(key, String(match.id)).toBeDefined();
      const facts = await loadReportFacts(db.kysely, services.matchCentre, services.records, key!);
      if (!facts) continue; // abandoned without a ball: no report
      expect(facts.records, key).not.toBeNull();
      reports.push({ match, report: writeMatchReport(facts), expected: expectedRecords(match, all) });
    }
  });
  afterAll(async () => {
    await db?.close();
  });

  it('claims exactly the records the raw data shows, each printed in both languages', () => {
    expect(reports.length).toBeGreaterThan(100);
    for (const { match, report, expected } of reports) {
      const claims = report.claims.filter((claim): claim is RecordClaim => claim.kind === 'record');
      // A report tells at most four; those it tells are among the ones found.
      if (expected.length <= 4) expect(claims.map(signature).sort(), String(match.id)).toEqual(expected);
      else expect(expected, String(match.id)).toEqual(expect.arrayContaining(claims.map(signature)));
      for (const claim of claims) {
        const inn = figuresOf(match.innings[claim.inningsNo - 1]!);
        if (claim.record === 'competitionScore') expect(inn.batters.get(claim.player), JSON.stringify(claim)).toBe(claim.runs);
        if (claim.record === 'competitionStand') expect(inn.stands.some((stand) => stand.forWicket === claim.forWicket && stand.runs === claim.runs)).toBe(true);
        for (const lang of ['en', 'hi'] as const) {
          const words = report.texts[lang].paragraphs.join('\n');
          for (const n of printed(claim)) expect(words, `${lang} ${signature(claim)} ${n}`).toMatch(new RegExp(`(^|\\D)${n}(\\D|$)`));
        }
      }
    }
  });

  it('finds the known records and says nothing where there is none', () => {
    const all = reports.flatMap(({ match, report }) => report.claims.filter((claim): claim is RecordClaim => claim.kind === 'record').map((claim) => ({ id: match.id, claim, report })));
    // 23 April 2013: Royal Challengers Bangalore 263/5 against Pune Warriors, CH Gayle 175 not out.
    const gayle = all.find(({ claim }) => claim.record === 'competitionScore' && claim.player === 'CH Gayle');
    expect(gayle?.claim).toMatchObject({ runs: 175, notOut: true });
    expect(all).toContainEqual(expect.objectContaining({ id: gayle!.id, claim: expect.objectContaining({ record: 'competitionTotal', runs: 263 }) }));
    expect(gayle!.report.texts.en.paragraphs.join(' ')).toContain("CH Gayle's 175 not out is the highest individual score in the");
    expect(gayle!.report.texts.hi.paragraphs.join(' ')).toContain('CH Gayle के नाबाद 175 रन किसी बल्लेबाज़ की सबसे बड़ी पारी है');
    // 23 April 2017: Royal Challengers Bangalore all out for 49 against Kolkata Knight Riders.
    expect(all).toContainEqual(expect.objectContaining({ claim: expect.objectContaining({ record: 'teamLowestAllOut', runs: 49 }) }));
    // Most matches set no record: their reports claim none and use no record words.
    const plain = reports.filter(({ expected }) => expected.length === 0);
    expect(plain.length).toBeGreaterThan(reports.length / 3);
    for (const { report } of plain) {
      expect(report.claims.some((claim) => claim.kind === 'record')).toBe(false);
      expect(report.texts.en.paragraphs.join(' ')).not.toContain("in the site's data");
      expect(report.texts.hi.paragraphs.join(' ')).not.toContain('इस साइट के आँकड़ों में');
    }
  });
});
