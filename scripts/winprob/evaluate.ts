// Scoring a trained model on matches it did not learn from (decision 039): every ball through the
// model the server evaluates, into the groups the evaluation reports, beside the two baselines.
import { stateProbability, WICKETS, type BallState, type WinProbModel } from '../../src/server/domain/winprob.ts';
import type { WinProbEvaluation } from '../../src/server/domain/winprob-model.ts';
import type { MatchContext } from '../../src/server/domain/winprob-ratings.ts';
import { stateCount, unpack, type TrainingMatch } from './archive.ts';
import { Scores, ThreeWayScores } from './fit.ts';
import type { MatchForecasts } from './skill.ts';

export type GroupSummary = WinProbEvaluation['groups'][number];

/** The simple rule the issue names: the chase's current rate against the required one; 0.5 before it. */
function ruleBatting(state: BallState): number {
  if (state.target === null) return 0.5;
  const need = state.target - state.runs;
  const limit = state.limitBalls ?? 0;
  if (need <= 0) return 1;
  if (state.wickets >= WICKETS || state.legalBalls >= limit) return need === 1 ? 0.5 : 0;
  const current = state.legalBalls > 0 ? (state.runs * 6) / state.legalBalls : ((state.target - 1) * 6) / limit;
  const required = (need * 6) / (limit - state.legalBalls);
  return 1 / (1 + Math.exp(required - current));
}

interface Group {
  name: string;
  test: (match: TrainingMatch) => boolean;
  model: Scores;
  coin: Scores;
  rule: Scores;
  threeWay: ThreeWayScores;
  threeWayUniform: ThreeWayScores;
  preMatch: Scores;
  matches: number;
}

const group = (name: string, test: (match: TrainingMatch) => boolean): Group => ({
  name, test, model: new Scores(), coin: new Scores(), rule: new Scores(), threeWay: new ThreeWayScores(),
  threeWayUniform: new ThreeWayScores(), preMatch: new Scores(), matches: 0,
});

/** The evaluation's groups; the first is the one the targets are set on. */
export const newGroups = (): Group[] => [
  group("Men's T20I and ODI", (m) => m.gender === 'male' && (m.formatType === 't20i' || m.formatType === 'odi')),
  group("Men's T20I", (m) => m.gender === 'male' && m.formatType === 't20i'),
  group("Men's ODI", (m) => m.gender === 'male' && m.formatType === 'odi'),
  group('IPL', (m) => m.event === 'Indian Premier League'),
  group("Women's T20I and ODI", (m) => m.gender === 'female' && (m.formatType === 't20i' || m.formatType === 'odi')),
  group('Every T20 (leagues included)', (m) => m.format === 't20'),
  group('Tests (men and women)', (m) => m.format === 'test'),
];

/** Calls visit for every ball of `scored` (not the states before an innings) with the model's answer. */
export function forEachBall(
  model: WinProbModel,
  scored: readonly TrainingMatch[],
  contextOf: (match: TrainingMatch) => MatchContext,
  visit: (match: TrainingMatch, state: BallState, probability: { bat: number; draw: number }) => void,
): void {
  for (const match of scored) {
    const { gap, par } = contextOf(match);
    for (let index = 0; index < stateCount(match); index += 1) {
      if (match.isBall[index] !== 1) continue;
      const state = unpack(match, index, gap, par);
      visit(match, state, stateProbability(model, match, state));
    }
  }
}

/** P(a wins) from the batting side's chances. */
export const aWinOf = (state: BallState, probability: { bat: number; draw: number }) =>
  state.battingTeam === 'a' ? probability.bat : 1 - probability.bat - probability.draw;

/** Every ball of `scored` through the model, into the groups each match belongs to. */
export function score(model: WinProbModel, scored: readonly TrainingMatch[], contextOf: (match: TrainingMatch) => MatchContext): Group[] {
  const groups = newGroups();
  const groupsOf = new Map(scored.map((match) => [match.id, groups.filter((g) => g.test(match))]));
  const grouped = scored.filter((match) => groupsOf.get(match.id)!.length > 0);
  for (const match of grouped) {
    const { gap, par } = contextOf(match);
    const first = stateProbability(model, match, unpack(match, 0, gap, par));
    const firstA = match.battingFirst === 'a' ? first.bat : 1 - first.bat - first.draw;
    for (const g of groupsOf.get(match.id)!) {
      g.matches += 1;
      g.preMatch.add(firstA, match.outcome === 'draw' ? 0 : match.outcome, match.id);
    }
  }
  forEachBall(model, grouped, contextOf, (match, state, probability) => {
    const aOutcome = match.outcome === 'draw' ? 0 : match.outcome;
    const aWin = aWinOf(state, probability);
    const rule = ruleBatting(state);
    const ruleA = state.battingTeam === 'a' ? rule : 1 - rule;
    for (const g of groupsOf.get(match.id)!) {
      g.model.add(aWin, aOutcome, match.id);
      g.coin.add(0.5, aOutcome, match.id);
      g.rule.add(match.format === 'test' ? 0.5 : ruleA, aOutcome, match.id);
      if (match.outcome !== 0.5) {
        g.threeWay.add(aWin, probability.draw, match.outcome);
        g.threeWayUniform.add(1 / 3, 1 / 3, match.outcome);
      }
    }
  });
  return groups;
}

export const summarise = (g: Group): GroupSummary => ({
  name: g.name,
  matches: g.matches,
  model: g.model.summary(),
  coinFlip: g.coin.summary(),
  rule: g.rule.summary(),
  preMatch: g.preMatch.summary(),
  threeWay: g.name.startsWith('Tests') ? { model: g.threeWay.value(), uniform: g.threeWayUniform.value() } : null,
});

/**
 * The pooled held-out matches the model is judged on (issue 26): men's and women's T20Is and ODIs
 * and the IPL.
 */
export const POOLED_NAME = "Men's and women's T20I and ODI, and the IPL";
export const inPooled = (match: TrainingMatch) =>
  ((match.gender === 'male' || match.gender === 'female') && (match.formatType === 't20i' || match.formatType === 'odi')) ||
  match.event === 'Indian Premier League';

/**
 * Every ball of the pooled matches of `scored`, P(team a wins) from the model and from the
 * baseline, grouped by match (in the order scored) with the match's outcome for team a.
 */
export function pooledForecasts(
  model: WinProbModel, contextOf: (match: TrainingMatch) => MatchContext,
  baseline: WinProbModel, baselineContextOf: (match: TrainingMatch) => MatchContext,
  scored: readonly TrainingMatch[],
): MatchForecasts[] {
  const pooled = scored.filter(inPooled);
  const byMatch = new Map<number, MatchForecasts & { model: number[]; baseline: number[] }>();
  for (const match of pooled) byMatch.set(match.id, { outcome: match.outcome === 'draw' ? 0 : match.outcome, model: [], baseline: [] });
  forEachBall(model, pooled, contextOf, (match, state, probability) => byMatch.get(match.id)!.model.push(aWinOf(state, probability)));
  forEachBall(baseline, pooled, baselineContextOf, (match, state, probability) => byMatch.get(match.id)!.baseline.push(aWinOf(state, probability)));
  return [...byMatch.values()];
}
