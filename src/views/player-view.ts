// Pure helpers of the player page (/getMatchList/playerInformation[/{match_key}]?player_key=):
// query parsing, links that keep the page state, scores as printed, and the match lists
// the Matches tab and the recent form show.
import type { Dictionary } from '../i18n/en.ts';
import { dayRangeText, dayText, monthText } from '../i18n/dates.ts';
import { localizePath, t, type Lang } from '../i18n/index.ts';
import { localName } from '../i18n/names.ts';
import { careerTypesOf, FORMAT_TYPES } from '../server/domain/format-type.ts';
import { formatOvers, RATE_BALLS } from '../server/domain/overs.ts';
import type {
  CareerBatting,
  CareerBowling,
  PlayerInfo,
  PlayerInfoMatch,
  PlayerInfoTournament,
} from '../server/services/match-centre-types.ts';

export type PlayerFormat = PlayerInfoMatch['format'];

export const PLAYER_TABS = ['overview', 'matches', 'news', 'info'] as const;
export type PlayerTab = (typeof PLAYER_TABS)[number];

/**
 * The Matches tab's format filter: All, then the types of cricket, each keeping the matches that
 * count in that career (First-class keeps Tests too, as the career figures do).
 */
export const MATCH_FILTERS = ['all', ...FORMAT_TYPES] as const;
export type MatchFilter = (typeof MATCH_FILTERS)[number];

export const MATCH_VIEWS = ['batting', 'bowling'] as const;
export type MatchView = (typeof MATCH_VIEWS)[number];

export const RECENT_FORM_COUNT = 5;

/** The requested value when it is one of `allowed`, else the fallback. */
export function pickOne<T extends string>(requested: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((value) => value === requested) ?? fallback;
}

/** Where the page is, and who it is about: enough to build any link on it. */
export interface PlayerPageBase {
  lang: Lang;
  playerKey: string;
  /** The match the fan came from, for the back link; null on the bare route. */
  matchKey: string | null;
}

/** The player page with the given tab state; the player key always travels in the query. */
export function playerPageHref(base: PlayerPageBase, state: { tab?: PlayerTab; format?: string; view?: MatchView } = {}): string {
  const path = base.matchKey
    ? `/getMatchList/playerInformation/${encodeURIComponent(base.matchKey)}`
    : '/getMatchList/playerInformation';
  const query = new URLSearchParams({ player_key: base.playerKey });
  if (state.tab) query.set('tab', state.tab);
  if (state.format) query.set('format', state.format);
  if (state.view) query.set('view', state.view);
  return `${localizePath(path, base.lang)}?${query}`;
}

export function matchPageHref(matchKey: string, lang: Lang): string {
  return localizePath(`/getMatchList/${encodeURIComponent(matchKey)}`, lang);
}

/** '158*' per batting innings, joined as Test scorers do: '12 & 45*'; null if he did not bat. */
export function battingText(match: PlayerInfoMatch): string | null {
  const scores = match.innings.flatMap((inn) => (inn.batting ? [`${inn.batting.runs}${inn.batting.notOut ? '*' : ''}`] : []));
  return scores.length ? scores.join(' & ') : null;
}

/** Balls faced over the match's batting innings, for '158* (73)'; null if he did not bat. */
export function ballsFaced(match: PlayerInfoMatch): number | null {
  const balls = match.innings.flatMap((inn) => (inn.batting ? [inn.batting.balls] : []));
  return balls.length ? balls.reduce((sum, value) => sum + value, 0) : null;
}

/** Wickets/runs per bowling innings: '3/25' or '2/40 & 1/12'; null if he did not bowl. */
export function bowlingText(match: PlayerInfoMatch): string | null {
  const figures = match.innings.flatMap((inn) => (inn.bowling ? [`${inn.bowling.wickets}/${inn.bowling.runs}`] : []));
  return figures.length ? figures.join(' & ') : null;
}

/** Overs bowled per innings as printed ('4', '3.2', in the match's balls per over), joined like the figures. */
export function oversText(match: PlayerInfoMatch): string | null {
  const overs = match.innings.flatMap((inn) => (inn.bowling ? [formatOvers(inn.bowling.calledBalls, match.ballsPerOver)] : []));
  return overs.length ? overs.join(' & ') : null;
}

/** Runs scored and wickets taken over some matches (every innings of each). */
export function matchTotals(matches: readonly PlayerInfoMatch[]): { runs: number; wickets: number } {
  let runs = 0;
  let wickets = 0;
  for (const inn of matches.flatMap((match) => match.innings)) {
    runs += inn.batting?.runs ?? 0;
    wickets += inn.bowling?.wickets ?? 0;
  }
  return { runs, wickets };
}

/**
 * A match as the lists name it: 'India v Australia, 2nd Test' in English; on a Hindi page the
 * sides by their Hindi names and the title in Hindi ('भारत बनाम ऑस्ट्रेलिया, दूसरा टेस्ट').
 */
export function matchName(match: Pick<PlayerInfoMatch, 'name' | 'teams' | 'title'>, lang: Lang): string {
  if (lang === 'en') return match.name;
  return `${localName('team', match.teams.a, lang)} ${t(lang, 'matchCentre.vs')} ${localName('team', match.teams.b, lang)}, ${match.title[lang]}`;
}

export interface MatchInTournament {
  match: PlayerInfoMatch;
  tournament: Pick<PlayerInfoTournament, 'key' | 'name'>;
}

/** The player's latest matches across tournaments, newest first. */
export function recentMatches(info: PlayerInfo, count = RECENT_FORM_COUNT): MatchInTournament[] {
  return info.tournaments
    .flatMap((tournament) => tournament.matches.map((match) => ({ match, tournament })))
    .sort((x, y) => y.match.startAt - x.match.startAt)
    .slice(0, count);
}

export interface FilteredTournament {
  tournament: PlayerInfoTournament;
  matches: PlayerInfoMatch[];
  /** Every match of the tournament passed the filter, so its totals describe what is shown. */
  complete: boolean;
}

/** Tournaments with the matches the format filter keeps; tournaments left empty are dropped. */
export function filterTournaments(info: PlayerInfo, filter: MatchFilter): FilteredTournament[] {
  return info.tournaments.flatMap((tournament) => {
    const matches = filter === 'all' ? tournament.matches : tournament.matches.filter((match) => careerTypesOf(match.formatType).includes(filter));
    return matches.length ? [{ tournament, matches, complete: matches.length === tournament.matches.length }] : [];
  });
}

/** '18 Apr 2008', '18 अप्रैल 2008' from epoch seconds (Cricsheet dates are days, stored as midnight UTC). */
export function dateText(epochSeconds: number, lang: Lang): string {
  return dayText(epochSeconds * 1000, lang);
}

/** 'Dec 2001', 'दिसंबर 2001' from 'YYYY-MM-DD'. */
export function monthYearText(isoDate: string, lang: Lang): string {
  return monthText(isoDate, lang, 'short');
}

/** '18 Apr – 01 Jun 2008', or one date when both are the same day. */
export function dateRangeText(fromSeconds: number, toSeconds: number, lang: Lang): string {
  return dayRangeText(fromSeconds * 1000, toSeconds * 1000, lang);
}

/** Spec: age is the current year minus the birth year; null when the birth date is unknown. */
export function ageInYears(dateOfBirth: string | null, now: Date = new Date()): number | null {
  const year = dateOfBirth ? Number(dateOfBirth.slice(0, 4)) : NaN;
  return Number.isInteger(year) && year > 0 ? now.getUTCFullYear() - year : null;
}

/** A rate or average with two decimals; '–' when there is none (never dismissed, no balls). */
export function decimalText(value: number | null): string {
  return value === null ? '–' : value.toFixed(2);
}

type StatKey = keyof Dictionary['player']['stat'];

export interface Figure {
  label: string;
  value: string | number;
}

/** The batting career grid, in the spec's order. */
export function battingFigures(batting: CareerBatting, lang: Lang): Figure[] {
  const label = (key: StatKey) => t(lang, `player.stat.${key}`);
  return [
    { label: label('matches'), value: batting.matches },
    { label: label('innings'), value: batting.innings },
    { label: label('runs'), value: batting.runs },
    { label: label('highScore'), value: batting.highScore || '–' },
    { label: label('hundreds'), value: batting.hundreds },
    { label: label('fifties'), value: batting.fifties },
    { label: label('strikeRate'), value: decimalText(batting.innings ? batting.strikeRate : null) },
    { label: label('average'), value: decimalText(batting.average) },
    { label: label('fours'), value: batting.fours },
    { label: label('sixes'), value: batting.sixes },
    { label: label('ducks'), value: batting.ducks },
    { label: label('notOuts'), value: batting.notOuts },
  ];
}

/** The bowling career grid, in the spec's order. */
export function bowlingFigures(bowling: CareerBowling, lang: Lang): Figure[] {
  const label = (key: StatKey) => t(lang, `player.stat.${key}`);
  return [
    { label: label('matches'), value: bowling.matches },
    { label: label('innings'), value: bowling.innings },
    { label: label('wickets'), value: bowling.wickets },
    { label: label('best'), value: bowling.bestFigures ?? '–' },
    { label: label('overs'), value: formatOvers(bowling.balls, RATE_BALLS) },
    { label: label('runs'), value: bowling.runs },
    { label: label('economy'), value: decimalText(bowling.economy) },
    { label: label('average'), value: decimalText(bowling.average) },
    { label: label('strikeRate'), value: decimalText(bowling.strikeRate) },
    { label: label('threeWickets'), value: bowling.threeWickets },
    { label: label('fiveWickets'), value: bowling.fiveWickets },
    { label: label('tenWickets'), value: bowling.tenWickets },
  ];
}

