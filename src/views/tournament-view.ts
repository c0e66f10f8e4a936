// Pure helpers of the series pages (/series, /series/{tou_key}) and the stats pages
// (/stats, /stats/{tou_key}): tab and query parsing, links that keep the page state, the
// tournament carousel's order and tiles, featured matches, matches by day, squad filters and
// the leader lists of the stats tables.
import { t, type Lang } from '../i18n/index.ts';
import { isFormatType, type FormatType } from '../server/domain/format-type.ts';
import { statsLists, type Ranked } from '../server/domain/leaderboard.ts';
import type { StandingsRound } from '../server/domain/points-table.ts';
import type { TournamentGap } from '../server/domain/withheld-matches.ts';
import { localName } from '../i18n/names.ts';
import type { MatchSummary } from '../server/services/match-summary.ts';
import { graphemes } from '../shared/graphemes.ts';
import type {
  PlayerRole,
  PlayerStatsEntry,
  TournamentListItem,
  TournamentSquadPlayer,
  TournamentTeam,
} from '../server/services/tournament-types.ts';

export const SERIES_TABS = ['overview', 'matches', 'squads', 'points', 'stats', 'news', 'info'] as const;
export type SeriesTab = (typeof SERIES_TABS)[number];

/** The tabs a series shows: a bilateral series has no points table, so no tab for one (issue 29 §8). */
export function seriesTabs(detail: { bilateral: boolean }): readonly SeriesTab[] {
  return detail.bilateral ? SERIES_TABS.filter((tab) => tab !== 'points') : SERIES_TABS;
}

export const STAT_TABS = ['runs', 'wickets', 'fours', 'sixes'] as const;
export type StatTab = (typeof STAT_TABS)[number];

/** The squad filter tabs in the spec's order: All, Batter, Bowler, AR, Wk (query values). */
export const ROLE_FILTERS = ['all', 'batter', 'bowler', 'ar', 'wk'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** Squad groups in the spec's order: Batsman, Bowler, All Rounder, Wicket Keeper. */
export const ROLE_GROUPS = ['bt', 'bo', 'ar', 'wc'] as const satisfies readonly PlayerRole[];
const GROUP_OF_FILTER: Record<Exclude<RoleFilter, 'all'>, PlayerRole> = { batter: 'bt', bowler: 'bo', ar: 'ar', wk: 'wc' };

/** Spec §9: the Overview shows 6 featured matches and 6 squads. */
export const OVERVIEW_MATCHES = 6;
export const OVERVIEW_SQUADS = 6;
/** Spec §9: tournament names are cut at 30 characters. */
export const TOURNAMENT_NAME_MAX = 30;

/** The requested value when it is one of `allowed`, else the fallback. */
export function pickOne<T extends string>(requested: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((value) => value === requested) ?? fallback;
}

// The series, stats and player links the API's search hits carry too: src/shared/page-links.ts.
export { playerInfoHref, seriesHref, statsHref } from '../shared/page-links.ts';

/**
 * A tournament's name on a tile: its short name in the page's language ('IPL 2025' -> 'आईपीएल
 * 2025', 'Austria tour of Cyprus 2026' -> 'ऑस्ट्रिया का साइप्रस दौरा 2026', localName), as the
 * match cards write it.
 */
export function tileName(item: Pick<TournamentListItem, 'short_name'>, lang: Lang): string {
  return localName('tournament', item.short_name, lang);
}

/** Cuts a text to `max` characters (whole letters, so a Devanagari conjunct is not split) with '…'. */
export function truncate(text: string, max: number): string {
  const chars = graphemes(text);
  if (chars.length <= max) return text;
  // A trailing year or season ("2025", "2024/25", "2022-2025") is what tells one edition from
  // the next, so the cut falls before it: "Switzerland tour of Aust… 2025".
  const season = /\s(\d{4}(?:[/-]\d{2,4})?)$/u.exec(text);
  if (season && season[1]!.length + 6 <= max) {
    const head = graphemes(text.slice(0, season.index));
    const room = max - season[1]!.length - 2;
    return `${head.slice(0, room).join('').trimEnd()}… ${season[1]}`;
  }
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * Letters of a tournament's tile (Cricsheet has no artwork): an abbreviation already in the
 * short name ('IPL 2008' -> 'IPL'), else the initials of its capitalised words
 * ('India tour of Australia 2024/25' -> 'IA'), at most three.
 */
export function tileLetters(shortName: string): string {
  const words = shortName.split(/[\s/-]+/).filter((word) => /^\p{L}/u.test(word));
  const [first] = words;
  if (!first) return shortName.trim().slice(0, 2).toUpperCase() || '?';
  if (/^[\p{Lu}\d]{2,4}$/u.test(first)) return first;
  const capitals = words.filter((word) => /^\p{Lu}/u.test(word));
  const initials = (capitals.length ? capitals : words).map((word) => [...word][0]!.toUpperCase()).join('');
  return [...initials].slice(0, 3).join('');
}

/** A stable hue per key (the same hash as the team badges), for tiles that tell apart. */
export function keyHue(key: string): number {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/**
 * The carousel's order: the list turned so the selected tournament comes first and the rest
 * follow in list order, wrapping round. The carousel loops, so nothing is lost, and without
 * JavaScript the selected tile is the first one in view.
 */
/** Tiles in a tournament carousel: enough for recent play without shipping the whole archive. */
export const CAROUSEL_TOURNAMENTS = 24;

/**
 * The carousel's tournaments: the most recent `max` of a newest-first list, with the selected
 * one added when it is older, turned so the selected one comes first.
 */
export function carouselTournaments<T extends Pick<TournamentListItem, 'tou_key'>>(list: readonly T[], selectedKey: string | null, max: number): T[] {
  const recent = list.slice(0, max);
  const selected = selectedKey === null ? undefined : list.find((item) => item.tou_key === selectedKey);
  const shown = selected && !recent.includes(selected) ? [selected, ...recent.slice(0, max - 1)] : recent;
  return rotateToSelected(shown, selectedKey);
}

export function rotateToSelected<T extends Pick<TournamentListItem, 'tou_key'>>(list: readonly T[], selectedKey: string | null): T[] {
  const index = selectedKey === null ? -1 : list.findIndex((item) => item.tou_key === selectedKey);
  return index <= 0 ? [...list] : [...list.slice(index), ...list.slice(0, index)];
}

/** Knock-out stages as Cricsheet names them: Final, Semi Final, Qualifier 1, Eliminator... */
const PLAYOFF = /\b(final|semi[- ]?final|qualifier|eliminator|elimination|play-?off|quarter[- ]?final)\b/i;

export function isPlayoff(match: Pick<MatchSummary, 'title'>): boolean {
  return PLAYOFF.test(match.title);
}

/**
 * The Overview's featured matches, shown in playing order. Live matches come first, then the
 * playoffs (when the tournament has any), then the latest completed matches, then the next
 * upcoming ones, until `count` are chosen. For a finished season that is its playoffs plus
 * its last league games: the matches a visitor most likely came for.
 */
export function featuredMatches(matches: readonly MatchSummary[], count = OVERVIEW_MATCHES): MatchSummary[] {
  const order = new Map(matches.map((match, index) => [match, index]));
  const newestFirst = [...matches].reverse();
  const candidates = [
    ...matches.filter((match) => match.status === 'started'),
    ...newestFirst.filter((match) => isPlayoff(match) && match.status !== 'started'),
    ...newestFirst.filter((match) => match.status === 'completed'),
    ...matches.filter((match) => match.status === 'not_started'),
  ];
  const chosen = [...new Set(candidates)].slice(0, count);
  return chosen.sort((x, y) => order.get(x)! - order.get(y)!);
}

export interface DayGroup {
  /** 'YYYY-MM-DD' (UTC: Cricsheet dates are days). */
  day: string;
  /** Epoch milliseconds of the day's first start. */
  startsAt: number;
  matches: MatchSummary[];
}

/** Matches grouped by their day, in playing order (oldest first, newest last). */
export function matchesByDay(matches: readonly MatchSummary[]): DayGroup[] {
  const groups: DayGroup[] = [];
  const byDay = new Map<string, DayGroup>();
  for (const match of [...matches].sort((x, y) => x.startsAt - y.startsAt)) {
    const day = new Date(match.startsAt).toISOString().slice(0, 10);
    let group = byDay.get(day);
    if (!group) {
      group = { day, startsAt: match.startsAt, matches: [] };
      byDay.set(day, group);
      groups.push(group);
    }
    group.matches.push(match);
  }
  return groups;
}

/** The team asked for in &team= (its key), or null when none or unknown. */
export function pickTeam(teams: readonly TournamentTeam[], requested: string | null): TournamentTeam | null {
  return requested === null ? null : (teams.find((team) => team.key === requested) ?? null);
}

export interface SquadGroup {
  role: PlayerRole;
  players: TournamentSquadPlayer[];
}

/** A team's players in the spec's groups, keeping only the filtered role (all: every group). */
export function squadGroups(team: TournamentTeam, filter: RoleFilter): SquadGroup[] {
  const roles = filter === 'all' ? ROLE_GROUPS : [GROUP_OF_FILTER[filter]];
  return roles.map((role) => ({ role, players: team.players[role] ?? [] }));
}

export function squadSize(team: TournamentTeam): number {
  return ROLE_GROUPS.reduce((sum, role) => sum + (team.players[role]?.length ?? 0), 0);
}

/**
 * The type asked for in &type= when the tournament has matches of it; else null, meaning all of
 * its matches (a tournament of one type is shown whole, without the picker).
 */
export function pickType(types: readonly FormatType[], requested: string | null): FormatType | null {
  if (types.length < 2 || requested === null || !isFormatType(requested)) return null;
  return types.includes(requested) ? requested : null;
}

/** Stats never add across types: without a type picked, a tour's stats are those of its first series. */
export function statsType(types: readonly FormatType[], picked: FormatType | null): FormatType | undefined {
  return picked ?? (types.length > 1 ? types[0] : undefined);
}

/** The round asked for in &round= (its position, from 0), else the first. */
export function pickRound(rounds: readonly StandingsRound[], requested: string | null): number {
  if (requested === null || !/^\d{1,3}$/.test(requested)) return 0;
  const index = Number(requested);
  return index < rounds.length ? index : 0;
}

/** An entry with the rank shown in the first column; equal values share it. */
export type RankedEntry = Ranked<PlayerStatsEntry>;

/** A stats entry as the domain's leader lists read it. */
const talliesOf = ({ player: { name }, batting, bowling }: PlayerStatsEntry) => ({
  batting: { name, innings: batting.innings, runs: batting.runs, balls: batting.balls, fours: batting.fours, sixes: batting.sixes },
  bowling: { name, balls: bowling.balls, wickets: bowling.wickets, runs: bowling.runs },
  ranks: { runs: batting.rank, wickets: bowling.rank },
});

/** How many leaders a stats list shows before its "Show all" link: a phone's first screen and a little more. */
export const FIRST_SCREEN_LEADERS = 10;

/**
 * The leader list of a stats tab, by the domain's rules (leaderboard.ts statsLists): Runs and
 * Wickets by the entries' ranks, 4's and 6's by count; entries without a rank are left out.
 */
export function statLeaders(entries: readonly PlayerStatsEntry[], stat: StatTab): RankedEntry[] {
  return statsLists(entries, talliesOf)[stat];
}

const ROLE_WORDS: Record<PlayerRole, RegExp> = {
  bt: /^(bt|bat|batsman|batter|batting)$/i,
  bo: /^(bo|bowl|bowler|bowling)$/i,
  ar: /^(ar|all[- ]?rounder|allrounder)$/i,
  wc: /^(wc|wk|keeper|wicket[- ]?keeper|wicketkeeper)$/i,
};

/** Which group a role word names ('Batsman', 'bt', 'Wicket Keeper', ...), for a translated label. */
export function roleKind(role: string | undefined): PlayerRole | null {
  if (!role) return null;
  const word = role.trim();
  return ROLE_GROUPS.find((kind) => ROLE_WORDS[kind].test(word)) ?? null;
}

const STAGES: Record<string, 'league' | 'groupStage' | 'final' | 'qualifiers' | 'qualifier' | 'eliminator' | 'placePlayOffs' | 'semiFinal' | 'quarterFinal' | 'preliminaryQuarterFinal' | 'knockout'> = {
  League: 'league',
  'Group Stage': 'groupStage',
  Final: 'final',
  Qualifiers: 'qualifiers',
  Qualifier: 'qualifier',
  Eliminator: 'eliminator',
  'Place Play-Offs': 'placePlayOffs',
  'Semi Final': 'semiFinal',
  'Quarter Final': 'quarterFinal',
  'Preliminary Quarter Final': 'preliminaryQuarterFinal',
  Knockout: 'knockout',
};

/**
 * A points table's round or group name in the page's language ('League', 'Qualifiers',
 * 'Qualifier 1', 'Group A', 'Super 8'); a name it does not know stays as it is.
 */
export function stageLabel(name: string, lang: Lang): string {
  const known = STAGES[name];
  if (known) return t(lang, `series.stages.${known}`);
  const numbered = /^(.*\S) (\d+)$/.exec(name);
  if (numbered && STAGES[numbered[1]!]) return `${t(lang, `series.stages.${STAGES[numbered[1]!]!}`)} ${numbered[2]}`;
  const group = /^Group (\S+)$/.exec(name);
  if (group) return t(lang, 'series.stages.group', { name: group[1]! });
  const sup = /^Super (\S+)$/.exec(name);
  if (sup) return t(lang, 'series.stages.super', { name: sup[1]! });
  return name;
}

/**
 * The sentences saying what the open data is missing of a tournament: a withheld side's matches
 * when its gap is put on one, with the held sides' missing meetings after it; else how many at
 * least its match numbers skip.
 */
export function gapText(gap: TournamentGap, lang: Lang): string | null {
  if (gap.side !== null) {
    const side = localName('team', gap.side, lang);
    const said = gap.missing === 1 ? t(lang, 'series.gap.sideOne', { side }) : t(lang, 'series.gap.side', { side, count: gap.missing });
    if (gap.others === 0) return said;
    return `${said} ${gap.others === 1 ? t(lang, 'series.gap.moreOne') : t(lang, 'series.gap.more', { count: gap.others })}`;
  }
  if (gap.missing === 0) return null;
  return gap.missing === 1 ? t(lang, 'series.gap.atLeastOne') : t(lang, 'series.gap.atLeast', { count: gap.missing });
}
