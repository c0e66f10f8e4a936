// Issue 26, "Commentary worth reading": how varied the commentary of a whole real match reads,
// measured as distinct sentences per hundred balls, against the figure before the builder
// was made contextual (docs/benchmarks.md).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commentary, type CommentaryBall, type CommentaryInput } from '../../../src/server/domain/commentary.ts';
import { testChaseTarget } from '../../../src/server/domain/commentary-context.ts';
import { oversToBalls } from '../../../src/server/domain/overs.ts';
import { summariseInnings } from '../../../src/server/domain/scorecard.ts';
import { hindiStyleProblems } from '../../helpers/hindi-style.ts';
import { readMatch, realInnings } from './cricket-data.ts';

/** A whole real match as the match centre hands it to the builder: with each chase's target and the bowlers' limit. */
function realMatchInput(id: string, limitedOvers: boolean): CommentaryInput {
  const source = readMatch(id);
  const { overs, balls_per_over: ballsPerOver } = source.info;
  return {
    matchSeed: Number(id.split('/').at(-1)),
    limitedOvers,
    names: (player) => player,
    bowlerOvers: limitedOvers && overs !== undefined ? Math.ceil(overs / 5) : null,
    innings: source.innings.map((inn, index) => ({
      ...realInnings(source, index),
      inningsNo: index + 1,
      battingTeamName: inn.team,
      inProgress: false,
      target:
        inn.target?.runs === undefined
          ? limitedOvers
            ? null
            : testChaseTarget(source.innings.map((each, i) => ({ ...realInnings(source, i), runs: summariseInnings(realInnings(source, i)).runs })), index + 1)
          : { runs: inn.target.runs, balls: limitedOvers ? oversToBalls(inn.target.overs ?? overs ?? 0, ballsPerOver) : null },
    })),
  };
}

/** The sentences of a ball's description: the title before the first colon is the outcome, not prose. */
function sentences(ball: CommentaryBall): string[] {
  const description = ball.comment.slice(ball.comment.indexOf(': ') + 2);
  return description
    .split('<br>')
    .map((line) => line.replace(/<[^>]+>/g, ''))
    // A dot after Devanagari ends an abbreviation ('का.', 'बो.'): Hindi sentences end with '।'.
    .flatMap((line) => line.split(/(?<=[!?।]|(?<![\u0900-\u097F])\.)\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

function distinctPerHundredBalls(balls: readonly CommentaryBall[]): number {
  const distinct = new Set(balls.flatMap(sentences));
  return Math.round((distinct.size / balls.length) * 1000) / 10;
}

const MATCHES = [
  { name: 'T20: IPL 2026 final (1529312)', id: 'e2e/1529312', limitedOvers: true },
  { name: 'Test: the Ashes (1455615)', id: 'e2e/1455615', limitedOvers: false },
] as const;

/**
 * Before the builder was contextual (2026-11-28, commit 7428cce): distinct sentences per hundred
 * balls, and overs that repeated a sentence, out of all overs.
 */
const BASELINE = {
  'e2e/1529312': { en: { distinct: 41.8, repeatingOvers: 23 }, hi: { distinct: 43.0, repeatingOvers: 23 }, overs: 40 },
  'e2e/1455615': { en: { distinct: 9.9, repeatingOvers: 261 }, hi: { distinct: 9.6, repeatingOvers: 262 }, overs: 353 },
} as const;

/** Overs (of the innings) in which a sentence of the description appears twice. */
function oversRepeatingASentence(balls: readonly CommentaryBall[]): string[] {
  const overs = Map.groupBy(balls, (ball) => `${ball.inningsNo}:${ball.over}`);
  return [...overs].filter(([, over]) => {
    const all = over.flatMap(sentences);
    return new Set(all).size < all.length;
  }).map(([key, over]) => {
    const all = over.flatMap(sentences);
    return `${key} ${all.filter((sentence, i) => all.indexOf(sentence) !== i).join(' | ')}`;
  });
}

describe('commentary variety on whole real matches', () => {
  for (const { name, id, limitedOvers } of MATCHES) {
    for (const lang of ['en', 'hi'] as const) {
      it(`${name}, ${lang}: at least twice the distinct sentences of the baseline, and no sentence twice in an over`, () => {
        const balls = commentary(realMatchInput(id, limitedOvers), lang);
        const overs = new Set(balls.map((ball) => `${ball.inningsNo}:${ball.over}`));
        expect(overs.size).toBe(BASELINE[id].overs);
        expect(distinctPerHundredBalls(balls)).toBeGreaterThanOrEqual(2 * BASELINE[id][lang].distinct);
        expect(oversRepeatingASentence(balls)).toEqual([]);
      });
    }
  }
});

describe('never the same sentence twice in an over, and Hindi as the desk writes it, over every real match of the fixtures', () => {
  const files = readdirSync(new URL('../../fixtures/cricsheet/', import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''));

  it.each(files)('%s', (id) => {
    const limitedOvers = readMatch(id).info.match_type !== 'Test' && readMatch(id).info.match_type !== 'MDM';
    for (const lang of ['en', 'hi'] as const) {
      const balls = commentary(realMatchInput(id, limitedOvers), lang);
      expect(oversRepeatingASentence(balls), lang).toEqual([]);
      // The Hindi desk's rules (docs/hindi-style-guide.md) on every sentence the context adds.
      if (lang === 'hi') for (const ball of balls) expect(hindiStyleProblems(ball.comment.replace(/<[^>]+>/g, ' ')), ball.comment).toEqual([]);
    }
  });
});

describe('a ball reads the same live as after the match', () => {
  it('the commentary of the innings so far, cut at any ball, is the whole match\'s up to that ball (over notes once the over ends)', () => {
    const input = realMatchInput('e2e/1529312', true);
    for (const lang of ['en', 'hi'] as const) {
      const whole = commentary(input, lang);
      const second = input.innings[1]!;
      for (const cut of [1, 7, 40, 77, 100, second.deliveries.length - 3]) {
        const live = commentary({ ...input, innings: [{ ...second, deliveries: second.deliveries.slice(0, cut), inProgress: true }] }, lang);
        const same = whole.filter((ball) => ball.inningsNo === 2).slice(0, cut);
        expect(live.map((ball) => ball.comment)).toEqual(same.map((ball) => ball.comment));
      }
    }
  });
});
