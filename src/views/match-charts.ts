// What the Summary tab's charts draw, shaped from the match story (services MatchStory): the
// worm, the Manhattan, run rate and required rate, and the win-probability worm. Pure data in
// chart units (overs, runs, per cent); components/charts draws it with views/chart-scale.ts.
import { oversInBlocks, type OverPoint } from '../server/domain/match-story.ts';
import type { AwardFigures, MatchStory, StoryInnings } from '../server/services/match-centre-types.ts';
import type { TeamSide } from '../server/db/schema.ts';
import { t, type Lang } from '../i18n/index.ts';
import { localPlayerName } from '../i18n/names.ts';
import { formatBallPosition, formatOvers } from '../server/domain/overs.ts';

/** A line's colour: the batting side's (team a or team b), kept across every chart of the page. */
export type Tone = TeamSide;

export interface ChartMark {
  x: number;
  y: number;
  /** What the mark is, for the hover title and the table (e.g. 'Wicket 3: SA Yadav, 24/3 at 2.4'). */
  title: string;
}

export interface LineSeries {
  label: string;
  tone: Tone;
  /** A side's second innings (a Test) or a required rate is dashed, so colour is never the only cue. */
  dashed: boolean;
  points: [number, number][];
  marks: ChartMark[];
}

/** What each over-by-over chart of the Summary tab is given: the story, whether it is a Test, and its innings' names (inningsNames). */
export interface StoryChartProps {
  story: MatchStory;
  test: boolean;
  names: string[];
}

/** 'MI' in limited-overs cricket, 'ENG innings 2' in a Test (the commentary's names). */
export function inningsNames(story: Pick<MatchStory, 'innings'>, test: boolean, lang: Lang): string[] {
  const count: Record<TeamSide, number> = { a: 0, b: 0 };
  return story.innings.map((inn) => {
    const n = (count[inn.side] += 1);
    return test ? t(lang, 'matchCentre.inningsOf', { team: inn.team.code, n }) : inn.team.code;
  });
}

/** Whether an innings is its side's second (drawn dashed). */
function secondOfSide(story: Pick<MatchStory, 'innings'>, index: number): boolean {
  const side = story.innings[index]!.side;
  return story.innings.slice(0, index).some((inn) => inn.side === side);
}

function oversOf(legalBalls: number, ballsPerOver: number): number {
  return legalBalls / ballsPerOver;
}

/** The overs axis: the allotment in limited-overs cricket (a chase that won early ends short of it), else the longest innings. */
export function oversAxis(story: Pick<MatchStory, 'innings' | 'oversLimit' | 'ballsPerOver'>): number {
  const longest = Math.max(0, ...story.innings.map((inn) => Math.ceil(oversOf(inn.overs.at(-1)?.legalBalls ?? 0, story.ballsPerOver))));
  return Math.max(story.oversLimit ?? 0, longest, 1);
}

function wicketMarks(inn: StoryInnings, ballsPerOver: number, lang: Lang): ChartMark[] {
  return inn.falls.map((fall) => ({
    x: oversOf(fall.legalBalls, ballsPerOver),
    y: fall.teamRuns,
    title: t(lang, 'story.wicketMark', {
      n: fall.wicketNumber,
      name: localPlayerName(fall.player, lang),
      score: `${fall.teamRuns}/${fall.wicketNumber}`,
      ball: formatBallPosition(fall.ball),
    }),
  }));
}

/** The worm: team runs against overs for every innings, its wickets marked where they fell. */
export function wormSeries(story: MatchStory, test: boolean, lang: Lang): LineSeries[] {
  const names = inningsNames(story, test, lang);
  return story.innings.map((inn, index) => {
    const first = inn.overs[0];
    const start: [number, number] = [0, first ? first.total - first.runs : 0];
    return {
      label: names[index]!,
      tone: inn.side,
      dashed: secondOfSide(story, index),
      points: [start, ...inn.overs.map((over): [number, number] => [oversOf(over.legalBalls, story.ballsPerOver), over.total])],
      marks: wicketMarks(inn, story.ballsPerOver, lang),
    };
  });
}

/**
 * The rate axis stops at 36 an over (six sixes): near the end of a lost chase the rate required
 * runs to hundreds and would flatten every other line; the table keeps the true figures.
 */
export const RATE_AXIS_CAP = 36;

/** Run rate after each over of every innings, and the rate a limited-overs chase still required (dashed). */
export function rateLines(story: MatchStory, test: boolean, lang: Lang): LineSeries[] {
  const names = inningsNames(story, test, lang);
  return story.innings.flatMap((inn, index) => {
    const runRate: LineSeries = {
      label: t(lang, 'story.runRateOf', { team: names[index]! }),
      tone: inn.side,
      dashed: secondOfSide(story, index),
      points: inn.rates.map((point): [number, number] => [point.over, point.runRate]),
      marks: [],
    };
    const required = inn.rates.filter((point) => point.requiredRate !== null);
    if (required.length === 0) return [runRate];
    return [
      runRate,
      {
        label: t(lang, 'story.requiredRateOf', { team: names[index]! }),
        tone: inn.side,
        dashed: true,
        points: required.map((point): [number, number] => [point.over, Math.min(RATE_AXIS_CAP, point.requiredRate!)]),
        marks: [],
      },
    ];
  });
}

/** One group of bars: an over (or block of overs) with a bar per innings. */
export interface BarGroup {
  /** 1-based over, or the block's number. */
  label: number;
  /** A bar per innings; `bowled` false for an over that innings never reached (no bar, no zero). */
  bars: { tone: Tone; bowled: boolean; value: number; wickets: number; title: string }[];
}

/**
 * A Test's innings is drawn in blocks of overs so that at most this many bars show: 5 overs
 * a bar for a day's play and more.
 */
export const MAX_BARS = 40;

export function blockSize(overs: number): number {
  if (overs <= MAX_BARS) return 1;
  return [5, 10, 20].find((size) => overs / size <= MAX_BARS) ?? Math.ceil(overs / MAX_BARS);
}

/**
 * The Manhattan: runs in each over of the given innings side by side (a limited-overs match
 * draws both innings in one chart, its allotment of overs on the axis; a Test one chart an
 * innings, in blocks of overs).
 */
export function manhattanGroups(innings: readonly StoryInnings[], size: number, lang: Lang, axisOvers = 0): BarGroup[] {
  const series = innings.map((inn) => ({ inn, overs: oversInBlocks(inn.overs, size) }));
  // A limited-overs match keeps its allotment on the axis while it is being played.
  const count = Math.max(Math.ceil(axisOvers / size), ...series.map(({ overs }) => overs.at(-1)?.over ?? 0));
  const groups: BarGroup[] = [];
  for (let label = 1; label <= count; label += 1) {
    groups.push({
      label,
      bars: series.map(({ inn, overs }) => {
        const point: OverPoint | undefined = overs.find((over) => over.over === label);
        const value = point?.runs ?? 0;
        const wickets = point?.wickets ?? 0;
        const where = size === 1 ? t(lang, 'story.overLabel', { n: label }) : t(lang, 'story.blockLabel', { from: (label - 1) * size + 1, to: label * size });
        return { tone: inn.side, bowled: point !== undefined, value, wickets, title: t(lang, 'story.barTitle', {
            team: inn.team.code,
            where,
            runs: t(lang, 'story.runsCount', { count: value }),
            wickets: t(lang, 'story.wicketsCount', { count: wickets }),
          }),
        };
      }),
    });
  }
  return groups;
}

/** A point of the win-probability worm: team a's chance after a ball (winprob's API shape). */
export interface WinProbPoint {
  innings: number;
  over: number;
  ball: number;
  a_win: number;
}

/** The win-probability worm in per cent against the deliveries in order, with where each innings began. */
export function winProbLine(points: readonly WinProbPoint[]): { points: [number, number][]; inningsStarts: { x: number; innings: number }[] } {
  const inningsStarts: { x: number; innings: number }[] = [];
  const line = points.map((point, index): [number, number] => {
    if (index === 0 || points[index - 1]!.innings !== point.innings) inningsStarts.push({ x: index, innings: point.innings });
    return [index, Math.min(100, Math.max(0, point.a_win * 100))];
  });
  return { points: line, inningsStarts };
}

/** The sentence a screen reader hears for the win-probability worm: where it began, its extremes, and where it ended. */
export function winProbSentence(points: readonly WinProbPoint[], team: string, lang: Lang): string {
  if (points.length === 0) return '';
  const pct = (value: number) => Math.round(value * 100);
  let high = points[0]!;
  let low = points[0]!;
  for (const point of points) {
    if (point.a_win > high.a_win) high = point;
    if (point.a_win < low.a_win) low = point;
  }
  const at = (point: WinProbPoint) => `${point.over}.${point.ball}`;
  return t(lang, 'story.winProbSentence', {
    team,
    start: pct(points[0]!.a_win),
    high: pct(high.a_win),
    highAt: at(high),
    low: pct(low.a_win),
    lowAt: at(low),
    end: pct(points.at(-1)!.a_win),
  });
}

/** A player's figures as scorecards print them: '45* (30)' batting, '2/24 (4)' bowling, innings joined by ' & '. */
export function figuresText(figures: Pick<AwardFigures, 'batting' | 'bowling'>, ballsPerOver: number): string[] {
  const lines: string[] = [];
  if (figures.batting.length > 0) lines.push(figures.batting.map((inn) => `${inn.runs}${inn.notOut ? '*' : ''} (${inn.balls})`).join(' & '));
  if (figures.bowling.length > 0) {
    lines.push(figures.bowling.map((inn) => `${inn.wickets}/${inn.runs} (${formatOvers(inn.calledBalls, ballsPerOver)})`).join(' & '));
  }
  return lines;
}

/** A score at a wicket as printed: '60/1'; the start of an innings is '0/0'. */
export function scoreAt(point: { runs: number; wickets: number }): string {
  return `${point.runs}/${point.wickets}`;
}
