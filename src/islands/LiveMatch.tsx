// The one island of a live match page: the live panel, then the page's tab strip (server HTML
// passed as children), then the Live tab's batter and bowler tables or the Commentary tab's
// balls with read-aloud. The server renders it with the state at load (so the page reads
// without JavaScript); in the browser it follows the match room over Socket.IO and updates in
// place: state in a nanostore (src/stores/live-match.ts), sequence gaps and reconnections
// answered by a catch-up (src/lib/live-socket.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { sideScore } from '../lib/scores.ts';
import { followMatch, type Following } from '../lib/live-socket.ts';
import { createLiveMatchStore, type InningsScores, type LiveBall, type LiveStateObject } from '../stores/live-match.ts';
import type { LiveLabels } from './live/labels.ts';
import { CommentaryList, LivePanel, PlayersTables } from './live/LiveViews.tsx';
import ReadAloud from './ReadAloud.tsx';
import '../styles/ball-views.css';
import './live/live-match.css';

export interface LiveMatchProps {
  matchKey: string;
  /** The match's last event sequence when the page was rendered. */
  sequence: number;
  live: LiveStateObject | null;
  innings: InningsScores;
  /** The commentary at load, newest first. */
  balls: LiveBall[];
  teams: Record<'a' | 'b', { code: string; name: string }>;
  /** The chase's target at load. */
  target: number | null;
  dayNumber: number | null;
  toss: string | null;
  /** The need, lead or trail at load, for the panel before the live feed fills play.live. */
  situation: string | null;
  tab: 'live' | 'commentary' | 'other';
  lang: 'en' | 'hi';
  labels: LiveLabels;
  /** The player page's address up to the player key. */
  playerHref: string;
  children?: ReactNode;
}

function scoresBySide(innings: InningsScores): Record<'a' | 'b', string | null> {
  const line = (key: keyof InningsScores) => {
    const inn = innings[key];
    return inn && { runs: inn.score.runs, wickets: inn.score.wickets, overs: inn.score.overs, declared: inn.declared, forfeited: inn.forfeited };
  };
  return { a: sideScore(line('a_1') ?? undefined, line('a_2') ?? undefined), b: sideScore(line('b_1') ?? undefined, line('b_2') ?? undefined) };
}

export default function LiveMatch(props: LiveMatchProps) {
  const { matchKey, teams, target, dayNumber, toss, situation, tab, lang, labels, playerHref, children } = props;
  const store = useMemo(
    () => createLiveMatchStore({ matchKey, sequence: props.sequence, live: props.live, innings: props.innings, balls: props.balls }),
    [],
  );
  const state = useStore(store.$state);
  const [connected, setConnected] = useState(false);

  // Play is over when play.live goes (the result is made): the server renders the result panel.
  useEffect(
    () =>
      store.$state.listen((next, previous) => {
        if (previous?.live && !next.live) window.location.reload();
      }),
    [store],
  );

  useEffect(() => {
    let following: Following | null = null;
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    // A phone back from a dead zone may hold a socket that never noticed: ask for what it missed.
    const onOnline = () => following?.resync();
    window.addEventListener('online', onOnline);
    // Loaded after the first paint: the socket client is not needed to read the page.
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const socket = io();
      socket.on('connect', () => setConnected(true));
      socket.on('disconnect', () => setConnected(false));
      following = followMatch(socket, store);
      disconnect = () => socket.disconnect();
    });
    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
      following?.stop();
      disconnect?.();
    };
  }, [store]);

  // A revised (DLS) target reaches the page through the need: runs scored plus runs required.
  const required = state.live?.required_score;
  const chaseTarget = required && state.live ? state.live.score.runs + required.runs : target;

  return (
    <div className="live-match" data-sequence={state.sequence} data-connected={connected}>
      <LivePanel
        live={state.live}
        teams={teams}
        sideScores={scoresBySide(state.innings)}
        target={chaseTarget}
        dayNumber={dayNumber}
        toss={toss}
        situation={situation}
        labels={labels}
      />
      {children}
      {tab === 'live' && <PlayersTables live={state.live} labels={labels} playerHref={playerHref} />}
      {tab === 'commentary' && (
        <section className="commentary" aria-labelledby="commentary-heading">
          <div className="lc-top">
            <h2 id="commentary-heading">{labels.liveHeading}</h2>
            <ReadAloud store={store} lang={lang} labels={{ start: labels.readAloud, stop: labels.stopReading, noHindiVoice: labels.noHindiVoice }} />
          </div>
          <CommentaryList balls={state.balls} labels={labels} playerHref={playerHref} />
        </section>
      )}
    </div>
  );
}
