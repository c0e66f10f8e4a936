// Issue 26, "Commentary worth reading": how varied the commentary of a whole real match reads,
// measured as distinct sentences per hundred balls, against the figure before the builder
// was made contextual (docs/benchmarks.md).
import { describe, expect, it } from 'vitest';
import { commentary, type CommentaryBall, type CommentaryInput } from '../../../src/server/domain/commentary.ts';
import { readMatch, realInnings } from './cricket-data.ts';

function realMatchInput(id: string, limitedOvers: boolean): CommentaryInput {
  const source = readMatch(id);
  return {
    matchSeed: Number(id.split('/').at(-1)),
    limitedOvers,
    names: (player) => player,
    innings: source.innings.map((inn, index) => ({ ...realInnings(source, index), inningsNo: index + 1, battingTeamName: inn.team, inProgress: false })),
  };
}

/** The sentences of a ball's description: the title before the first colon is the outcome, not prose. */
function sentences(ball: CommentaryBall): string[] {
  const description = ball.comment.slice(ball.comment.indexOf(': ') + 2);
  return description
    .split('<br>')
    .map((line) => line.replace(/<[^>]+>/g, ''))
    .flatMap((line) => line.split(/(?<=[.!?।])\s+/))
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
  'e2e/1529312': { en: { distinct: 41.8, repeatingOvers: 23 }, hi: { distinct: 51.4, repeatingOvers: 23 }, overs: 40 },
  'e2e/1455615': { en: { distinct: 9.9, repeatingOvers: 261 }, hi: { distinct: 11.4, repeatingOvers: 262 }, overs: 353 },
} as const;

/** Overs (of the innings) in which a sentence of the description appears twice. */
function oversRepeatingASentence(balls: readonly CommentaryBall[]): string[] {
  const overs = Map.groupBy(balls, (ball) => `${ball.inningsNo}:${ball.over}`);
  return [...overs].filter(([, over]) => {
    const all = over.flatMap(sentences);
    return new Set(all).size < all.length;
  }).map(([key]) => key);
}

describe('commentary variety on whole real matches', () => {
  for (const { name, id, limitedOvers } of MATCHES) {
    for (const lang of ['en', 'hi'] as const) {
      it(`${name}, ${lang}: today's figure`, () => {
        const balls = commentary(realMatchInput(id, limitedOvers), lang);
        const overs = new Set(balls.map((ball) => `${ball.inningsNo}:${ball.over}`));
        expect(overs.size).toBe(BASELINE[id].overs);
        expect(distinctPerHundredBalls(balls)).toBe(BASELINE[id][lang].distinct);
        expect(oversRepeatingASentence(balls)).toHaveLength(BASELINE[id][lang].repeatingOvers);
      });
    }
  }
});
