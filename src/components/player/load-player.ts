// What the player page shows, read from the services (no HTTP hop): the player key comes
// from ?player_key= so a shared link works (the spec carried it in navigation state).
import type { Services } from '../../server/services/index.ts';
import type { HeldSince, PlayerInfo, PlayerOverview } from '../../server/services/match-centre-types.ts';

export type PlayerPageData =
  | { kind: 'no-key' }
  | { kind: 'unknown'; playerKey: string }
  /** heldSince: since when matches of each kind are held here, for what the careers cover. */
  | { kind: 'found'; playerKey: string; overview: PlayerOverview; info: PlayerInfo; heldSince: HeldSince };

export async function loadPlayerPage(services: Services | undefined, playerKey: string): Promise<PlayerPageData> {
  if (!playerKey) return { kind: 'no-key' };
  if (!services) throw new Error('Server services are not attached to this request');
  const [overview, info, heldSince] = await Promise.all([
    services.players.overview(playerKey),
    services.players.info(playerKey),
    services.players.heldSince(),
  ]);
  return overview && info ? { kind: 'found', playerKey, overview, info, heldSince } : { kind: 'unknown', playerKey };
}
