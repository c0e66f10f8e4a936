// Decision 086: the live engine's commentary fold goes on from the fold of the ball before
// (resumeInningsCommentary) instead of folding the innings whole for every ball. It must never
// say anything the whole fold would not: compared here at every ball of real innings, in both
// languages, through an undo, a correction, a ball another writer added, other names and the
// innings' end.
import { describe, expect, it } from 'vitest';
import {
  commentary,
  resumeInningsCommentary,
  type CommentaryInput,
  type InningsCommentaryMemo,
} from '../../../src/server/domain/commentary.ts';
import { oversToBalls } from '../../../src/server/domain/overs.ts';
import type { Lang } from '../../../src/server/domain/result.ts';
import type { Delivery } from '../../../src/server/domain/types.ts';
import { readMatch, realInnings } from './cricket-data.ts';

/** One innings of a real match as the live engine hands it to the fold: its deliveries so far, a chase's target, still in play. */
function inningsInput(id: string, index: number, limitedOvers: boolean) {
  const source = readMatch(id);
  const { overs, balls_per_over: ballsPerOver } = source.info;
  const inn = source.innings[index]!;
  const all = realInnings(source, index);
  return (deliveries: readonly Delivery[], fields: { inProgress?: boolean; names?: (player: string) => string } = {}): CommentaryInput => ({
    matchSeed: Number(id.split('/').at(-1)),
    limitedOvers,
    names: fields.names ?? ((player) => player),
    // As the match centre gives them: the names of everyone the deliveries so far name, so a new batter adds one.
    matchNames: [
      ...new Set(
        deliveries.flatMap((delivery) => [
          delivery.batter,
          delivery.nonStriker,
          delivery.bowler,
          ...delivery.wickets.flatMap((wicket) => [wicket.playerOut, ...wicket.fielders.flatMap((fielder) => (fielder.id === null ? [] : [fielder.id]))]),
        ]),
      ),
    ].map(fields.names ?? ((player) => player)),
    bowlerOvers: limitedOvers && overs !== undefined ? Math.ceil(overs / 5) : null,
    innings: [
      {
        ...all,
        deliveries: [...deliveries],
        inningsNo: index + 1,
        battingTeamName: inn.team,
        inProgress: fields.inProgress ?? true,
        target: inn.target?.runs === undefined ? null : { runs: inn.target.runs, balls: limitedOvers ? oversToBalls(inn.target.overs ?? overs ?? 0, ballsPerOver) : null },
      },
    ],
  });
}

/** Folds `input` going on from `memo`, checks the entries are the whole fold's, and says whether it went on. */
function step(input: CommentaryInput, lang: Lang, memo: InningsCommentaryMemo | null) {
  const folded = resumeInningsCommentary(input, lang, memo);
  expect(folded.balls).toEqual(commentary(input, lang));
  return folded;
}

describe('resumeInningsCommentary: the same entries as the whole fold', () => {
  it.each<[string, string, number, boolean, number]>([
    ['a T20 chase (IPL 2026 final), in English', 'e2e/1529312', 1, true, Infinity],
    ['a T20 first innings (IPL 2026 final)', 'e2e/1529312', 0, true, Infinity],
    ['a Test innings (the Ashes), its first 200 balls', 'e2e/1455615', 0, false, 200],
  ])('%s: at every ball, in English and Hindi', (_name, id, index, limitedOvers, most) => {
    const make = inningsInput(id, index, limitedOvers);
    const deliveries = realInnings(readMatch(id), index).deliveries.slice(0, most);
    for (const lang of ['en', 'hi'] as const) {
      let memo: InningsCommentaryMemo | null = null;
      let resumed = 0;
      for (let count = 1; count <= deliveries.length; count += 1) {
        const folded = step(make(deliveries.slice(0, count)), lang, memo);
        if (folded.resumed) resumed += 1;
        memo = folded.memo;
      }
      // Every ball after the first went on from the one before (a new name in the match changes
      // nothing in English: the notation reads the match's names in Hindi alone).
      if (lang === 'en') expect(resumed).toBe(deliveries.length - 1);
      else expect(resumed).toBeGreaterThan(deliveries.length / 2);
      // The innings over: the last over gets its summary; the status changed, so the fold is whole.
      const over = step(make(deliveries, { inProgress: false }), lang, memo);
      expect(over.resumed).toBe(false);
    }
  });

  it('an undo, a correction and another writer in the middle of an innings: whole folds, then it goes on again', () => {
    const make = inningsInput('e2e/1529312', 1, true);
    const deliveries = realInnings(readMatch('e2e/1529312'), 1).deliveries;
    let memo: InningsCommentaryMemo | null = null;
    for (let count = 1; count <= 40; count += 1) memo = step(make(deliveries.slice(0, count)), 'en', memo).memo;

    // The same deliveries again (apps' snapshot, catch-up): goes on from the memo.
    expect(step(make(deliveries.slice(0, 40)), 'en', memo).resumed).toBe(true);

    // Undo: the 40th ball taken back.
    const undone = step(make(deliveries.slice(0, 39)), 'en', memo);
    expect(undone.resumed).toBe(false);
    // The ball bowled again, differently (a four instead), goes on from the undo's fold.
    const four: Delivery = { ...deliveries[39]!, runsBatter: 4, runsTotal: 4 + deliveries[39]!.runsExtras, wickets: [] };
    const again = step(make([...deliveries.slice(0, 39), four]), 'en', undone.memo);
    expect(again.resumed).toBe(true);

    // A correction of an older ball (the 12th): the memo's deliveries differ, so the whole innings is folded.
    const corrected = [...deliveries.slice(0, 39), four];
    corrected[11] = { ...corrected[11]!, runsBatter: 6, runsTotal: 6 + corrected[11]!.runsExtras, wickets: [] };
    const afterCorrection = step(make([...corrected, deliveries[40]!]), 'en', again.memo);
    expect(afterCorrection.resumed).toBe(false);
    expect(afterCorrection.balls[11]!.isSix).toBe(true);

    // Another writer (a second server) added two balls: not one more than the memo, so whole.
    const twoMore = step(make([...corrected, ...deliveries.slice(40, 43)]), 'en', afterCorrection.memo);
    expect(twoMore.resumed).toBe(false);
    expect(step(make([...corrected, ...deliveries.slice(40, 44)]), 'en', twoMore.memo).resumed).toBe(true);
  });

  it('a stale memo is not used: the same count of balls, one of them written differently by another process', () => {
    const make = inningsInput('e2e/1529312', 0, true);
    const deliveries = realInnings(readMatch('e2e/1529312'), 0).deliveries.slice(0, 30);
    let memo: InningsCommentaryMemo | null = null;
    for (let count = 1; count <= 29; count += 1) memo = step(make(deliveries.slice(0, count)), 'en', memo).memo;
    // Another process took back the 29th ball and wrote another in its place, then this one writes the 30th.
    const other: Delivery = { ...deliveries[28]!, runsBatter: 6, runsTotal: 6 + deliveries[28]!.runsExtras, wickets: [], nonBoundary: false };
    const written = [...deliveries.slice(0, 28), other, deliveries[29]!];
    expect(sameBall(other, deliveries[28]!)).toBe(false);
    const folded = step(make(written), 'en', memo);
    expect(folded.resumed).toBe(false);
  });

  it('in Hindi, a new player sharing a surname changes how earlier dismissals name people: folded whole, as the whole fold says', () => {
    const make = inningsInput('e2e/1529312', 1, true);
    const deliveries = realInnings(readMatch('e2e/1529312'), 1).deliveries;
    // Everyone a Devanagari name with one surname: the notation names each by the first word once a second player is known.
    const hindi = (player: string) => `${[...player.replace(/\W/g, '')].map((char) => String.fromCharCode(0x0915 + (char.charCodeAt(0) % 30))).join('')} शर्मा`;
    let memo: InningsCommentaryMemo | null = null;
    let whole = 0;
    for (let count = 1; count <= deliveries.length; count += 1) {
      const folded = step(make(deliveries.slice(0, count), { names: hindi }), 'hi', memo);
      if (!folded.resumed) whole += 1;
      memo = folded.memo;
    }
    expect(whole).toBeGreaterThan(3);
  });

  it('a name that changed, another language or another match: folded whole', () => {
    const make = inningsInput('e2e/1529312', 0, true);
    const deliveries = realInnings(readMatch('e2e/1529312'), 0).deliveries.slice(0, 20);
    const { memo } = step(make(deliveries.slice(0, 19)), 'en', null);
    const renamed = (player: string) => (player === deliveries[0]!.batter ? `${player} Jr` : player);
    expect(step(make(deliveries, { names: renamed }), 'en', memo).resumed).toBe(false);
    expect(step(make(deliveries), 'hi', memo).resumed).toBe(false);
    expect(step({ ...make(deliveries), matchSeed: 1 }, 'en', memo).resumed).toBe(false);
    expect(step(make(deliveries), 'en', memo).resumed).toBe(true);
  });

  it('does not change the memo it goes on from', () => {
    const make = inningsInput('e2e/1529312', 0, true);
    const deliveries = realInnings(readMatch('e2e/1529312'), 0).deliveries.slice(0, 13);
    const { memo } = step(make(deliveries.slice(0, 12)), 'en', null);
    const before = structuredClone({ ...memo, point: { ...memo.point, split: null } });
    step(make(deliveries), 'en', memo);
    step(make([...deliveries.slice(0, 12), { ...deliveries[12]!, runsBatter: 6, runsTotal: 6, wickets: [] }]), 'en', memo);
    expect({ ...memo, point: { ...memo.point, split: null } }).toEqual(before);
    // The memo's last ball folded again from it, twice: the same.
    expect(resumeInningsCommentary(make(deliveries.slice(0, 12)), 'en', memo).balls).toEqual(commentary(make(deliveries.slice(0, 12)), 'en'));
  });
});

function sameBall(a: Delivery, b: Delivery): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
