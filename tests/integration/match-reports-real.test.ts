// Automated match reports on real matches (Cricsheet files, imported into the real database and
// read back through the match centre as the report job does): a chase won off the last ball, a
// collapse, a drawn Test, a DLS result, a super over and a low total all out, in English and Hindi. Every claim a
// report makes is checked against figures computed here straight from the raw JSON, and the
// numbers of each claim must appear in both languages' words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { JobQueue } from '../../src/server/store/job-queue.ts';
import { listenForCompletedMatches, registerMatchReportJob } from '../../src/server/jobs/match-reports.ts';
import type { Db } from '../../src/server/db/client.ts';
import { writeMatchReport, type MatchReport, type ReportClaim, type ReportFacts } from '../../src/server/domain/match-report.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { loadReportFacts, reportsDue, writeReportFor } from '../../src/server/services/match-reports.ts';
import { createUser } from '../helpers/accounts.ts';
import { hindiStyleProblems } from '../helpers/hindi-style.ts';
import { freshDatabase } from '../helpers/test-db.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
const folders = [path.join(fixtures, 'reports'), path.join(fixtures, 'e2e')];

// ---------- figures from the raw JSON, computed independently of the importer ----------

interface RawDelivery {
  batter: string;
  bowler: string;
  non_striker: string;
  runs: { batter: number; extras: number; total: number; non_boundary?: boolean };
  extras?: { wides?: number; noballs?: number; byes?: number; legbyes?: number; penalty?: number };
  wickets?: { player_out: string; kind: string }[];
}
interface RawInnings {
  team: string;
  super_over?: boolean;
  forfeited?: boolean;
  declared?: boolean;
  target?: { runs: number; overs?: number };
  overs: { over: number; deliveries: RawDelivery[] }[];
}
interface RawMatch {
  info: {
    teams: string[];
    gender: 'male' | 'female';
    overs?: number;
    outcome: { winner?: string; by?: { runs?: number; wickets?: number; innings?: number }; result?: string; eliminator?: string; method?: string };
    player_of_match?: string[];
  };
  innings: RawInnings[];
}

const NOT_A_WICKET = new Set(['retired hurt', 'retired not out']);
const NOT_THE_BOWLERS = new Set(['run out', 'retired hurt', 'retired not out', 'retired out', 'obstructing the field']);
const raw = (id: string): RawMatch => {
  for (const folder of folders) {
    try {
      return JSON.parse(readFileSync(path.join(folder, `${id}.json`), 'utf8')) as RawMatch;
    } catch {
      // the other folder
    }
  }
  throw new Error(`no fixture ${id}`);
};
const deliveries = (inn: RawInnings) => inn.overs.flatMap((over) => over.deliveries);
const legal = (d: RawDelivery) => !d.extras?.wides && !d.extras?.noballs;
const wicketsOf = (d: RawDelivery) => (d.wickets ?? []).filter((w) => !NOT_A_WICKET.has(w.kind));

/** Team totals at the fall of each wicket. */
function fallOfWickets(inn: RawInnings): number[] {
  let runs = 0;
  const falls: number[] = [];
  for (const d of deliveries(inn)) {
    runs += d.runs.total;
    for (let i = 0; i < wicketsOf(d).length; i += 1) falls.push(runs);
  }
  return falls;
}

/**
 * The collapse a report should tell of an innings, by decision 043's rule, found here by trying
 * every span of wickets: three or more lost for at most 8 runs a wicket and at most half the
 * innings' runs a wicket, from the score after the wicket before; from each anchor the longest,
 * none overlapping. A report tells the one with most wickets (then fewest runs) of four or more.
 */
function expectedCollapse(inn: RawInnings): { from: { runs: number; wickets: number }; to: { runs: number; wickets: number } } | null {
  const falls = fallOfWickets(inn);
  const total = deliveries(inn).reduce((sum, d) => sum + d.runs.total, 0);
  const scoreAfter = (wickets: number) => ({ runs: wickets === 0 ? 0 : falls[wickets - 1]!, wickets });
  const spans: [number, number][] = [];
  for (let from = 0; from < falls.length; from += 1) {
    for (let to = from + 3; to <= falls.length; to += 1) {
      const runs = scoreAfter(to).runs - scoreAfter(from).runs;
      const rateOfInnings = total / Math.max(1, falls.length);
      if (runs / (to - from) <= Math.min(8, rateOfInnings / 2)) spans.push([from, to]);
    }
  }
  const chosen: [number, number][] = [];
  for (const [from] of spans) {
    if (chosen.length > 0 && from < chosen.at(-1)![1]) continue;
    chosen.push([from, Math.max(...spans.filter((span) => span[0] === from).map((span) => span[1]))]);
  }
  const told = chosen
    .filter(([from, to]) => to - from >= 4)
    .map(([from, to]) => ({ from: scoreAfter(from), to: scoreAfter(to) }))
    .sort((x, y) => y.to.wickets - y.from.wickets - (x.to.wickets - x.from.wickets) || x.to.runs - x.from.runs - (y.to.runs - y.from.runs));
  return told[0] ?? null;
}

/** Checks one claim against the raw match; names is the report's side → team name. */
function checkClaim(match: RawMatch, claim: ReportClaim, facts: ReportFacts): void {
  const teamOf = (side: 'a' | 'b') => facts.teams[side].name;
  // The site shows Cricsheet's 'Nigeria' of a women's match as 'Nigeria Women'.
  const shown = (name: string | undefined) => (name && match.info.gender === 'female' && !/\bwomen\b/i.test(name) ? `${name} Women` : name);
  const inn = 'inningsNo' in claim ? match.innings[claim.inningsNo - 1]! : null;
  if (inn && 'side' in claim) expect(shown(inn.team), JSON.stringify(claim)).toBe(teamOf(claim.side));
  const balls = inn ? deliveries(inn) : [];
  switch (claim.kind) {
    case 'result': {
      const outcome = match.info.outcome;
      expect(claim.winner === null ? null : teamOf(claim.winner)).toBe(shown(outcome.winner ?? outcome.eliminator) ?? null);
      if (claim.margin?.kind === 'runs') expect(claim.margin.runs).toBe(outcome.by?.runs);
      if (claim.margin?.kind === 'wickets') expect(claim.margin.wickets).toBe(outcome.by?.wickets);
      expect(claim.outcome).toBe(outcome.result ?? null);
      break;
    }
    case 'innings':
      expect(claim.runs).toBe(balls.reduce((sum, d) => sum + d.runs.total, 0));
      expect(claim.wickets).toBe(balls.reduce((sum, d) => sum + wicketsOf(d).length, 0));
      expect(claim.balls).toBe(balls.filter(legal).length);
      expect(claim.declared).toBe(inn!.declared === true);
      break;
    case 'target':
      expect(claim.runs).toBe(inn!.target?.runs);
      break;
    case 'batting': {
      const faced = balls.filter((d) => d.batter === claim.player);
      expect(claim.runs).toBe(faced.reduce((sum, d) => sum + d.runs.batter, 0));
      expect(claim.balls).toBe(faced.filter((d) => !d.extras?.wides).length);
      expect(claim.fours).toBe(faced.filter((d) => d.runs.batter === 4 && !d.runs.non_boundary).length);
      expect(claim.sixes).toBe(faced.filter((d) => d.runs.batter === 6 && !d.runs.non_boundary).length);
      const out = balls.some((d) => wicketsOf(d).some((w) => w.player_out === claim.player));
      expect(claim.notOut).toBe(!out);
      break;
    }
    case 'bowling': {
      const bowled = balls.filter((d) => d.bowler === claim.player);
      expect(claim.wickets).toBe(bowled.reduce((sum, d) => sum + (d.wickets ?? []).filter((w) => !NOT_THE_BOWLERS.has(w.kind)).length, 0));
      expect(claim.runs).toBe(bowled.reduce((sum, d) => sum + d.runs.total - (d.extras?.byes ?? 0) - (d.extras?.legbyes ?? 0) - (d.extras?.penalty ?? 0), 0));
      expect(claim.balls).toBe(bowled.filter(legal).length);
      break;
    }
    case 'partnership': {
      // Runs scored while these two batted together, after forWicket − 1 wickets.
      let fallen = 0;
      let runs = 0;
      for (const d of balls) {
        const pair = new Set([d.batter, d.non_striker]);
        if (fallen === claim.forWicket - 1 && pair.has(claim.batters[0]) && pair.has(claim.batters[1])) runs += d.runs.total;
        fallen += wicketsOf(d).length;
      }
      expect(claim.runs).toBe(runs);
      break;
    }
    case 'collapse':
      expect({ from: claim.from, to: claim.to }).toEqual(expectedCollapse(inn!));
      break;
    case 'lastBall': {
      const legalBalls = balls.filter(legal);
      expect(legalBalls.length).toBe((match.info.overs ?? 0) * 6);
      // The winning runs came on the chase's last legal ball, the last ball bowled.
      expect(balls[balls.length - 1]).toBe(legalBalls[legalBalls.length - 1]);
      const before = balls.slice(0, -1).reduce((sum, d) => sum + d.runs.total, 0);
      expect(before).toBeLessThan(inn!.target!.runs);
      expect(before + balls[balls.length - 1]!.runs.total).toBeGreaterThanOrEqual(inn!.target!.runs);
      expect(match.info.outcome.winner).toBe(inn!.team);
      break;
    }
    case 'stretch': {
      // Cricsheet numbers overs from 0.
      const runs = inn!.overs.filter((o) => o.over + 1 >= claim.fromOver && o.over + 1 <= claim.toOver).flatMap((o) => o.deliveries).reduce((sum, d) => sum + d.runs.total, 0);
      expect(claim.runs).toBe(runs);
      expect(claim.toOver - claim.fromOver).toBe(4);
      // No other five consecutive overs of the innings scored more.
      const perOver = inn!.overs.map((o) => o.deliveries.reduce((sum, d) => sum + d.runs.total, 0));
      for (let from = 0; from + 5 <= perOver.length; from += 1) expect(perOver.slice(from, from + 5).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(claim.runs);
      break;
    }
    case 'award':
      expect(claim.players).toEqual(match.info.player_of_match ?? []);
      break;
  }
}

/** The figures of a claim that its sentence must print (Hindi tells the first five overs in words). */
function printedNumbers(claim: ReportClaim, lang: 'en' | 'hi'): number[] {
  switch (claim.kind) {
    case 'innings':
      return [claim.runs];
    case 'target':
      return [claim.runs];
    case 'batting':
      return [claim.runs, claim.balls];
    case 'bowling':
      return [claim.wickets, claim.runs];
    case 'partnership':
      return [claim.runs];
    case 'stretch':
      return lang === 'hi' && claim.fromOver === 1 ? [claim.runs] : [claim.runs, claim.fromOver, claim.toOver];
    case 'collapse':
      return [claim.from.runs, claim.to.runs, claim.to.wickets - claim.from.wickets, claim.to.runs - claim.from.runs];
    default:
      return [];
  }
}

/** A last-ball chase, a collapse, a drawn Test, DLS, a super over, a low total all out (Nigeria Women 80), the IPL 2018 final. */
const REPORTED = ['980949', '598018', '1448352', '1529293', '1529281', '1528293', '1136620'];

describe('automated match reports on real matches', () => {
  let db: Db;
  let services: Services;
  const reports = new Map<string, { facts: ReportFacts; report: MatchReport }>();
  const keyOf = async (id: string) =>
    (await db.kysely.selectFrom('matches').select('match_key').where('source_sha1', 'is not', null).execute()).map((r) => r.match_key).find((key) => key.includes(id)) ?? id;

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, folders);
    expect(summary.failedSources).toEqual([]);
    services = createServices(db);
    for (const id of REPORTED) {
      const facts = await loadReportFacts(db.kysely, services.matchCentre, services.records, await keyOf(id));
      expect(facts, id).not.toBeNull();
      reports.set(id, { facts: facts!, report: writeMatchReport(facts!) });
    }
  });
  afterAll(async () => {
    await db?.close();
  });

  it.each(REPORTED)('every claim of %s is true to the raw data and printed in both languages', (id) => {
    const { facts, report } = reports.get(id)!;
    const match = raw(id);
    expect(report.claims.length).toBeGreaterThan(3);
    const words = (lang: 'en' | 'hi') => [report.texts[lang].heading, report.texts[lang].content, ...report.texts[lang].paragraphs].join('\n');
    for (const claim of report.claims) {
      checkClaim(match, claim, facts);
      for (const lang of ['en', 'hi'] as const) {
        for (const n of printedNumbers(claim, lang)) expect(words(lang), `${claim.kind} ${n}`).toMatch(new RegExp(`(^|\\D)${n}(\\D|$)`));
      }
    }
    // And the other way: every innings with a collapse to tell has it told, and no other.
    match.innings.forEach((inn, index) => {
      if (inn.super_over || inn.forfeited) return;
      const told = report.claims.filter((claim) => claim.kind === 'collapse' && claim.inningsNo === index + 1);
      const expected = expectedCollapse(inn);
      expect(told, `innings ${index + 1}`).toHaveLength(expected ? 1 : 0);
    });
    for (const lang of ['en', 'hi'] as const) {
      expect(report.texts[lang].paragraphs.length).toBeGreaterThan(0);
      expect(report.texts[lang].paragraphs.length).toBeLessThanOrEqual(6);
    }
    // Hindi words are in Devanagari, not English with numbers.
    expect(report.texts.hi.content).toMatch(/[\u0900-\u097f]/);
    expect(report.texts.hi.paragraphs.join(' ')).toMatch(/[\u0900-\u097f]/);
  });

  it('a chase won off the last ball says so', () => {
    const { report } = reports.get('980949')!;
    expect(report.claims).toContainEqual(expect.objectContaining({ kind: 'lastBall' }));
    expect(report.texts.en.heading).toBe('Gujarat Lions beat Rising Pune Supergiants by 3 wickets');
    expect(report.texts.hi.heading).toBe('गुजरात लायंस ने राइजिंग पुणे सुपरजायंट्स को 3 विकेट से हराया');
    expect(report.texts.en.paragraphs.join(' ')).toContain('off the last ball of the chase');
    expect(report.texts.hi.paragraphs.join(' ')).toContain('आख़िरी गेंद पर');
    expect(report.texts.en.paragraphs.join(' ')).toContain('Chasing 196');
    // The run-rate swing: each innings' most productive five overs.
    expect(report.claims.filter((claim) => claim.kind === 'stretch')).toHaveLength(2);
  });

  it('a collapse is found and told from the score after the wicket before: six wickets for 32 runs', () => {
    const { report } = reports.get('598018')!;
    const collapses = report.claims.filter((claim) => claim.kind === 'collapse');
    // Pune Warriors 108 all out: 76/4, then 101/5 and five more for seven runs.
    expect(collapses).toContainEqual(expect.objectContaining({ inningsNo: 2, from: { runs: 76, wickets: 4 }, to: { runs: 108, wickets: 10 } }));
    expect(report.texts.en.paragraphs.join(' ')).toContain('lost 6 wickets for 32 runs, going from 76/4 to 108 all out');
    expect(report.texts.hi.paragraphs.join(' ')).toContain('32 रन के भीतर 6 विकेट');
  });

  it('a low total all out is not told as one collapse: Nigeria Women 80 all out lost seven for 21 from 59/3', () => {
    const { report } = reports.get('1528293')!;
    expect(report.claims.filter((claim) => claim.kind === 'collapse')).toEqual([
      { kind: 'collapse', inningsNo: 1, side: expect.any(String), from: { runs: 59, wickets: 3 }, to: { runs: 80, wickets: 10 } },
    ]);
    expect(report.texts.en.paragraphs.join(' ')).toContain('lost 7 wickets for 21 runs, going from 59/3 to 80 all out');
  });

  it('a drawn Test reads as a draw, innings by innings', () => {
    const { report } = reports.get('1448352')!;
    expect(report.texts.en.heading).toBe('India and England draw');
    expect(report.texts.hi.heading).toBe('भारत और इंग्लैंड का मैच ड्रॉ');
    expect(report.texts.en.content).toContain('Match drawn');
    expect(report.texts.en.paragraphs.join(' ')).toContain('In their second innings');
    // Four innings, the hundreds of the match and the award: at most six paragraphs.
    expect(report.claims.filter((claim) => claim.kind === 'batting' && claim.runs >= 100).length).toBeGreaterThanOrEqual(3);
  });

  it('a DLS result carries the method, and a super over its scores', () => {
    expect(reports.get('1529293')!.report.texts.en.content).toContain('(DLS method)');
    expect(reports.get('1529293')!.report.texts.hi.content).toContain('DLS');
    const superOver = reports.get('1529281')!.report;
    expect(superOver.texts.en.heading).toBe('Kolkata Knight Riders beat Lucknow Super Giants after a tie');
    expect(superOver.texts.en.paragraphs.join(' ')).toContain('super over');
    expect(superOver.claims.filter((claim) => claim.kind === 'innings' && claim.inningsNo > 2)).toHaveLength(2);
  });

  it('the IPL 2018 final (1136620): the title in the headline, Watson’s hundred, Ngidi’s full spell named over Jadeja’s two overs', () => {
    const { report } = reports.get('1136620')!;
    const match = raw('1136620');
    // From the raw data: Sunrisers' innings, Ngidi 4-1-26-1 and Jadeja 2-0-24-1; Watson 117 not out.
    const sunrisers = deliveries(match.innings[0]!);
    const spell = (bowler: string) => {
      const balls = sunrisers.filter((d) => d.bowler === bowler);
      const runs = balls.reduce((sum, d) => sum + d.runs.total - (d.extras?.byes ?? 0) - (d.extras?.legbyes ?? 0), 0);
      const wickets = balls.reduce((sum, d) => sum + (d.wickets ?? []).filter((w) => !NOT_THE_BOWLERS.has(w.kind)).length, 0);
      return { balls: balls.filter(legal).length, runs, wickets };
    };
    expect(spell('L Ngidi')).toEqual({ balls: 24, runs: 26, wickets: 1 });
    expect(spell('RA Jadeja')).toEqual({ balls: 12, runs: 24, wickets: 1 });
    expect(report.claims).toContainEqual(expect.objectContaining({ kind: 'bowling', inningsNo: 1, player: 'L Ngidi', wickets: 1, runs: 26 }));
    expect(report.claims).not.toContainEqual(expect.objectContaining({ kind: 'bowling', player: 'RA Jadeja' }));
    const watson = deliveries(match.innings[1]!).filter((d) => d.batter === 'SR Watson');
    expect(watson.reduce((sum, d) => sum + d.runs.batter, 0)).toBe(117);
    expect(report.texts.en.heading).toBe('Chennai Super Kings beat Sunrisers Hyderabad by 8 wickets to win the Indian Premier League 2018');
    expect(report.texts.hi.heading).toBe('चेन्नई सुपर किंग्स ने सनराइज़र्स हैदराबाद को 8 विकेट से हराकर इंडियन प्रीमियर लीग 2018 का ख़िताब जीता');
    expect(report.texts.en.paragraphs.join(' ')).toContain('an unbeaten hundred, 117 not out');
    expect(report.texts.hi.paragraphs.join(' ')).toMatch(/नाबाद 117 रन बनाकर शतक लगाया।/);
    expect(report.texts.hi.paragraphs.join(' ')).toContain('लुंगी एनगिडी ने 4 ओवर में 26 रन देकर 1 विकेट लिया।');
  });

  it.each(REPORTED)('the Hindi text of %s follows the style guide', (id) => {
    const { report } = reports.get(id)!;
    const text = report.texts.hi;
    for (const part of [text.heading, text.sub_heading, text.content, ...text.paragraphs]) expect(hindiStyleProblems(part), part).toEqual([]);
  });

  it('saves reports as published automated news, tagged, and an editor’s edit is kept', async () => {
    const key = await keyOf('980949');
    expect(await writeReportFor(db.kysely, services, key)).toBe('created');
    const [saved] = await services.news.list({ lang: 'hi', limit: 5, offset: 0, match: key });
    expect(saved).toMatchObject({ kind: 'automated', status: 'published', lang: 'hi' });
    // Dated by its match, not by when the back-fill wrote it.
    expect(saved!.published_at?.toISOString()).toBe('2016-04-29T23:59:59.000Z');
    expect(saved!.tags).toEqual(expect.arrayContaining([{ kind: 'match', key }, { kind: 'team', key: expect.any(String) }]));
    expect(await writeReportFor(db.kysely, services, key)).toBe('updated');
    const editor = await createUser(db, '9876543210', 'ab12cd', 'editor');
    await services.news.setStatus(saved!.id, 'draft', editor);
    expect(await writeReportFor(db.kysely, services, key)).toBe('kept');
    expect(await services.news.list({ lang: 'en', limit: 5, offset: 0, match: key })).toEqual([]);
  });

  it('a match heard of on the change feed gets its report through a job, once', async () => {
    const key = await keyOf('1529293');
    const jobs = new JobQueue(db, { pollMs: 20 });
    registerMatchReportJob(jobs, db, services);
    const stop = listenForCompletedMatches(services.feed, db, jobs);
    try {
      await services.feed.publish([`match:${key}`, 'home']);
      await services.feed.publish([`match:${key}`]);
      await vi.waitFor(async () => expect(await jobs.claimDue()).toBe(1), { timeout: 8_000, interval: 200 });
      await jobs.idle();
      expect(await jobs.claimDue()).toBe(0);
      const [report] = await services.news.list({ lang: 'en', limit: 5, offset: 0, match: key });
      expect(report).toMatchObject({ kind: 'automated', text: { heading: expect.stringContaining(' beat ') } });
    } finally {
      stop();
      await jobs.stop();
    }
  });

  it('changes heard while the start-up import runs queue no report (the back-fill after it does)', async () => {
    const key = await keyOf('1529293');
    const enqueued: unknown[] = [];
    let importing = true;
    const stop = listenForCompletedMatches(services.feed, db, { enqueue: async (job) => ({ id: String(enqueued.push(job)), created: true }) }, { holdWhile: () => importing });
    try {
      await services.feed.publish([`match:${key}`]);
      // Longer than the listener's debounce: nothing was pending.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(enqueued).toEqual([]);
      importing = false;
      await services.feed.publish([`match:${key}`]);
      await vi.waitFor(() => expect(enqueued).toEqual([expect.objectContaining({ payload: { matchKey: key } })]), { timeout: 8_000, interval: 100 });
    } finally {
      stop();
    }
  });

  it('the back-fill picks the completed matches without a report, the newest first, bounded', async () => {
    const due = await reportsDue(db.kysely, null, 1_000);
    // The one already reported is not due.
    expect(due).not.toContain(await keyOf('980949'));
    expect(due.length).toBeGreaterThan(5);
    const { rows } = await sql<{ match_key: string; start_date: string }>`
      select match_key, start_date::text as start_date from matches where match_key = any(${due}::text[])`.execute(db.kysely);
    const dateOf = new Map(rows.map((row) => [row.match_key, row.start_date]));
    const dates = due.map((key) => dateOf.get(key)!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await reportsDue(db.kysely, null, 2)).toEqual(due.slice(0, 2));
  });
});
