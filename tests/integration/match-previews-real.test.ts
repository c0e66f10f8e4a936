// Match previews (issue 29 §2) on real matches: the men's Tests of India and England from July
// 2024 in the shared archive of recent matches, then a fixture India v England at Lord's starting
// in twelve hours. The sweep queues its preview (and not a fixture's three days away), the job
// writes it in both languages, attached to the fixture and in the news of both teams and the
// series; and every claim (each side's form, head to head, Lord's record, the players in form, the
// milestones within reach) is checked against figures computed here from the Cricsheet files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { localName } from '../../src/i18n/names.ts';
import { milestonesInReach, type CareerTotal, type PreviewClaim } from '../../src/server/domain/match-preview.ts';
import { PREVIEW_SWEEP_JOB, PREVIEW_SWEEP_MS, registerMatchPreviewJob, scheduleMatchPreviews, sweepPreviews } from '../../src/server/jobs/match-previews.ts';
import { JobQueue } from '../../src/server/store/job-queue.ts';
import { loadPreviewFacts, previewsDue, writePreviewFor } from '../../src/server/services/match-previews.ts';
import { writeMatchPreview } from '../../src/server/domain/match-preview.ts';
import { LiveMatchWriter } from '../../src/server/store/live-match-writer.ts';
import { hindiStyleProblems } from '../helpers/hindi-style.ts';
import { importRealSubset, type RealSubset } from '../helpers/real-subset.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const archive = requiredArchive('recent_2024_2026_json.zip', 'match previews');

interface Delivery {
  batter: string;
  bowler: string;
  non_striker: string;
  runs: { batter: number; total: number };
  wickets?: { player_out: string; kind: string }[];
}
interface RawMatch {
  info: {
    dates: string[];
    gender: string;
    match_type: string;
    teams: [string, string];
    venue: string;
    players: Record<string, string[]>;
    outcome: { winner?: string; result?: string };
  };
  innings: { team: string; super_over?: boolean; forfeited?: boolean; overs?: { deliveries: Delivery[] }[]; penalty_runs?: { pre?: number; post?: number } }[];
}

const SIDES = ['India', 'England'] as const;
const VENUE = "Lord's, London";
/** Dismissals not credited to the bowler. */
const NOT_BOWLERS = new Set(['run out', 'retired hurt', 'retired out', 'retired not out', 'obstructing the field', 'handled the ball']);

const isPick = (text: string) => {
  const { info } = (JSON.parse(text) as RawMatch);
  return info.match_type === 'Test' && info.gender === 'male' && info.dates[0]! >= '2024-07-01' && info.teams.some((team) => team === 'India' || team === 'England');
};

/** The regular innings of a raw match (no super over, none forfeited). */
const regular = (match: RawMatch) => match.innings.filter((inn) => !inn.super_over && !inn.forfeited);
const inningsRuns = (inn: RawMatch['innings'][number]) =>
  (inn.overs ?? []).flatMap((over) => over.deliveries).reduce((sum, ball) => sum + ball.runs.total, 0) + (inn.penalty_runs?.pre ?? 0) + (inn.penalty_runs?.post ?? 0);
const letterOf = (match: RawMatch, team: string) =>
  match.info.outcome.winner ? (match.info.outcome.winner === team ? 'W' : 'L') : match.info.outcome.result === 'tie' ? 'T' : match.info.outcome.result === 'draw' ? 'D' : 'NR';

describe.skipIf(!archive)('match previews on real Tests', () => {
  let subset: RealSubset<RawMatch>;
  let matchKey: string;
  let laterKey: string;
  const now = new Date();
  let claims: PreviewClaim[] = [];
  let played: (RawMatch & { id: number })[] = [];

  beforeAll(async () => {
    subset = await importRealSubset<RawMatch>(archive!, isPick);
    // A ball bowled: a wash-out counts in no form.
    played = subset.matches.filter((match) => regular(match).length > 0).sort((x, y) => y.info.dates[0]!.localeCompare(x.info.dates[0]!) || y.id - x.id);
    const writer = new LiveMatchWriter(subset.db, () => undefined);
    const fixture = (startAt: Date) =>
      writer.createFixture({
        tournament: { name: 'India tour of England 2026' },
        teams: [{ name: 'India' }, { name: 'England' }],
        venue: { name: VENUE, city: 'London' },
        startAt,
        format: 'test',
        matchType: 'Test',
        oversLimit: null,
        ballsPerOver: 6,
        gender: 'male',
        source: 'scorer',
      });
    matchKey = (await fixture(new Date(now.getTime() + 12 * 3_600_000))).matchKey;
    laterKey = (await fixture(new Date(now.getTime() + 3 * 24 * 3_600_000))).matchKey;
  }, 300_000);

  afterAll(async () => {
    await subset?.close();
  });

  it('the sweep queues the preview of the fixture due within a day, and its job writes it once', async () => {
    expect(subset.matches.length).toBeGreaterThan(30);
    expect(await previewsDue(subset.db.kysely, now)).toEqual([matchKey]);
    const jobs = new JobQueue(subset.db);
    registerMatchPreviewJob(jobs, subset.db, subset.services);
    try {
      expect(await sweepPreviews(subset.db, jobs, now)).toBe(1);
      expect(await sweepPreviews(subset.db, jobs, now)).toBe(1); // still due until written: the job is not queued twice
      expect(await jobs.claimDue()).toBe(1);
      await jobs.idle();
      expect(await jobs.claimDue()).toBe(0);
    } finally {
      await jobs.stop();
    }
    expect(await previewsDue(subset.db.kysely, now)).toEqual([]);
    // Three days ahead: due two days from now.
    expect(await previewsDue(subset.db.kysely, new Date(now.getTime() + 2 * 24 * 3_600_000 + 60_000))).toEqual([laterKey]);
    const found = await subset.services.news.previewOf(matchKey);
    expect(found).toMatchObject({ published: true });

    // The published words are the preview of these facts: its claims are what the text says.
    const facts = await loadPreviewFacts(subset.db.kysely, matchKey);
    const preview = writeMatchPreview(facts!);
    claims = preview.claims;
    for (const lang of ['en', 'hi'] as const) {
      const article = await subset.services.news.bySlug(found!.slug, lang);
      expect(article).toMatchObject({ kind: 'automated', lang, preview_match_key: matchKey, report_match_key: null });
      expect(article!.text).toEqual(preview.texts[lang]);
    }
  });

  it("each side's form: its last five Tests with a ball bowled, newest first", () => {
    for (const team of SIDES) {
      const expected = played.filter((match) => match.info.teams.includes(team)).slice(0, 5);
      const claim = claims.find((c): c is Extract<PreviewClaim, { kind: 'form' }> => c.kind === 'form' && c.team === team.toLowerCase());
      expect(claim, team).toBeDefined();
      expect(claim!.matchKeys).toEqual(expected.map((match) => String(match.id)));
      const letters = expected.map((match) => letterOf(match, team));
      expect(claim!.results).toEqual(letters);
      expect(claim!.won).toBe(letters.filter((l) => l === 'W').length);
      expect(claim!.lost).toBe(letters.filter((l) => l === 'L').length);
    }
  });

  it('head to head: every India v England Test in the data', () => {
    const meetings = played.filter((match) => SIDES.every((team) => match.info.teams.includes(team)));
    expect(meetings.length).toBe(5);
    const claim = claims.find((c) => c.kind === 'headToHead');
    expect(claim).toEqual({
      kind: 'headToHead',
      played: meetings.length,
      won: { a: meetings.filter((m) => m.info.outcome.winner === 'India').length, b: meetings.filter((m) => m.info.outcome.winner === 'England').length },
      drawn: meetings.filter((m) => m.info.outcome.result === 'draw').length,
      tied: 0,
      noResult: 0,
    });
  });

  it("Lord's record: the first innings' average and who won batting first or second", () => {
    const here = played.filter((match) => match.info.venue === VENUE);
    expect(here.length).toBeGreaterThanOrEqual(3);
    const firsts = here.map((match) => regular(match)[0]!);
    const claim = claims.find((c) => c.kind === 'venue');
    const battingFirst = here.filter((match) => match.info.outcome.winner === regular(match)[0]!.team).length;
    const winners = here.filter((match) => match.info.outcome.winner).length;
    expect(claim).toEqual({
      kind: 'venue',
      matches: here.length,
      firstInningsAverage: Math.round(firsts.reduce((sum, inn) => sum + inningsRuns(inn), 0) / here.length),
      wonBattingFirst: battingFirst,
      wonBattingSecond: winners - battingFirst,
      other: here.length - winners,
    });
  });

  it("the players in form: each side's most runs and most wickets in its form matches", () => {
    for (const team of SIDES) {
      const form = played.filter((match) => match.info.teams.includes(team)).slice(0, 5);
      const runs = new Map<string, { total: number; innings: number }>();
      const wickets = new Map<string, { total: number; innings: number }>();
      for (const match of form) {
        for (const inn of regular(match)) {
          const balls = (inn.overs ?? []).flatMap((over) => over.deliveries);
          if (inn.team === team) {
            const batters = new Set(balls.flatMap((ball) => [ball.batter, ball.non_striker]));
            for (const name of batters) {
              const entry = runs.get(name) ?? { total: 0, innings: 0 };
              entry.innings += 1;
              entry.total += balls.filter((ball) => ball.batter === name).reduce((sum, ball) => sum + ball.runs.batter, 0);
              runs.set(name, entry);
            }
          } else {
            for (const name of new Set(balls.map((ball) => ball.bowler))) {
              const entry = wickets.get(name) ?? { total: 0, innings: 0 };
              entry.innings += 1;
              entry.total += balls.filter((ball) => ball.bowler === name).flatMap((ball) => ball.wickets ?? []).filter((w) => !NOT_BOWLERS.has(w.kind)).length;
              wickets.set(name, entry);
            }
          }
        }
      }
      const leader = (table: Map<string, { total: number; innings: number }>) =>
        [...table].sort(([xn, x], [yn, y]) => y.total - x.total || x.innings - y.innings || xn.localeCompare(yn))[0]!;
      for (const [figure, table] of [['runs', runs], ['wickets', wickets]] as const) {
        const [name, best] = leader(table);
        expect(claims.find((c) => c.kind === 'inForm' && c.figure === figure && c.team === team.toLowerCase()), `${team} ${figure}`).toEqual({
          kind: 'inForm',
          figure,
          team: team.toLowerCase(),
          player: name,
          total: best.total,
          innings: best.innings,
          matches: 5,
        });
      }
    }
  });

  it('the milestones within reach: career Test runs and wickets in the data of the form matches’ players', () => {
    // Who played for each side in its form matches, with their careers over every Test imported.
    const careers: CareerTotal[] = [];
    for (const team of SIDES) {
      const form = played.filter((match) => match.info.teams.includes(team)).slice(0, 5);
      const names = new Set(form.flatMap((match) => match.info.players[team]!));
      for (const name of names) {
        let runs = 0;
        let taken = 0;
        for (const match of subset.matches) {
          // A name is one player within a side; these Tests hold no two players of one name.
          for (const inn of match.innings.filter((i) => !i.super_over)) {
            for (const ball of (inn.overs ?? []).flatMap((over) => over.deliveries)) {
              if (ball.batter === name && inn.team === team) runs += ball.runs.batter;
              if (ball.bowler === name && inn.team !== team && match.info.teams.includes(team)) taken += (ball.wickets ?? []).filter((w) => !NOT_BOWLERS.has(w.kind)).length;
            }
          }
        }
        careers.push({ team: team.toLowerCase(), player: { key: name, name }, runs, wickets: taken });
      }
    }
    const expected = milestonesInReach(careers, 'test').map((m) => ({ kind: 'milestone', team: m.team, player: m.player.name, figure: m.kind, total: m.total, target: m.target, needed: m.needed }));
    expect(expected.length).toBeGreaterThan(0);
    expect(claims.filter((c) => c.kind === 'milestone')).toEqual(expected);
  });

  it('says every claim in both languages, the Hindi with Hindi names and in the house style', async () => {
    const found = await subset.services.news.previewOf(matchKey);
    const en = (await subset.services.news.bySlug(found!.slug, 'en'))!.text;
    const hi = (await subset.services.news.bySlug(found!.slug, 'hi'))!.text;
    expect(en.heading).toBe('Preview: India v England, Test');
    expect(hi.heading).toBe('मैच से पहले: भारत बनाम इंग्लैंड, टेस्ट');
    const enText = en.paragraphs.join(' ');
    const hiText = hi.paragraphs.join(' ');
    for (const claim of claims) {
      if (claim.kind === 'milestone') {
        expect(enText).toContain(`${claim.player} needs ${claim.needed} for ${claim.target.toLocaleString('en-GB')} Test ${claim.figure}.`);
        expect(hiText).toContain(`को ${claim.target} टेस्ट ${claim.figure === 'runs' ? 'रन' : 'विकेट'} पूरे करने के लिए ${claim.needed}`);
      }
      if (claim.kind === 'venue') {
        expect(enText).toContain(`the first innings has averaged ${claim.firstInningsAverage} in the ${claim.matches} Test matches played there`);
        expect(hiText).toContain(`पहली पारी का औसत स्कोर ${claim.firstInningsAverage} रहा`);
      }
      if (claim.kind === 'form') expect(enText).toContain(`won ${claim.won} and lost ${claim.lost}`);
      if (claim.kind === 'inForm') expect(enText).toContain(`${claim.total} in ${claim.innings} innings`);
    }
    // Every player named in English is named in Hindi by the Hindi name the site gives them (a
    // name with no known Hindi form stays in Latin, decision 056), and both sides and the ground too.
    const named = [...new Set(claims.flatMap((claim) => ('player' in claim ? [claim.player] : [])))];
    const { rows } = await sql<{ name: string; registry_id: string }>`select name, registry_id from people where name = any(${named}::text[])`.execute(subset.db.kysely);
    expect(rows.map((row) => row.name).sort()).toEqual([...named].sort());
    for (const row of rows) {
      expect(enText).toContain(row.name);
      expect(hiText).toContain(localName('player', row.name, 'hi', row.registry_id));
    }
    expect(rows.some((row) => localName('player', row.name, 'hi', row.registry_id) !== row.name)).toBe(true);
    expect(hi.content).toContain(`${localName('team', 'India', 'hi')} और ${localName('team', 'England', 'hi')}`);
    expect(hi.content).toContain(localName('venue', VENUE, 'hi'));
    for (const part of [hi.heading, hi.sub_heading, hi.content, ...hi.paragraphs]) expect(hindiStyleProblems(part), part).toEqual([]);
  });

  it("is in the news of both teams, the series and the fixture, and is not written again once there", async () => {
    const slug = (await subset.services.news.previewOf(matchKey))!.slug;
    const { rows } = await sql<{ tou_key: string }>`select t.tou_key from matches m join tournaments t on t.id = m.tournament_id where m.match_key = ${matchKey}`.execute(subset.db.kysely);
    for (const filters of [{ team: 'india' }, { team: 'england' }, { tournament: rows[0]!.tou_key }, { match: matchKey }]) {
      const list = await subset.services.news.list({ ...filters, lang: 'hi', limit: 10, offset: 0 });
      expect(list.map((article) => article.slug), JSON.stringify(filters)).toContain(slug);
    }
    expect(await writePreviewFor(subset.db.kysely, subset.services, matchKey)).toBe('updated');
  });

  it('the scheduled sweep runs now, then every ten minutes, and writes the later fixture’s preview once it is due', async () => {
    // Two days and a minute from now: the fixture three days ahead is within a day of its start.
    const later = now.getTime() + 2 * 24 * 3_600_000 + 60_000;
    const jobs = new JobQueue(subset.db);
    registerMatchPreviewJob(jobs, subset.db, subset.services);
    try {
      await scheduleMatchPreviews(jobs, subset.db, { now: () => later });
      expect(await jobs.claimDue()).toBe(1); // the first sweep, due at once
      await jobs.idle();
      expect(await jobs.claimDue()).toBe(1); // the preview it queued
      await jobs.idle();
    } finally {
      await jobs.stop();
    }
    expect(await subset.services.news.previewOf(laterKey)).toMatchObject({ published: true });
    const { rows } = await sql<{ run_at: Date }>`select run_at from jobs where kind = ${PREVIEW_SWEEP_JOB} and status = 'queued'`.execute(subset.db.kysely);
    expect(rows.map((row) => new Date(row.run_at).getTime())).toEqual([(Math.floor(later / PREVIEW_SWEEP_MS) + 1) * PREVIEW_SWEEP_MS]);
  });
});
