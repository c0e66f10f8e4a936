// Keeps a live match store in step with the server over Socket.IO (spec §7): 'sub' with the
// match key on every (re)connection, then 'catchup' from the last applied sequence, since the
// page or the dropped connection may have missed events; and 'catchup' again whenever an
// event shows a gap. A page in Hindi names its language in 'sub' and hears each new ball's
// sentence in Hindi too ('wording'), which replaces the English one. The server answers a catch-up by re-emitting the missed events in order, or,
// when more were missed than one catch-up sends, with 'reload': the page loads the match afresh.
import type { Socket } from 'socket.io-client';
import type { BallWording, LiveEvent, LiveMatchStore } from '../stores/live-match.ts';

/** A catch-up still unanswered after this long may be asked for again. */
export const CATCHUP_RETRY_MS = 2000;

type SocketLike = Pick<Socket, 'on' | 'off' | 'emit' | 'connected'>;

function hasSequence(payload: unknown): payload is { match_key: string; sequence: number } {
  if (typeof payload !== 'object' || payload === null) return false;
  const { match_key: key, sequence } = payload as Record<string, unknown>;
  return typeof key === 'string' && Number.isInteger(sequence);
}

export interface Following {
  /** Asks for what was missed now (the browser came back online). */
  resync(): void;
  stop(): void;
}

export function followMatch(
  socket: SocketLike,
  store: LiveMatchStore,
  now: () => number = Date.now,
  reload: () => void = () => window.location.reload(),
  lang: 'en' | 'hi' = 'en',
): Following {
  const matchKey = store.$state.get().matchKey;
  let asked: { after: number; at: number } | null = null;

  function catchUp(force: boolean): void {
    const after = store.$state.get().sequence;
    if (!force && asked && asked.after === after && now() - asked.at < CATCHUP_RETRY_MS) return;
    asked = { after, at: now() };
    socket.emit('catchup', { match_key: matchKey, after_sequence: after });
  }

  function subscribe(): void {
    socket.emit('sub', lang === 'en' ? { match_key: matchKey } : { match_key: matchKey, lang });
    catchUp(true);
  }

  // The server's payloads are validated there (schemas/realtime.ts); here only what ordering needs.
  const receive = (name: LiveEvent['name'], payload: unknown) => {
    if (!hasSequence(payload)) return;
    if (store.receive({ name, payload } as LiveEvent) === 'gap') catchUp(false);
  };
  const onScore = (payload: unknown) => receive('score', payload);
  const onCommentory = (payload: unknown) => receive('commentory', payload);
  const onWording = (payload: unknown) => {
    const wording = payload as Partial<BallWording> | null;
    if (typeof wording?.key === 'string' && typeof wording.comment === 'string' && typeof wording.match_key === 'string') {
      store.word({ match_key: wording.match_key, key: wording.key, comment: wording.comment, over_summary: wording.over_summary ?? null });
    }
  };
  const onReload = (payload: unknown) => {
    if ((payload as { match_key?: unknown } | null)?.match_key === matchKey) reload();
  };

  socket.on('connect', subscribe);
  socket.on('score', onScore);
  socket.on('commentory', onCommentory);
  socket.on('reload', onReload);
  if (lang !== 'en') socket.on('wording', onWording);
  if (socket.connected) subscribe();
  return {
    resync: () => {
      if (socket.connected) catchUp(true);
    },
    stop: () => {
      socket.off('connect', subscribe);
      socket.off('score', onScore);
      socket.off('commentory', onCommentory);
      socket.off('reload', onReload);
      socket.off('wording', onWording);
      socket.emit('unsub', { match_key: matchKey });
    },
  };
}
