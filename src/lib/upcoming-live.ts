// The page of an upcoming match listens to its match room and becomes the live page at the
// first ball (the server renders the live island then). A ball bowled between the page's render
// and the subscription comes back through the catch-up from the page's sequence.
import { liveSocket } from './live-client.ts';

export async function switchToLiveAtFirstBall(matchKey: string, sequence: number): Promise<void> {
  const socket = await liveSocket();
  const subscribe = () => {
    socket.emit('sub', { match_key: matchKey });
    socket.emit('catchup', { match_key: matchKey, after_sequence: sequence });
  };
  socket.on('connect', subscribe);
  if (socket.connected) subscribe();
  // A toss or a team sheet is not play: only a ball ('commentory') makes the match live.
  socket.on('commentory', (payload: unknown) => {
    if ((payload as { match_key?: unknown } | null)?.match_key === matchKey) window.location.reload();
  });
}
