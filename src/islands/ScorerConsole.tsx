// The scorer console of one match (/scorer/{match_key}): toss, playing XIs, innings, then ball
// by ball with the keyboard or the buttons. Balls go through the device's queue (lib/ball-queue):
// kept in localStorage with their idempotency keys and sent in order, so a phone losing signal
// mid-over loses nothing and writes nothing twice. docs/decisions/026-scorer-console.md.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { answerText, callApi, type ApiAnswer } from '../lib/account-api.ts';
import { fill } from '../shared/account-rules.ts';
import { DISMISSAL_KINDS } from '../server/domain/dismissal.ts';
import type { DismissalKind } from '../server/domain/types.ts';
import { BallQueue, localQueueStorage, type QueuedBall, type QueueSnapshot, type SendOutcome } from '../lib/ball-queue.ts';
import {
  ballFields,
  ballSymbol,
  creaseAfter,
  MAY_RETURN,
  toggleExtra,
  WITH_FIELDER,
  type BallFields,
  type EnteredBall,
  type ExtraKind,
} from '../lib/scorer-ball.ts';
import type { ScorerStrings } from '../i18n/scorer.ts';
import type { z } from 'zod';
import type { scorerMatch } from '../server/api/schemas/scorer.ts';

type Side = 'a' | 'b';

/** GET scorer/matches/{match_key}'s data, as its contract says. */
export type ConsoleMatch = z.output<typeof scorerMatch>;

/** The crease as this device knows it: ahead of the server while balls wait in the queue. */
interface LocalCrease {
  innings: number;
  striker: string | null;
  nonStriker: string | null;
  bowler: string | null;
  /** The bowler of the over before (may not bowl the next one). */
  previousBowler: string | null;
  ballsInOver: number;
  out: string[];
  lastBallKey: string | null;
  thisOver: string[];
}

interface QueuedEntry {
  fields: BallFields;
  /** The crease before the ball, to go back to if the ball is taken back before it is sent. */
  before: LocalCrease;
}

const BREAKS = ['drinks', 'lunch', 'tea', 'stumps', 'rain', 'bad_light'] as const;
const EXTRA_KEYS: Record<string, ExtraKind> = { w: 'wide', n: 'noball', b: 'bye', l: 'legbye' };

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http on a LAN have no randomUUID; 16 random bytes do the same job.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const creaseStore = (matchKey: string) => `crease.scorer.crease.${matchKey}`;

function loadCrease(matchKey: string): LocalCrease | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(creaseStore(matchKey)) ?? 'null');
    return parsed && typeof parsed === 'object' ? (parsed as LocalCrease) : null;
  } catch {
    return null;
  }
}

function creaseFromServer(current: NonNullable<ConsoleMatch['current']>): LocalCrease {
  // At an over's end the server still names the bowler who finished it: the next over needs another.
  const overEnded = current.balls_in_over === 0 && current.last_ball_key !== null;
  return {
    innings: current.innings,
    striker: current.striker,
    nonStriker: current.non_striker,
    bowler: overEnded ? null : current.bowler,
    previousBowler: overEnded ? current.bowler : null,
    ballsInOver: current.balls_in_over,
    out: current.out,
    lastBallKey: current.last_ball_key,
    thisOver: [],
  };
}

const oversText = (legalBalls: number, ballsPerOver: number) => `${Math.floor(legalBalls / ballsPerOver)}.${legalBalls % ballsPerOver}`;

interface Props {
  matchKey: string;
  /** The page's language: the result line comes in it. */
  lang: 'en' | 'hi';
  labels: ScorerStrings;
  /** The match page's path in the page's language. */
  matchHref: string;
}

export default function ScorerConsole({ matchKey, lang, labels, matchHref }: Props) {
  const [match, setMatch] = useState<ConsoleMatch | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [crease, setCreaseState] = useState<LocalCrease | null>(null);
  const [snapshot, setSnapshot] = useState<QueueSnapshot<QueuedEntry>>({ pending: [], refused: null, sending: false, retryInMs: 0 });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [extras, setExtras] = useState<Set<ExtraKind>>(new Set());
  const [penalty, setPenalty] = useState(false);
  const [wicketOpen, setWicketOpen] = useState(false);
  const [wicket, setWicket] = useState<{ kind: DismissalKind; playerOut: string; fielder: string; substitute: string }>({
    kind: 'bowled',
    playerOut: '',
    fielder: '',
    substitute: '',
  });
  const [online, setOnline] = useState(true);
  const queueRef = useRef<BallQueue<QueuedEntry> | null>(null);
  const creaseRef = useRef<LocalCrease | null>(null);
  /** The match's event sequence as this device last saw it (its own balls included): an undo names it. */
  const sequenceRef = useRef<number | null>(null);

  const setCrease = useCallback(
    (next: LocalCrease | null) => {
      creaseRef.current = next;
      setCreaseState(next);
      if (next) localStorage.setItem(creaseStore(matchKey), JSON.stringify(next));
      else localStorage.removeItem(creaseStore(matchKey));
    },
    [matchKey],
  );

  const load = useCallback(async () => {
    const answer = await callApi(`scorer/matches/${encodeURIComponent(matchKey)}?lang=${lang}`);
    if (!answer.ok) {
      setLoadFailed(answerText(answer, labels.networkError));
      return null;
    }
    const data = answer.body.data as ConsoleMatch;
    setLoadFailed(null);
    setMatch(data);
    sequenceRef.current = data.sequence;
    const local = creaseRef.current ?? loadCrease(matchKey);
    const waiting = (queueRef.current?.snapshot().pending.length ?? 0) > 0;
    if (!data.current) setCrease(null);
    // The device is ahead while balls wait, and knows picks (a new batter) the server has not seen.
    else if (local && local.innings === data.current.innings && (waiting || local.lastBallKey === data.current.last_ball_key)) setCrease(local);
    else setCrease(creaseFromServer(data.current));
    return data;
  }, [matchKey, lang, labels.networkError, setCrease]);

  useEffect(() => {
    const queue = new BallQueue<QueuedEntry>({
      storage: localQueueStorage<QueuedEntry>(matchKey),
      send: async (queued): Promise<SendOutcome> => {
        const answer = await callApi(`scorer/matches/${encodeURIComponent(queued.matchKey)}/balls`, {
          json: { idempotency_key: queued.key, ball: queued.ball.fields },
        });
        if (answer.ok) {
          const stored = answer.body.data as { ball_key: string; sequence: number; duplicate: boolean };
          // The ball's 'commentory' event, then its 'score': where the match's sequence now stands.
          if (!stored.duplicate) sequenceRef.current = stored.sequence + 1;
          return { kind: 'stored', ballKey: String(stored.ball_key) };
        }
        if (answer.status === 0 || answer.status >= 500 || answer.status === 429 || answer.status === 408) return { kind: 'retry' };
        return { kind: 'refused', message: answerText(answer, labels.networkError) };
      },
      onChange: setSnapshot,
      onStored: (_ball, ballKey) => {
        const current = creaseRef.current;
        if (current) setCrease({ ...current, lastBallKey: ballKey });
        if (queue.snapshot().pending.length === 0) void load();
      },
    });
    queueRef.current = queue;
    setSnapshot(queue.snapshot());
    void load().then(() => queue.flush());
    const wentOnline = () => {
      setOnline(true);
      queue.retryNow();
    };
    const wentOffline = () => setOnline(false);
    setOnline(navigator.onLine);
    window.addEventListener('online', wentOnline);
    window.addEventListener('offline', wentOffline);
    return () => {
      queue.stop();
      window.removeEventListener('online', wentOnline);
      window.removeEventListener('offline', wentOffline);
    };
  }, [matchKey, load, labels.networkError, setCrease]);

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const side of ['a', 'b'] as const) for (const player of match?.players[side] ?? []) map.set(player.key, player.name);
    return map;
  }, [match]);
  const nameOf = (key: string | null) => (key === null ? '' : (names.get(key) ?? key));

  /** Sends a command straight away (not queued): only with every ball sent, so order holds. */
  const command = async (path: string, json: unknown): Promise<ApiAnswer | null> => {
    if (snapshot.pending.length > 0) {
      setNotice(labels.waitSend);
      return null;
    }
    setBusy(true);
    setNotice(null);
    const answer = await callApi(`scorer/matches/${encodeURIComponent(matchKey)}/${path}`, { json });
    setBusy(false);
    if (!answer.ok) {
      setNotice(fill(labels.failed, { message: answerText(answer, labels.networkError) }));
      return null;
    }
    await load();
    return answer;
  };

  const resetEntry = () => {
    setExtras(new Set());
    setPenalty(false);
    setWicketOpen(false);
    // The player out is chosen afresh for each wicket: last time's may be back in the pavilion.
    setWicket((current) => ({ ...current, playerOut: '', fielder: '', substitute: '' }));
  };

  const record = (runs: number) => {
    const now = creaseRef.current;
    const queue = queueRef.current;
    if (!match || !now || !queue) return;
    if (!now.striker || !now.nonStriker || !now.bowler) {
      setNotice(labels.pickCrease);
      return;
    }
    const playerOut = wicket.playerOut || now.striker;
    const fielders =
      wicketOpen && WITH_FIELDER.has(wicket.kind)
        ? wicket.substitute.trim()
          ? [{ name: wicket.substitute.trim(), substitute: true }]
          : wicket.fielder
            ? [{ key: wicket.fielder }]
            : []
        : [];
    const entered: EnteredBall = {
      runs,
      extras,
      penalty,
      wicket: wicketOpen ? { kind: wicket.kind, playerOut, fielders } : null,
    };
    const position = { striker: now.striker, nonStriker: now.nonStriker, bowler: now.bowler };
    const fields = ballFields(entered, position);
    const after = creaseAfter(entered, position, now.ballsInOver, match.balls_per_over);
    const symbol = ballSymbol(entered);
    const next: LocalCrease = {
      ...now,
      striker: after.striker,
      nonStriker: after.nonStriker,
      ballsInOver: after.ballsInOver,
      bowler: after.overEnded ? null : now.bowler,
      previousBowler: after.overEnded ? now.bowler : now.previousBowler,
      out: entered.wicket && !MAY_RETURN.has(entered.wicket.kind) ? [...now.out, playerOut] : now.out,
      thisOver: after.overEnded ? [] : [...now.thisOver, symbol],
    };
    setNotice(null);
    setCrease(next);
    resetEntry();
    const queued: QueuedBall<QueuedEntry> = { key: newKey(), matchKey, ball: { fields, before: now } };
    queue.add(queued);
  };

  const undo = async () => {
    const queue = queueRef.current;
    if (!queue) return;
    const taken = queue.takeBackLast();
    if (taken) {
      setCrease(taken.ball.before);
      return;
    }
    if (snapshot.pending.length > 0 || !match || match.innings.length === 0 || sequenceRef.current === null) {
      setNotice(snapshot.pending.length > 0 ? labels.waitSend : labels.nothingToUndo);
      return;
    }
    // Taking back a ball that decided the match reopens it: the scorer says so first.
    if (match.status === 'completed' && !window.confirm(labels.confirmUndoResult)) return;
    // From the state this device saw: a resent undo cannot take back a second step. The server's
    // crease replaces this device's once the ball is gone (its last ball key changed).
    await command('undo', { sequence: sequenceRef.current });
  };

  // Keyboard: digits record, letters set up the ball; never while typing in a field.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandler.current = (event) => {
    const target = event.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (event.ctrlKey || event.metaKey || event.altKey || busy) return;
    const key = event.key.toLowerCase();
    if (/^[0-6]$/.test(key)) record(Number(key));
    else if (key in EXTRA_KEYS) setExtras((current) => toggleExtra(current, EXTRA_KEYS[key]!));
    else if (key === 'x') setWicketOpen((open) => !open);
    else if (key === 'u') void undo();
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  if (loadFailed && !match) return <p role="alert">{loadFailed}</p>;
  if (!match) return <p role="status">{labels.loading}</p>;

  const battingSide = match.current?.batting_side ?? null;
  const fieldingSide: Side | null = battingSide === null ? null : battingSide === 'a' ? 'b' : 'a';
  const batters = battingSide ? match.players[battingSide] : [];
  const fielders = fieldingSide ? match.players[fieldingSide] : [];
  const available = batters.filter((player) => !crease?.out.includes(player.key) && player.key !== crease?.striker && player.key !== crease?.nonStriker);

  const queueLine = (
    <p className="scorer-queue" role="status" data-testid="queue-status" data-queued={snapshot.pending.length}>
      {!online && <span className="scorer-offline">{labels.offline} · </span>}
      {snapshot.pending.length === 0 ? labels.allSent : fill(labels.queued, { count: snapshot.pending.length })}
      {snapshot.retryInMs > 0 && ` · ${fill(labels.retryingIn, { seconds: Math.ceil(snapshot.retryInMs / 1000) })}`}
    </p>
  );

  const header = (
    <header className="scorer-head">
      <h1>{match.title}</h1>
      <p className="scorer-status" data-testid="play-status" data-status={match.play_status}>
        {labels.playStatuses[match.play_status] ?? match.play_status}
      </p>
      <ul className="scorer-innings">
        {match.innings.map((innings) => (
          <li key={innings.number} data-testid={`innings-${innings.number}`}>
            {fill(labels.score, {
              team: match.teams[innings.batting_side].code,
              runs: innings.runs,
              wickets: innings.wickets,
              overs: oversText(innings.legal_balls, match.balls_per_over),
            })}
            {innings.super_over && ` · ${labels.superOver}`}
          </li>
        ))}
      </ul>
      {queueLine}
      {snapshot.refused && (
        <div role="alert" className="scorer-refused">
          <p>{fill(labels.refused, { message: snapshot.refused.message })}</p>
          <button type="button" onClick={() => queueRef.current?.retryRefused()}>{labels.retry}</button>
          <button type="button" onClick={() => queueRef.current?.dropRefused()}>{labels.drop}</button>
        </div>
      )}
      {notice && <p role="alert" className="scorer-notice">{notice}</p>}
    </header>
  );

  // Between innings and after the result, undo may take back an innings change rather than a ball.
  const undoButton = match.innings.length > 0 && (
    <button type="button" className="scorer-undo" onClick={() => void undo()} disabled={busy} aria-keyshortcuts="u" data-testid="undo">
      {labels.undoStep}
    </button>
  );
  const startInnings = (body: unknown) => void command('innings', body);

  if (match.status === 'completed') {
    return (
      <div className="scorer">
        {header}
        <p className="scorer-result" data-testid="result">{match.result ?? labels.finished}</p>
        {match.next_innings?.super_over && (
          <>
            <p className="scorer-note">{labels.tiedNote}</p>
            <InningsForm match={match} labels={labels} busy={busy} onStart={startInnings} />
          </>
        )}
        <CompleteForm match={match} labels={labels} busy={busy} onComplete={(keys) => void command('complete', { player_of_match: keys })} />
        <p className="scorer-row">
          {undoButton}
          <a href={matchHref}>{labels.viewMatch}</a>
        </p>
      </div>
    );
  }

  if (!match.current || !crease) {
    return (
      <div className="scorer">
        {header}
        {!match.toss && <TossForm match={match} labels={labels} busy={busy} onSave={(toss) => void command('toss', toss)} />}
        {(['a', 'b'] as const).map((side) => (
          <XiForm key={side} side={side} match={match} labels={labels} busy={busy} onSave={(sheet) => void command('xi', { side, ...sheet })} />
        ))}
        {match.next_innings && <InningsForm match={match} labels={labels} busy={busy} onStart={startInnings} />}
        {match.innings.length > 0 && <CompleteForm match={match} labels={labels} busy={busy} onComplete={(keys) => void command('complete', { player_of_match: keys })} />}
        {undoButton && <p className="scorer-row">{undoButton}</p>}
      </div>
    );
  }

  const select = (label: string, value: string | null, options: { key: string; name: string }[], onChange: (key: string) => void, testId: string) => (
    <label className="scorer-pick">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        <option value="">{labels.choose}</option>
        {options.map((player) => (
          <option key={player.key} value={player.key}>
            {player.name}
          </option>
        ))}
      </select>
    </label>
  );
  const withCurrent = (key: string | null) => (key === null ? available : [{ key, name: nameOf(key) }, ...available]);
  const bowlers = fielders.filter((player) => player.key !== crease.previousBowler);

  return (
    <div className="scorer">
      {header}
      <section className="scorer-crease" aria-label={labels.openers}>
        {select(labels.striker, crease.striker, withCurrent(crease.striker), (key) => setCrease({ ...crease, striker: key || null }), 'striker')}
        {select(labels.nonStriker, crease.nonStriker, withCurrent(crease.nonStriker), (key) => setCrease({ ...crease, nonStriker: key || null }), 'non-striker')}
        {select(crease.bowler === null && crease.previousBowler ? labels.newBowler : labels.bowler, crease.bowler, bowlers, (key) => setCrease({ ...crease, bowler: key || null }), 'bowler')}
        <button type="button" onClick={() => setCrease({ ...crease, striker: crease.nonStriker, nonStriker: crease.striker })}>
          {labels.swapStrike}
        </button>
      </section>

      <section className="scorer-pad" aria-label={labels.runs}>
        <p className="scorer-over" data-testid="this-over">
          {labels.thisOver}: {crease.thisOver.join(' ') || '—'}
        </p>
        <div className="scorer-toggles">
          <Toggle on={extras.has('wide')} onClick={() => setExtras(toggleExtra(extras, 'wide'))} hint="w">{labels.wide}</Toggle>
          <Toggle on={extras.has('noball')} onClick={() => setExtras(toggleExtra(extras, 'noball'))} hint="n">{labels.noBall}</Toggle>
          <Toggle on={extras.has('bye')} onClick={() => setExtras(toggleExtra(extras, 'bye'))} hint="b">{labels.bye}</Toggle>
          <Toggle on={extras.has('legbye')} onClick={() => setExtras(toggleExtra(extras, 'legbye'))} hint="l">{labels.legBye}</Toggle>
          <Toggle on={wicketOpen} onClick={() => setWicketOpen(!wicketOpen)} hint="x">{labels.wicket}</Toggle>
          <Toggle on={penalty} onClick={() => setPenalty(!penalty)}>{labels.penaltyOnBall}</Toggle>
        </div>
        {wicketOpen && (
          <div className="scorer-wicket">
            <label>
              <span>{labels.howOut}</span>
              <select value={wicket.kind} onChange={(event) => setWicket({ ...wicket, kind: event.target.value as DismissalKind })} data-testid="dismissal">
                {DISMISSAL_KINDS.map((kind) => (
                  <option key={kind} value={kind}>{labels.dismissals[kind]}</option>
                ))}
              </select>
            </label>
            <label>
              <span>{labels.playerOut}</span>
              <select value={wicket.playerOut || crease.striker || ''} onChange={(event) => setWicket({ ...wicket, playerOut: event.target.value })} data-testid="player-out">
                {[crease.striker, crease.nonStriker].flatMap((key) => (key ? [<option key={key} value={key}>{nameOf(key)}</option>] : []))}
              </select>
            </label>
            {WITH_FIELDER.has(wicket.kind) && (
              <>
                <label>
                  <span>{labels.fielder}</span>
                  <select value={wicket.fielder} onChange={(event) => setWicket({ ...wicket, fielder: event.target.value })} data-testid="fielder">
                    <option value="">{labels.noFielder}</option>
                    {fielders.map((player) => (
                      <option key={player.key} value={player.key}>{player.name}</option>
                    ))}
                  </select>
                </label>
                <label>
                  <span>{labels.substitute}</span>
                  <input value={wicket.substitute} maxLength={100} onChange={(event) => setWicket({ ...wicket, substitute: event.target.value })} />
                </label>
              </>
            )}
          </div>
        )}
        <div className="scorer-runs">
          {[0, 1, 2, 3, 4, 5, 6].map((runs) => (
            <button key={runs} type="button" className="scorer-run" onClick={() => record(runs)} disabled={busy} aria-keyshortcuts={String(runs)} data-testid={`runs-${runs}`}>
              {runs}
            </button>
          ))}
          <button type="button" className="scorer-undo" onClick={() => void undo()} disabled={busy} aria-keyshortcuts="u" data-testid="undo">
            {labels.undo}
          </button>
        </div>
        <p className="scorer-keys">{labels.shortcuts}</p>
      </section>

      <MatchActions match={match} labels={labels} busy={busy} command={command} yetToBat={available} />
    </div>
  );
}

function Toggle({ on, onClick, hint, children }: { on: boolean; onClick: () => void; hint?: string; children: ReactNode }) {
  return (
    <button type="button" className={on ? 'scorer-toggle on' : 'scorer-toggle'} aria-pressed={on} onClick={onClick} aria-keyshortcuts={hint}>
      {children}
      {hint && <kbd>{hint}</kbd>}
    </button>
  );
}

interface FormProps {
  match: ConsoleMatch;
  labels: ScorerStrings;
  busy: boolean;
}

function TossForm({ match, labels, busy, onSave }: FormProps & { onSave: (toss: { winner: Side; decision: 'bat' | 'field' }) => void }) {
  const [winner, setWinner] = useState<Side>('a');
  const [decision, setDecision] = useState<'bat' | 'field'>('bat');
  return (
    <form className="panel scorer-form" onSubmit={(event) => (event.preventDefault(), onSave({ winner, decision }))}>
      <h2>{labels.toss}</h2>
      <label>
        <span>{labels.tossWinner}</span>
        <select value={winner} onChange={(event) => setWinner(event.target.value as Side)} data-testid="toss-winner">
          <option value="a">{match.teams.a.name}</option>
          <option value="b">{match.teams.b.name}</option>
        </select>
      </label>
      <label>
        <span>{labels.decision}</span>
        <select value={decision} onChange={(event) => setDecision(event.target.value as 'bat' | 'field')} data-testid="toss-decision">
          <option value="bat">{labels.bat}</option>
          <option value="field">{labels.field}</option>
        </select>
      </label>
      <button type="submit" disabled={busy}>{labels.saveToss}</button>
    </form>
  );
}

interface TeamSheet {
  player_keys: string[];
  captain_key: string | null;
  keeper_key: string | null;
}

function XiForm({ match, side, labels, busy, onSave }: FormProps & { side: Side; onSave: (sheet: TeamSheet) => void }) {
  const squad = match.players[side];
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(squad.slice(0, 11).map((player) => player.key)));
  const [captain, setCaptain] = useState('');
  const [keeper, setKeeper] = useState('');
  if (squad.length <= 11 && match.innings.length > 0) return null;
  const xi = squad.filter((player) => chosen.has(player.key));
  // A captain or keeper left out of the XI is not sent: the server would refuse the sheet.
  const inXi = (key: string) => (key && chosen.has(key) ? key : null);
  const markSelect = (label: string, value: string, set: (key: string) => void, testId: string) => (
    <label>
      <span>{label}</span>
      <select value={inXi(value) ?? ''} onChange={(event) => set(event.target.value)} data-testid={testId}>
        <option value="">{labels.notNamed}</option>
        {xi.map((player) => (
          <option key={player.key} value={player.key}>
            {player.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <details className="panel scorer-form" open={squad.length > 11}>
      <summary>{fill(labels.playingXi, { team: match.teams[side].name })}</summary>
      <ul className="scorer-xi">
        {squad.map((player) => (
          <li key={player.key}>
            <label>
              <input
                type="checkbox"
                checked={chosen.has(player.key)}
                onChange={() => {
                  const next = new Set(chosen);
                  if (!next.delete(player.key)) next.add(player.key);
                  setChosen(next);
                }}
              />
              {player.name}
            </label>
          </li>
        ))}
      </ul>
      {markSelect(labels.captain, captain, setCaptain, `captain-${side}`)}
      {markSelect(labels.keeper, keeper, setKeeper, `keeper-${side}`)}
      <button
        type="button"
        disabled={busy || chosen.size < 2 || chosen.size > 12}
        onClick={() => onSave({ player_keys: xi.map((player) => player.key), captain_key: inXi(captain), keeper_key: inXi(keeper) })}
      >
        {labels.saveXi} ({chosen.size})
      </button>
    </details>
  );
}

function InningsForm({ match, labels, busy, onStart }: FormProps & { onStart: (body: { batting_side: Side; target?: { runs: number; overs: number } }) => void }) {
  // The rules' next innings (its side, a super over, its target); the side may be changed for a follow-on.
  const next = match.next_innings!;
  const [side, setSide] = useState<Side>(next.batting_side);
  const [runs, setRuns] = useState('');
  const [overs, setOvers] = useState('');
  const target = runs && overs ? { runs: Number(runs), overs: Number(overs) } : undefined;
  const title = next.super_over ? labels.startSuperOver : labels.startInnings;
  return (
    <form className="panel scorer-form" onSubmit={(event) => (event.preventDefault(), onStart({ batting_side: side, ...(target ? { target } : {}) }))}>
      <h2>{title}</h2>
      <label>
        <span>{labels.battingSide}</span>
        <select value={side} onChange={(event) => setSide(event.target.value as Side)} data-testid="batting-side">
          <option value="a">{match.teams.a.name}</option>
          <option value="b">{match.teams.b.name}</option>
        </select>
      </label>
      {next.target_runs !== null && <p className="scorer-note" data-testid="next-target">{fill(labels.targetIs, { runs: next.target_runs })}</p>}
      {match.innings.length > 0 && !next.super_over && match.format !== 'test' && (
        <fieldset>
          <legend>{labels.target}</legend>
          <input inputMode="numeric" value={runs} onChange={(event) => setRuns(event.target.value)} aria-label={labels.targetRuns} />
          <input inputMode="decimal" value={overs} onChange={(event) => setOvers(event.target.value)} aria-label={labels.targetOvers} />
        </fieldset>
      )}
      <button type="submit" disabled={busy} data-testid="start-innings">{title}</button>
    </form>
  );
}

function CompleteForm({ match, labels, busy, onComplete }: FormProps & { onComplete: (keys: string[]) => void }) {
  // A match its deciding ball completed only needs the award, now or later.
  const awardOnly = match.status === 'completed';
  const [pom, setPom] = useState(match.player_of_match[0] ?? '');
  return (
    <form className="panel scorer-form" onSubmit={(event) => (event.preventDefault(), onComplete(pom ? [pom] : []))}>
      <h2>{awardOnly ? labels.playerOfMatch : labels.complete}</h2>
      {awardOnly && <p className="scorer-note">{labels.awardLater}</p>}
      <label>
        <span>{labels.playerOfMatch}</span>
        <select value={pom} onChange={(event) => setPom(event.target.value)} data-testid="player-of-match">
          <option value="">{labels.choose}</option>
          {[...match.players.a, ...match.players.b].map((player) => (
            <option key={player.key} value={player.key}>{player.name}</option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy} data-testid="complete">{awardOnly ? labels.saveAward : labels.complete}</button>
    </form>
  );
}

function MatchActions({
  match,
  labels,
  busy,
  command,
  yetToBat,
}: FormProps & { command: (path: string, json: unknown) => Promise<ApiAnswer | null>; yetToBat: { key: string; name: string }[] }) {
  const [runs, setRuns] = useState('');
  const [overs, setOvers] = useState('');
  const [penaltySide, setPenaltySide] = useState<Side>('a');
  const [absent, setAbsent] = useState('');
  const inBreak = match.play_status !== 'in_play';
  return (
    <section className="scorer-actions">
      <details className="panel">
        <summary>{labels.breaks}</summary>
        <div className="scorer-row">
          {BREAKS.map((reason) => (
            <button key={reason} type="button" disabled={busy} onClick={() => void command('break', { reason })}>
              {labels.breakNames[reason]}
            </button>
          ))}
          {inBreak && (
            <button type="button" disabled={busy} onClick={() => void command('break', { reason: null })}>
              {labels.resume}
            </button>
          )}
        </div>
      </details>
      <details className="panel">
        <summary>{labels.endInnings}</summary>
        <div className="scorer-row">
          <button type="button" disabled={busy} onClick={() => window.confirm(labels.confirmEnd) && void command('innings/end', { declared: false })} data-testid="end-innings">
            {labels.endInnings}
          </button>
          {match.format === 'test' && (
            <button type="button" disabled={busy} onClick={() => window.confirm(labels.confirmEnd) && void command('innings/end', { declared: true })}>
              {labels.declare}
            </button>
          )}
        </div>
        {/* A batter who cannot bat: the side is all out a wicket sooner, which the rules cannot know by themselves. */}
        {yetToBat.length > 0 && (
          <div className="scorer-row">
            <select value={absent} onChange={(event) => setAbsent(event.target.value)} aria-label={labels.absentHurt} data-testid="absent-hurt">
              <option value="">{labels.absentHurt}</option>
              {yetToBat.map((player) => (
                <option key={player.key} value={player.key}>{player.name}</option>
              ))}
            </select>
            <button
              type="button"
              disabled={busy || !absent}
              onClick={() => window.confirm(labels.confirmEnd) && void command('innings/end', { declared: false, absent_hurt: [absent] })}
            >
              {labels.allOutAbsent}
            </button>
          </div>
        )}
      </details>
      <details className="panel">
        <summary>{labels.revisedTarget}</summary>
        <form className="scorer-row" onSubmit={(event) => (event.preventDefault(), void command('revised-target', { runs: Number(runs), overs: Number(overs) }))}>
          <input inputMode="numeric" value={runs} onChange={(event) => setRuns(event.target.value)} aria-label={labels.targetRuns} placeholder={labels.targetRuns} />
          <input inputMode="decimal" value={overs} onChange={(event) => setOvers(event.target.value)} aria-label={labels.targetOvers} placeholder={labels.targetOvers} />
          <button type="submit" disabled={busy || !runs || !overs}>{labels.setTarget}</button>
        </form>
      </details>
      <details className="panel">
        <summary>{labels.penaltyRuns}</summary>
        <div className="scorer-row">
          <select value={penaltySide} onChange={(event) => setPenaltySide(event.target.value as Side)}>
            <option value="a">{match.teams.a.name}</option>
            <option value="b">{match.teams.b.name}</option>
          </select>
          <button type="button" disabled={busy} onClick={() => void command('penalty', { side: penaltySide, runs: 5 })}>{labels.award}</button>
        </div>
      </details>
    </section>
  );
}
