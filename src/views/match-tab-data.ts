// What a match page reads for its tab: the page and the live tab body fragment
// (src/pages/getMatchList/[match_key]/tab-body.astro) read through here, so both render the tab
// from the same data.
import type { MatchCentreService } from '../server/services/match-centre.ts';
import type { Lang, MatchDetail } from '../server/services/match-centre-types.ts';
import type { MatchTab } from './match-view.ts';

export type MatchTabData = Awaited<ReturnType<typeof loadMatchTab>>;

/**
 * The tab's data (null where the tab does not show it). `island`: the page's live island reads
 * some too (a Hindi live page's players' names, the Live tab's win probability); the fragment,
 * which is only the tab's body, does not ask for them.
 */
export async function loadMatchTab(centre: MatchCentreService | undefined, match: MatchDetail | null, tab: MatchTab, lang: Lang, island: boolean) {
  const key = match?.key ?? '';
  const waiting = match?.status === 'not_started' && tab !== 'info';
  const load = <T>(wanted: boolean, get: (from: MatchCentreService) => Promise<T | null>): Promise<T | null> =>
    match && centre && wanted && !waiting ? get(centre) : Promise.resolve(null);
  const [story, commentary, scorecard, squad, info, fantasy, topFantasy, chances] = await Promise.all([
    load(tab === 'summary', (from) => from.story(key, lang)),
    load(tab === 'commentary', (from) => from.commentary(key, lang)),
    load(tab === 'scoreboard', (from) => from.scorecard(key, lang)),
    // A live page in Hindi hands its island the players' Hindi names (socket events name them in Latin).
    load(tab === 'squads' || (island && lang !== 'en' && match?.status === 'started'), (from) => from.squad(key, lang)),
    load(tab === 'info' || tab === 'history', (from) => from.info(key, lang)),
    load(tab === 'fantasy', (from) => from.fantasy(key)),
    load(tab === 'info', (from) => from.topFantasy(key, 'last')),
    // The Live tab of a match in play shows the latest chance (its live centre).
    load(tab === 'info' || tab === 'summary' || (island && tab === 'live' && match?.status === 'started'), (from) => from.winProbability(key)),
  ]);
  return { waiting, story, commentary, scorecard, squad, info, fantasy, topFantasy, chances };
}
