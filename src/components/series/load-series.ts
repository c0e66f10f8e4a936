// What the series and stats pages show, read from the services (no HTTP hop). /series and
// /stats show the first tournament of the list (the latest); /series/{tou_key} and
// /stats/{tou_key} the one in the path. Only the open tab's extra data is loaded.
import type { Lang } from '../../i18n/index.ts';
import type { Services } from '../../server/services/index.ts';
import type { PlayerStatsEntry, TournamentDetail, TournamentListItem } from '../../server/services/tournament-types.ts';
import { SERIES_TABS, STAT_TABS, pickOne, type SeriesTab, type StatTab } from '../../lib/tournament-view.ts';

export type SeriesPageData =
  | { kind: 'empty' }
  | { kind: 'unknown'; touKey: string; tournaments: TournamentListItem[] }
  | {
      kind: 'found';
      tournaments: TournamentListItem[];
      detail: TournamentDetail;
      tab: SeriesTab;
      /** Loaded for the Stats tab only. */
      stats: PlayerStatsEntry[] | null;
      stat: StatTab;
    };

export type StatsPageData =
  | { kind: 'empty' }
  | { kind: 'unknown'; touKey: string; tournaments: TournamentListItem[] }
  | { kind: 'found'; tournaments: TournamentListItem[]; tournament: TournamentListItem; stats: PlayerStatsEntry[]; stat: StatTab };

function required(services: Services | undefined): Services {
  if (!services) throw new Error('Server services are not attached to this request');
  return services;
}

export async function loadSeriesPage(
  services: Services | undefined,
  touKey: string | null,
  url: URL,
  lang: Lang,
): Promise<SeriesPageData> {
  const { tournaments: service } = required(services);
  const tournaments = await service.list();
  const key = touKey ?? tournaments[0]?.tou_key ?? null;
  if (key === null) return { kind: 'empty' };
  const query = url.searchParams;
  const tab = pickOne(query.get('tab'), SERIES_TABS, 'overview');
  const stat = pickOne(query.get('stat'), STAT_TABS, 'runs');
  const [detail, stats] = await Promise.all([
    service.detail(key, lang),
    tab === 'stats' ? service.playerStats(key) : Promise.resolve(null),
  ]);
  if (!detail) return { kind: 'unknown', touKey: key, tournaments };
  return { kind: 'found', tournaments, detail, tab, stats, stat };
}

export async function loadStatsPage(services: Services | undefined, touKey: string | null, url: URL): Promise<StatsPageData> {
  const { tournaments: service } = required(services);
  const tournaments = await service.list();
  const key = touKey ?? tournaments[0]?.tou_key ?? null;
  if (key === null) return { kind: 'empty' };
  const stat = pickOne(url.searchParams.get('stat'), STAT_TABS, 'runs');
  const tournament = tournaments.find((item) => item.tou_key === key);
  const stats = tournament ? await service.playerStats(key) : null;
  if (!tournament || !stats) return { kind: 'unknown', touKey: key, tournaments };
  return { kind: 'found', tournaments, tournament, stats, stat };
}
