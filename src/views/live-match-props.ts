// The live island's first state, from the same read models and presenters as the API, so the
// server-rendered page and the socket events speak one format (the provider's).
import type { LiveMatchProps } from '../islands/LiveMatch.tsx';
import { liveLabels } from '../islands/live/labels.ts';
import { localizePath, type Lang } from '../i18n/index.ts';
import { localName } from '../i18n/names.ts';
import { presentCommentary } from '../server/wire/presenters/match-centre.ts';
import { presentMatchObject } from '../server/wire/presenters/match.ts';
import type { Commentary, MatchDetail, Squad } from '../server/services/match-centre-types.ts';
import { situationText } from '../server/domain/test-match.ts';
import { keepNewest, MAX_BALLS } from '../stores/live-match.ts';
import { commentaryInnings, matchHref } from './match-view.ts';

export interface LiveViewOptions {
  /** The Commentary tab's innings when the fan picked one; null follows the latest. */
  inningsShown?: number | null;
  /** The tab body's own address (match-view.ts tabBodyHref) when the island brings it up to date after each change (Scoreboard, Summary). */
  bodyHref?: string | null;
  /** The win probability after the latest ball (the Live tab shows it); null when the model does not cover the match. */
  winProbability?: { aWin: number; draw: number | null } | null;
  /** Both team sheets: on a page not in English, their players' names in its language go to the island. */
  squad?: Squad | null;
}

/**
 * The team sheets' players' names in `lang` where they differ from the Latin, by key and by
 * Latin name (the live centre's how-out names the bowler and fielders by name alone).
 */
export function playerNamesIn(squad: Squad | null | undefined, lang: Lang): Record<string, string> {
  const names: Record<string, string> = {};
  if (!squad || lang === 'en') return names;
  for (const side of ['a', 'b'] as const) {
    for (const { player } of squad.teams[side].players) {
      const local = localName('player', player.name, lang, player.key);
      if (local === player.name) continue;
      names[player.key] = local;
      names[player.name] = local;
    }
  }
  return names;
}

/** The innings numbers the commentary has balls of, in playing order. */
export function commentaryInningsNumbers(commentary: Commentary | null): number[] {
  return [...new Set((commentary?.balls ?? []).map((ball) => ball.inningsNo))].sort((x, y) => x - y);
}

export function liveMatchProps(
  match: MatchDetail,
  commentary: Commentary | null,
  tab: LiveMatchProps['tab'],
  lang: Lang,
  options: LiveViewOptions = {},
): Omit<LiveMatchProps, 'children'> {
  const object = presentMatchObject(match);
  const numbers = commentaryInningsNumbers(commentary);
  const shown = options.inningsShown ?? numbers.at(-1) ?? null;
  // The island holds the shown innings' newest balls; the page links to all of them, and
  // get/commentory has every ball of the match.
  const inningsBalls = commentary ? presentCommentary(commentary).related_balls.filter((ball) => ball.innings_no === shown) : [];
  return {
    matchKey: match.key,
    sequence: match.liveSequence,
    live: object.play.live,
    innings: object.play.innings,
    balls: keepNewest(inningsBalls),
    commentary: {
      shown: options.inningsShown ?? null,
      innings: numbers.map((n) => ({ n, label: commentaryInnings(match, n, lang).label })),
      truncated: inningsBalls.length > MAX_BALLS && shown !== null ? [shown] : [],
      href: matchHref(match.key, lang, { tab: 'commentary' }),
      format: match.format,
    },
    bodyHref: options.bodyHref ?? null,
    winProbability: options.winProbability ? { a_win: options.winProbability.aWin, draw: options.winProbability.draw } : null,
    // Names in the page's language: the panel shows them and words the need with them.
    teams: {
      a: { key: match.teams.a.key, code: match.teams.a.code, name: localName('team', match.teams.a.name, lang) },
      b: { key: match.teams.b.key, code: match.teams.b.code, name: localName('team', match.teams.b.name, lang) },
    },
    target: match.target?.runs ?? null,
    dayNumber: match.dayNumber,
    toss: match.tossText,
    situation:
      match.situation && situationText(match.situation, { a: localName('team', match.teams.a.name, lang), b: localName('team', match.teams.b.name, lang) }, lang),
    tab,
    lang,
    labels: liveLabels(lang),
    playerHref: `${localizePath(`/getMatchList/playerInformation/${encodeURIComponent(match.key)}`, lang)}?player_key=`,
    names: playerNamesIn(options.squad, lang),
  };
}
