// The result of a bilateral series (one match type of a tour between two sides), as fans say it:
// 'India and England drew the 5-match Test series 2-2', 'South Africa won the 2-match Test series
// 2-0', 'Ireland won the one-off Test', 'India lead the 5-match T20I series 2-1'; in Hindi too.
//
// Rules (docs/decisions/031-formats-and-series.md):
// - A win is a match a side won outright, or a tie it won in a super over or bowl-out (as the
//   series scores count it). A draw, a tie left as a tie and a no result are nobody's win.
// - The series has as many matches as the highest match number the event gives (a match
//   abandoned without a ball has no file, yet kept its number), or as many as were held if more.
// - It is over when every match held is completed and the last numbered one is held; until then a
//   side leads (or the series is level). Matches a source never lists cannot be known of: a series
//   whose last matches are neither held nor scheduled here reads as over.
import { formatTypeLabel, type FormatType } from './format-type.ts';
import type { Lang } from './result.ts';

export interface SeriesSide {
  key: string;
  name: string;
}

export interface SeriesMatch {
  /** The winning side's key: the outright winner, or the winner of a tie's super over or bowl-out. */
  winner: string | null;
  result: 'tie' | 'no result' | 'draw' | null;
  /** Cricsheet event.match_number within the series (1st, 2nd, ... Test). */
  matchNumber: number | null;
  /** Finished (a result, a draw, a tie or no result); false for one to come or in play. */
  completed: boolean;
  /** Started and not finished: being played now. */
  inPlay?: boolean;
}

export type SeriesState = 'won' | 'drawn' | 'leads' | 'level' | 'under_way' | 'to_come';

export interface SeriesResult {
  formatType: FormatType;
  /** The two sides, in the order given; `wins` follows it. */
  sides: [SeriesSide, SeriesSide];
  /** Matches the series was for, as far as the data shows. */
  matches: number;
  /** Matches completed (draws, ties and no results included). */
  completed: number;
  /** Wins of each side, the sides in the order given. */
  wins: [number, number];
  draws: number;
  ties: number;
  noResults: number;
  state: SeriesState;
  /** The side that won or leads; null when level or drawn. */
  leader: SeriesSide | null;
  /** The result in words, in the language asked for. */
  text: string;
}

interface Wording {
  /** 'the 5-match Test series', 'the one-off Test'. */
  series(matches: number, type: string): string;
  won(side: string, series: string, score: string, oneOff: boolean): string;
  drawn(sides: [string, string], series: string, score: string): string;
  leads(side: string, series: string, score: string): string;
  level(series: string, score: string): string;
  toCome(series: string): string;
  /** Nothing finished yet, the first match being played. */
  underWay(series: string): string;
  /** A one-off match that nobody won: drawn, tied or no result. */
  oneOffUndecided(series: string, outcome: 'draw' | 'tie' | 'no result'): string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const WORDING: Record<Lang, Wording> = {
  en: {
    series: (matches, type) => (matches === 1 ? `the one-off ${type}` : `the ${matches}-match ${type} series`),
    won: (side, series, score, oneOff) => (oneOff ? `${side} won ${series}` : `${side} won ${series} ${score}`),
    drawn: ([a, b], series, score) => `${a} and ${b} drew ${series} ${score}`,
    leads: (side, series, score) => `${side} lead ${series} ${score}`,
    level: (series, score) => `${capitalise(series)} is level at ${score}`,
    toCome: (series) => `${capitalise(series)} is still to be played`,
    underWay: (series) => `${capitalise(series)} is under way`,
    oneOffUndecided: (series, outcome) =>
      `${capitalise(series)} ${outcome === 'draw' ? 'was drawn' : outcome === 'tie' ? 'was tied' : 'ended in no result'}`,
  },
  hi: {
    series: (matches, type) => (matches === 1 ? `एकमात्र ${type}` : `${matches} मैचों की ${type} सीरीज़`),
    won: (side, series, score, oneOff) => (oneOff ? `${side} ने ${series} जीता` : `${side} ने ${series} ${score} से जीती`),
    drawn: ([a, b], series, score) => `${a} और ${b} के बीच ${series} ${score} से बराबर रही`,
    leads: (side, series, score) => `${side} ${series} में ${score} से आगे है`,
    level: (series, score) => `${series} ${score} से बराबरी पर है`,
    toCome: (series) => `${series} अभी खेली जानी है`,
    underWay: (series) => `${series} जारी है`,
    oneOffUndecided: (series, outcome) => `${series} ${outcome === 'draw' ? 'ड्रॉ रहा' : outcome === 'tie' ? 'टाई रहा' : 'बेनतीजा रहा'}`,
  },
};

/**
 * A bilateral event: two sides play all its matches (a tour, a one-off match). A tri-series, a
 * league or a cup has more sides, and a league stage (points-table.ts).
 */
export function isBilateral(sides: number): boolean {
  return sides === 2;
}

/** How many sides play in these matches (each given by its two sides' keys). */
export function sidesIn(matches: readonly (readonly [string, string])[]): number {
  return new Set(matches.flat()).size;
}

/** The type as a word inside a sentence: 'Test', 'T20I', 'first-class'. */
function typeWord(type: FormatType, lang: Lang): string {
  const label = formatTypeLabel(type, lang);
  return lang === 'en' && type === 'first_class' ? label.toLowerCase() : label;
}

/** The series between `sides` over its matches of one type; matches in any order. */
export function seriesResult(sides: readonly [SeriesSide, SeriesSide], formatType: FormatType, matches: readonly SeriesMatch[], lang: Lang): SeriesResult {
  const [a, b] = sides;
  const done = matches.filter((match) => match.completed);
  const wins: [number, number] = [done.filter((match) => match.winner === a.key).length, done.filter((match) => match.winner === b.key).length];
  const undecided = (outcome: 'draw' | 'tie' | 'no result') => done.filter((match) => match.winner === null && match.result === outcome).length;
  const highestNumber = Math.max(0, ...matches.map((match) => match.matchNumber ?? 0));
  const total = Math.max(matches.length, highestNumber);
  const lastHeld = highestNumber === 0 || matches.some((match) => match.matchNumber === highestNumber);
  const over = done.length > 0 && done.length === matches.length && lastHeld;

  const leaderIndex = wins[0] > wins[1] ? 0 : wins[1] > wins[0] ? 1 : null;
  const leader = leaderIndex === null ? null : sides[leaderIndex]!;
  const started = matches.some((match) => match.inPlay === true);
  const state: SeriesState = done.length === 0 ? (started ? 'under_way' : 'to_come') : over ? (leader ? 'won' : 'drawn') : leader ? 'leads' : 'level';

  const words = WORDING[lang];
  const series = words.series(total, typeWord(formatType, lang));
  const score = leaderIndex === 1 ? `${wins[1]}-${wins[0]}` : `${wins[0]}-${wins[1]}`;
  const oneOffOutcome = total === 1 && done.length === 1 && leader === null ? (done[0]!.result ?? 'no result') : null;
  const text =
    state === 'to_come'
      ? words.toCome(series)
      : state === 'under_way'
        ? words.underWay(series)
        : oneOffOutcome !== null
        ? words.oneOffUndecided(series, oneOffOutcome)
        : state === 'won'
          ? words.won(leader!.name, series, score, total === 1)
          : state === 'drawn'
            ? words.drawn([a.name, b.name], series, score)
            : state === 'leads'
              ? words.leads(leader!.name, series, score)
              : words.level(series, score);
  return {
    formatType,
    sides: [a, b],
    matches: total,
    completed: done.length,
    wins,
    draws: undecided('draw'),
    ties: undecided('tie'),
    noResults: undecided('no result'),
    state,
    leader,
    text,
  };
}
