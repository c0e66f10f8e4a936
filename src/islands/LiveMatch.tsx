// The one island of a live match page: the live panel, then the page's tab strip (server HTML
// passed as children), then the Live tab's batter and bowler tables or the Commentary tab's
// balls of one innings (a picker for the others) with read-aloud. The server renders it with
// the state at load (so the page reads without JavaScript); in the browser it follows the
// match room over Socket.IO and updates in place: state in a nanostore
// (src/stores/live-match.ts), sequence gaps and reconnections answered by a catch-up
// (src/lib/live-socket.ts). On the Scoreboard tab it brings the server-rendered scorecard up to
// date after each change.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { sideScore } from '../lib/scores.ts';
import { followMatch, type Following } from '../lib/live-socket.ts';
import { createLiveMatchStore, MAX_BALLS, type InningsScores, type LiveBall, type LiveMatchState, type LiveStateObject, type WinChance } from '../stores/live-match.ts';
import { freshPage, swapIn } from '../lib/page-refresh.ts';
import type { LiveLabels } from './live/labels.ts';
import { clockText, CommentaryList, LivePanel, PlayerNames, PlayersTables } from './live/LiveViews.tsx';
import { LiveCentre } from './live/LiveCentre.tsx';
import ReadAloud from './ReadAloud.tsx';
import '../styles/ball-views.css';
import '../styles/team-badge.css';
import './live/live-match.css';

export interface LiveMatchProps {
  matchKey: string;
  /** The match's last event sequence when the page was rendered. */
  sequence: number;
  live: LiveStateObject | null;
  innings: InningsScores;
  /** The commentary at load (the shown innings' newest balls), newest first. */
  balls: LiveBall[];
  commentary: CommentaryView;
  /** The tab's body outside the island (the Scoreboard) is brought up to date after each change. */
  refreshBody: boolean;
  teams: Record<'a' | 'b', { key: string; code: string; name: string }>;
  /** The chase's target at load. */
  target: number | null;
  dayNumber: number | null;
  toss: string | null;
  /** The need, lead or trail at load, for the panel before the live feed fills play.live. */
  situation: string | null;
  /** The win probability after the latest ball at load (the Live tab's; 'score' events bring the next). */
  winProbability?: WinChance | null;
  tab: 'live' | 'commentary' | 'other';
  lang: 'en' | 'hi';
  labels: LiveLabels;
  /** The player page's address up to the player key. */
  playerHref: string;
  /** Players' names in the page's language by key and Latin name (none on English pages). */
  names: Readonly<Record<string, string>>;
  children?: ReactNode;
}

export interface CommentaryView {
  /** The innings the fan picked; null follows the latest, moving on when the next one starts. */
  shown: number | null;
  /** Innings with balls at load, in playing order, as the picker names them. */
  innings: { n: number; label: string }[];
  /** Innings whose older balls the page left out (a Test's long innings): a link shows them all. */
  truncated: number[];
  /** The Commentary tab's address; an innings adds innings=N. */
  href: string;
  format: 't20' | 'oneday' | 'test';
}

function scoresBySide(innings: InningsScores): Record<'a' | 'b', string | null> {
  const line = (key: keyof InningsScores) => {
    const inn = innings[key];
    return inn && { runs: inn.score.runs, wickets: inn.score.wickets, overs: inn.score.overs, declared: inn.declared, forfeited: inn.forfeited };
  };
  return { a: sideScore(line('a_1') ?? undefined, line('a_2') ?? undefined), b: sideScore(line('b_1') ?? undefined, line('b_2') ?? undefined) };
}

export default function LiveMatch(props: LiveMatchProps) {
  const { matchKey, teams, target, dayNumber, toss, situation, tab, lang, labels, playerHref, names, children, commentary, refreshBody } = props;
  const store = useMemo(
    () =>
      createLiveMatchStore({ matchKey, sequence: props.sequence, live: props.live, innings: props.innings, balls: props.balls, winProbability: props.winProbability ?? null }),
    [],
  );
  const state = useStore(store.$state);
  const [connected, setConnected] = useState(false);
  // Since when the score shown may be stale: the live connection dropped (or never came up).
  const [staleSince, setStaleSince] = useState<number | null>(null);

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
    // The browser knows it is offline before the socket does (its ping times out later).
    const loadedAt = Date.now();
    const onOffline = () => setStaleSince((since) => since ?? Date.now());
    window.addEventListener('offline', onOffline);
    // Loaded after the first paint: the socket client is not needed to read the page.
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const socket = io();
      socket.on('connect', () => {
        setConnected(true);
        setStaleSince(null);
      });
      socket.on('disconnect', () => {
        setConnected(false);
        setStaleSince((since) => since ?? Date.now());
      });
      // Never connected yet: the score is the page's, as of its load.
      socket.on('connect_error', () => setStaleSince((since) => since ?? (socket.connected ? null : loadedAt)));
      following = followMatch(socket, store, Date.now, () => window.location.reload(), lang);
      disconnect = () => socket.disconnect();
    });
    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      following?.stop();
      disconnect?.();
    };
  }, [store]);

  // The Scoreboard (server HTML after the island) follows each change: the page as the server
  // renders it now replaces it, once the server's copy has caught up with this change.
  useEffect(() => {
    if (!refreshBody) return;
    let latest = store.$state.get().sequence;
    let running = false;
    const refresh = async () => {
      running = true;
      for (let tries = 0; tries < 3; tries += 1) {
        const wanted = latest;
        const page = await freshPage();
        const body = document.querySelector('.tab-body');
        const rendered = Number(page?.querySelector('.live-match')?.getAttribute('data-sequence') ?? -1);
        if (page && body && rendered >= wanted) swapIn(body, page, '.tab-body');
        // Another process may not have heard of the change yet: ask again shortly.
        if (rendered >= latest) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      running = false;
    };
    return store.$state.listen((next) => {
      if (next.sequence === latest) return;
      latest = next.sequence;
      if (!running) void refresh();
    });
  }, [store, refreshBody]);

  // A revised (DLS) target reaches the page through the need: runs scored plus runs required.
  const required = state.live?.required_score;
  const chaseTarget = required && state.live ? state.live.score.runs + required.runs : target;

  return (
    <PlayerNames.Provider value={names}>
      <div className="live-match" data-sequence={state.sequence} data-connected={connected}>
        <LivePanel
          live={state.live}
          teams={teams}
          sideScores={scoresBySide(state.innings)}
          target={chaseTarget}
          dayNumber={dayNumber}
          toss={toss}
          situation={situation}
          lang={lang}
          labels={labels}
          reconnectingSince={staleSince === null ? null : clockText(staleSince, lang)}
        />
        {children}
        {tab === 'live' && <PlayersTables live={state.live} labels={labels} playerHref={playerHref} />}
        {tab === 'live' && (
          <LiveCentre
            live={state.live}
            teams={teams}
            format={commentary.format}
            winProbability={state.winProbability ?? null}
            lang={lang}
            labels={labels}
            playerHref={playerHref}
          />
        )}
        {tab === 'commentary' && (
          <section className="commentary" aria-labelledby="commentary-heading">
            <div className="lc-top">
              <h2 id="commentary-heading">{labels.liveHeading}</h2>
              <ReadAloud store={store} lang={lang} labels={{ start: labels.readAloud, stop: labels.stopReading, noHindiVoice: labels.noHindiVoice }} />
            </div>
            <InningsCommentary state={state} teams={teams} view={commentary} labels={labels} playerHref={playerHref} />
          </section>
        )}
      </div>
    </PlayerNames.Provider>
  );
}

/** The label of an innings the page did not know at load (it began since): from the live state of its first ball. */
function newInningsLabel(n: number, live: LiveStateObject | null, teams: LiveMatchProps['teams'], view: CommentaryView, labels: LiveLabels): string {
  if (view.format !== 'test' && n > 2) return labels.superOver;
  if (!live) return String(n);
  const code = teams[live.batting_team].code;
  return view.format === 'test' ? labels.inningsOf.replace('{{team}}', code).replace('{{n}}', live.innings.split('_')[1] ?? '1') : code;
}

/** The commentary of one innings: a picker of the innings (links, so they work without JavaScript), its balls, a link to them all. */
function InningsCommentary(props: { state: LiveMatchState; teams: LiveMatchProps['teams']; view: CommentaryView; labels: LiveLabels; playerHref: string }) {
  const { state, teams, view, labels, playerHref } = props;
  const innings = new Map(view.innings.map((item) => [item.n, item.label]));
  for (const ball of state.balls) {
    if (ball.innings_no !== undefined && !innings.has(ball.innings_no)) innings.set(ball.innings_no, newInningsLabel(ball.innings_no, state.live, teams, view, labels));
  }
  const numbers = [...innings.keys()].sort((x, y) => x - y);
  const shown = view.shown ?? numbers.at(-1) ?? null;
  const balls = shown === null ? state.balls : state.balls.filter((ball) => ball.innings_no === shown);
  const link = (query: string) => `${view.href}${view.href.includes('?') ? '&' : '?'}${query}`;
  const cut = shown !== null && (view.truncated.includes(shown) || balls.length >= MAX_BALLS);
  return (
    <>
      {numbers.length > 1 && (
        <nav className="lc-innings" aria-label={labels.inningsPicker}>
          <ul>
            {numbers.map((n) => (
              <li key={n}>
                <a href={link(`innings=${n}`)} aria-current={n === shown ? 'page' : undefined}>
                  {innings.get(n)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <CommentaryList balls={balls} labels={labels} playerHref={playerHref} />
      {cut && (
        <p className="lc-all">
          <a href={link(`innings=${shown}&all=1`)}>{labels.allBalls}</a>
        </p>
      )}
    </>
  );
}
