// Pure helpers of the match detail page (/getMatchList/{match_key}): tab order and query
// parsing, overs and figures as printed, ball badges, partnership shares and player links.
import { dayText } from '../i18n/dates.ts';
import { localizePath, t, type Lang } from '../i18n/index.ts';
import { formatTypeLabel } from '../server/domain/format-type.ts';
import { hindiOrdinal } from '../server/domain/match-title.ts';
import type { MatchDetail, ScorecardInnings } from '../server/services/match-centre-types.ts';
import type { MatchSummary } from '../server/services/match-summary.ts';

/** What each table of an innings' scorecard is given (BattingTable, BowlingTable). */
export interface InningsCardProps {
  innings: ScorecardInnings;
  ballsPerOver: number;
  matchKey: string;
}

export type MatchStatus = 'not_started' | 'started' | 'completed';

export const MATCH_TABS = ['summary', 'live', 'commentary', 'scoreboard', 'squads', 'info', 'fantasy', 'history'] as const;
export type MatchTab = (typeof MATCH_TABS)[number];
/** The tabs of a live match whose body is server HTML that the island brings up to date after each ball. */
export const LIVE_BODY_TABS = ['scoreboard', 'summary'] as const;
export type LiveBodyTab = (typeof LIVE_BODY_TABS)[number];
export const isLiveBodyTab = (tab: string | null): tab is LiveBodyTab => LIVE_BODY_TABS.some((body) => body === tab);

/**
 * Spec, Match detail: a match in progress leads with Live, then its Summary (charts that follow
 * the balls); a completed one leads with the Summary, which took the place of the Live tab's
 * player of the match (?tab=live of a finished match lands on it); otherwise Info first.
 */
export function tabOrder(status: MatchStatus): readonly MatchTab[] {
  if (status === 'not_started') return ['info', 'fantasy', 'commentary', 'live', 'scoreboard', 'squads', 'history'];
  if (status === 'started') return ['live', 'summary', 'commentary', 'scoreboard', 'squads', 'info', 'fantasy', 'history'];
  return ['summary', 'commentary', 'scoreboard', 'squads', 'info', 'fantasy', 'history'];
}

/** The tab asked for in ?tab=, or the first tab of the status's order. */
export function pickTab(status: MatchStatus, requested: string | null): MatchTab {
  const order = tabOrder(status);
  return order.find((tab) => tab === requested) ?? order[0]!;
}

/** A non-negative integer query value that is one of `allowed`, else the fallback. */
export function pickNumber(requested: string | null, allowed: readonly number[], fallback: number): number {
  if (requested === null || !/^\d{1,3}$/.test(requested)) return fallback;
  const value = Number(requested);
  return allowed.includes(value) ? value : fallback;
}

/** The match page URL with a tab and its own query (innings, team), in the page language. */
export function matchHref(matchKey: string, lang: Lang, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return localizePath(`/getMatchList/${encodeURIComponent(matchKey)}`, lang) + (search ? `?${search}` : '');
}

/**
 * The address of a live page's tab body alone (the island adds v=<sequence>); the page's own
 * innings choice (inn=) goes with it, so the fragment is the body the fan is looking at.
 */
export function tabBodyHref(matchKey: string, lang: Lang, tab: LiveBodyTab, inn: string | null): string {
  const search = new URLSearchParams({ tab, ...(inn === null ? {} : { inn }) });
  return `${localizePath(`/getMatchList/${encodeURIComponent(matchKey)}/tab-body`, lang)}?${search}`;
}

/**
 * Innings n of a match (1-based, in playing order) as the commentary's picker names it: the
 * side's code, 'ENG innings 2' in a Test; after the regular innings, 'Super Over'.
 */
export function commentaryInnings(match: Pick<MatchDetail, 'innings' | 'teams' | 'format'>, n: number, lang: Lang): { label: string; code: string | null } {
  const innings = match.innings[n - 1];
  if (!innings) return { label: t(lang, 'matchCentre.superOver'), code: null };
  const team = match.teams[innings.side];
  const label = match.format === 'test' ? t(lang, 'matchCentre.inningsOf', { team: team.code, n: innings.number }) : team.code;
  return { label, code: team.code };
}

/** Player page reached from a match: it carries the match, as the spec's navigation state did. */
export function playerHref(matchKey: string, playerKey: string, lang: Lang): string {
  return `${localizePath(`/getMatchList/playerInformation/${encodeURIComponent(matchKey)}`, lang)}?player_key=${encodeURIComponent(playerKey)}`;
}

export { ballBadge, oversText, rate, reprKind, scoreText, type BallKind } from '../lib/ball-view.ts';

/** Each batter's share of the stand's bat runs, in whole per cent (50/50 before any run). */
export function partnershipShare(a: number, b: number): [number, number] {
  const total = a + b;
  if (total <= 0) return [50, 50];
  const left = Math.round((a / total) * 100);
  return [left, 100 - left];
}

/** Dates of a match as one line: '04 Jan 2026' or '04 Jan – 08 Jan 2026' ('4 जनवरी – 8 जनवरी 2026'). */
export function datesText(dates: readonly string[], lang: Lang): string {
  const format = (iso: string, withYear: boolean) => dayText(iso, lang, { year: withYear });
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return '';
  if (first === last) return format(first, true);
  return `${format(first, first.slice(0, 4) !== last.slice(0, 4))} – ${format(last, true)}`;
}

/**
 * The match's type to print beside its title ('Final · First-class', 'Match 12 · T20'), or null
 * when the title already says it ('2nd Test', 'Only T20I').
 */
export function typeBesideTitle(match: Pick<MatchSummary, 'title' | 'formatType'>, lang: Lang): string | null {
  const label = formatTypeLabel(match.formatType, lang);
  return match.title === label || match.title.endsWith(` ${label}`) ? null : label;
}

/**
 * The wicket a partnership was for, as the page's words take it ({{n}} of 'matchCentre.forWicket'
 * and 'story.standText'): the number in English ('Wicket 3'), a Hindi ordinal in Hindi ('तीसरा
 * विकेट', and `oblique` before के लिए: 'तीसरे विकेट के लिए').
 */
export function wicketOrdinal(n: number, lang: Lang, form: 'direct' | 'oblique' = 'direct'): string | number {
  return lang === 'hi' ? hindiOrdinal(n, form) : n;
}
