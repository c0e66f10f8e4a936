// What the series and stats pages show, read from the services (no HTTP hop). /series and
// /stats show the first tournament of the list (the latest); /series/{tou_key} and
// /stats/{tou_key} the one in the path. Only the open tab's extra data is loaded.
import type { Lang } from '../../i18n/index.ts';
import type { Services } from '../../server/services/index.ts';
import type { PlayerStatsEntry, TournamentDetail, TournamentListItem } from '../../server/services/tournament-types.ts';
import { pickOne, seriesTabs, pickType, statsType, type SeriesTab, type StatTab } from '../../views/tournament-view.ts';
import type { SeriesQuery } from '../../pages/series/_query.ts';
import type { StatsQuery } from '../../pages/stats/_query.ts';
import type { FormatType } from '../../server/domain/format-type.ts';
import type { TournamentGap } from '../../server/domain/withheld-matches.ts';

export type SeriesPageData =
  | { kind: 'empty' }
  | { kind: 'unknown'; touKey: string; tournaments: TournamentListItem[] }
  | {
      kind: 'found';
      tournaments: TournamentListItem[];
      detail: TournamentDetail;
      tab: SeriesTab;
      /** The type picked (&type=) in a tournament of several; null for all of its matches. */
      type: FormatType | null;
      /** Loaded for the Stats tab only: the picked type's, or the first series' (never added across types). */
      stats: PlayerStatsEntry[] | null;
      stat: StatTab;
    };

export type StatsPageData =
  | { kind: 'empty' }
  | { kind: 'unknown'; touKey: string; tournaments: TournamentListItem[] }
  | {
      kind: 'found';
      tournaments: TournamentListItem[];
      tournament: TournamentListItem;
      /** The type whose stats are shown, in a tournament of several (the first played when none is picked). */
      type: FormatType | null;
      stats: PlayerStatsEntry[];
      stat: StatTab;
      /** What the open data is missing of the tournament: its stats are short by it too. */
      gap: TournamentGap | null;
    };

/** The request's services (src/middleware.ts attaches them); throws when missing. */
export function required(services: Services | undefined): Services {
  if (!services) throw new Error('Server services are not attached to this request');
  return services;
}

export async function loadSeriesPage(
  services: Services | undefined,
  touKey: string | null,
  query: Pick<SeriesQuery, 'stat' | 'tab' | 'type'>,
  lang: Lang,
): Promise<SeriesPageData> {
  const { tournaments: service } = required(services);
  const tournaments = await service.list();
  const key = touKey ?? tournaments[0]?.tou_key ?? null;
  if (key === null) return { kind: 'empty' };
  const { stat } = query;
  const detail = await service.detail(key, lang);
  if (!detail) return { kind: 'unknown', touKey: key, tournaments };
  const tab = pickOne(query.tab, seriesTabs(detail), 'overview');
  const types = detail.parts.map((part) => part.formatType);
  const type = pickType(types, query.type);
  const stats = tab === 'stats' ? await service.playerStats(key, statsType(types, type)) : null;
  return { kind: 'found', tournaments, detail, tab, type, stats, stat };
}

export async function loadStatsPage(services: Services | undefined, touKey: string | null, query: Pick<StatsQuery, 'stat' | 'type'>): Promise<StatsPageData> {
  const { tournaments: service } = required(services);
  const tournaments = await service.list();
  const key = touKey ?? tournaments[0]?.tou_key ?? null;
  if (key === null) return { kind: 'empty' };
  const { stat } = query;
  const tournament = tournaments.find((item) => item.tou_key === key);
  if (!tournament) return { kind: 'unknown', touKey: key, tournaments };
  const types = tournament.format_types;
  const type = statsType(types, pickType(types, query.type)) ?? null;
  const [stats, gap] = await Promise.all([service.playerStats(key, type ?? undefined), service.gap(key)]);
  if (!stats) return { kind: 'unknown', touKey: key, tournaments };
  return { kind: 'found', tournaments, tournament, type, stats, stat, gap };
}
