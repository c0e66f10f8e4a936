// The page of a match not in play follows the match's room and reloads when what it shows
// changes into something the server renders differently: an upcoming match's page at the first
// ball (it becomes the live page); a finished match played live at any change (the player of
// the match named after the result, or the deciding ball taken back, or a super over after a
// tie, which put it back in play). Events between the page's render and the subscription come
// back through the catch-up from the page's sequence.
import { liveSocket } from './live-client.ts';

/** Which events make the page reload: a ball only (an upcoming page: a toss is not play), or any. */
export type ReloadOn = 'ball' | 'any';

export async function reloadOnPlay(matchKey: string, sequence: number, on: ReloadOn): Promise<void> {
  const socket = await liveSocket();
  const subscribe = () => {
    socket.emit('sub', { match_key: matchKey });
    socket.emit('catchup', { match_key: matchKey, after_sequence: sequence });
  };
  socket.on('connect', subscribe);
  if (socket.connected) subscribe();
  const reload = (payload: unknown) => {
    if ((payload as { match_key?: unknown } | null)?.match_key === matchKey) window.location.reload();
  };
  socket.on('commentory', reload);
  // The page missed more than a catch-up sends: it is stale whatever it shows.
  socket.on('reload', reload);
  if (on === 'any') socket.on('score', reload);
}
