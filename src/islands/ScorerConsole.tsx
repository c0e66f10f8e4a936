// The scorer console of one match (/scorer/{match_key}): toss, playing XIs, innings, then ball
// by ball, made for a phone held in one hand: one tap per ordinary ball, a wicket in two taps
// plus the fielder, the next batter and bowler asked for at once as buttons, and any ball of the
// innings corrected through the live engine. Balls go through the device's queue
// (lib/ball-queue): kept in localStorage with their idempotency keys and sent in order, so a
// phone losing signal mid-over loses nothing and writes nothing twice. The over on screen comes
// from the server's balls whenever the console reads the match (after an undo, a reload, on
// another device). docs/decisions/026-scorer-console.md, 075-scorer-console-for-a-phone.md.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { answerText, callApi, type ApiAnswer } from '../lib/account-api.ts';
import { fill } from '../shared/account-rules.ts';
import { DISMISSAL_KINDS } from '../server/domain/dismissal.ts';
import type { DismissalKind } from '../server/domain/types.ts';
import { BallQueue, localQueueStorage, type QueuedBall, type QueueSnapshot, type SendOutcome } from '../lib/ball-queue.ts';
import {
  ballFields,
  ballLabel,
  ballSymbol,
  bowlerBefore,
  creaseAfter,
  EITHER_BATTER,
  MAY_RETURN,
  overAfter,
  overOfBalls,
  toggleExtra,
  WITH_FIELDER,
  type BallFields,
  type EnteredBall,
  type ExtraKind,
  type FielderPick,
  type ListedBall,
  type OverOnScreen,
} from '../lib/scorer-ball.ts';
import type { ScorerStrings } from '../i18n/scorer.ts';
import type { z } from 'zod';
import type { scorerMatch } from '../server/wire/schemas/scorer.ts';

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
  over: OverOnScreen;
}

interface QueuedEntry {
  fields: BallFields;
  /** The crease before the ball, to go back to if the ball is taken back before it is sent. */
  before: LocalCrease;
}

/** Where the wicket being entered is: its kind to tap, then its fielder, then who is out. */
type WicketStep = { stage: 'kind' } | { stage: 'fielder'; kind: DismissalKind } | { stage: 'who'; kind: DismissalKind; fielders: FielderPick[] };

const BREAKS = ['drinks', 'lunch', 'tea', 'stumps', 'rain', 'bad_light'] as const;
const EXTRA_KEYS: Record<string, ExtraKind> = { w: 'wide', n: 'noball', b: 'bye', l: 'legbye' };
/** The dismissals of most balls, first; the rare ones follow. */
const COMMON_KINDS: readonly DismissalKind[] = ['bowled', 'caught', 'lbw', 'run out', 'stumped', 'caught and bowled'];
const WICKET_KINDS = [...COMMON_KINDS, ...DISMISSAL_KINDS.filter((kind) => !COMMON_KINDS.includes(kind))];

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http on a LAN have no randomUUID; 16 random bytes do the same job.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const creaseStore = (matchKey: string) => `crease.scorer.crease.${matchKey}`;

function loadCrease(matchKey: string): LocalCrease | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(creaseStore(matchKey)) ?? 'null');
    // A crease saved by an earlier version of the console (no over on it) is read from the server instead.
    return parsed && typeof parsed === 'object' && 'over' in parsed ? (parsed as LocalCrease) : null;
  } catch {
    return null;
  }
}

function creaseFromServer(current: NonNullable<ConsoleMatch['current']>): LocalCrease {
  const over = overOfBalls(current.balls, current.balls_in_over);
  // At an over's end the server still names the bowler who finished it: the next over needs another.
  return {
    innings: current.innings,
    striker: current.striker,
    nonStriker: current.non_striker,
    bowler: over.done ? null : current.bowler,
    previousBowler: over.done ? current.bowler : bowlerBefore(current.balls, over.index),
    ballsInOver: current.balls_in_over,
    out: current.out,
    lastBallKey: current.last_ball_key,
    over,
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
  const [wicketStep, setWicketStep] = useState<WicketStep | null>(null);
  const [runOutRuns, setRunOutRuns] = useState(0);
  const [substitute, setSubstitute] = useState('');
  /** The stored ball being corrected: the pad enters its replacement instead of a new ball. */
  const [editing, setEditing] = useState<ListedBall | null>(null);
  const [online, setOnline] = useState(true);
  const queueRef = useRef<BallQueue<QueuedEntry> | null>(null);
  const creaseRef = useRef<LocalCrease | null>(null);
  /** The match's event sequence as this device last saw it (its own balls included): an undo names it. */
  const sequenceRef = useRef<number | null>(null);
  /** Reads of the match asked for so far: the latest one's answer is the one shown. */
  const loadsRef = useRef(0);

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
    const asked = ++loadsRef.current;
    const answer = await callApi(`scorer/matches/${encodeURIComponent(matchKey)}?lang=${lang}`);
    // Reads overlap (one after each ball, one after each command): only the latest asked is shown,
    // so an older answer arriving late never takes the console, or the sequence an undo names, back.
    if (asked !== loadsRef.current) return null;
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
    // The device is ahead while balls wait: its over too.
    else if (local && local.innings === data.current.innings && waiting) setCrease(local);
    // It knows picks (a new batter, the next bowler) the server has not seen; the over is the server's.
    else if (local && local.innings === data.current.innings && local.lastBallKey === data.current.last_ball_key) {
      setCrease({ ...local, over: overOfBalls(data.current.balls, data.current.balls_in_over) });
    } else setCrease(creaseFromServer(data.current));
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
    // Busy until the match is read again: a key pressed before would act on the state before the command.
    if (answer.ok) await load();
    setBusy(false);
    if (!answer.ok) {
      setNotice(fill(labels.failed, { message: answerText(answer, labels.networkError) }));
      return null;
    }
    return answer;
  };

  const resetEntry = () => {
    setExtras(new Set());
    setPenalty(false);
    setWicketStep(null);
    setRunOutRuns(0);
    setSubstitute('');
    setEditing(null);
  };

  /** A ball as entered: a new one into the queue, or the replacement of the ball being corrected. */
  const enter = (runs: number, wicket: EnteredBall['wicket'] = null) => {
    const now = creaseRef.current;
    const queue = queueRef.current;
    if (!match || !now || !queue) return;
    const entered: EnteredBall = { runs, extras, penalty, wicket };
    if (editing) {
      void correct(editing, entered);
      return;
    }
    if (!now.striker || !now.nonStriker || !now.bowler) {
      setNotice(labels.pickCrease);
      return;
    }
    const position = { striker: now.striker, nonStriker: now.nonStriker, bowler: now.bowler };
    const fields = ballFields(entered, position);
    const after = creaseAfter(entered, position, now.ballsInOver, match.balls_per_over);
    const next: LocalCrease = {
      ...now,
      striker: after.striker,
      nonStriker: after.nonStriker,
      ballsInOver: after.ballsInOver,
      bowler: after.overEnded ? null : now.bowler,
      previousBowler: after.overEnded ? now.bowler : now.previousBowler,
      out: wicket && !MAY_RETURN.has(wicket.kind) ? [...now.out, wicket.playerOut] : now.out,
      over: overAfter(now.over, ballSymbol(entered), after.overEnded),
    };
    setNotice(null);
    setCrease(next);
    resetEntry();
    const queued: QueuedBall<QueuedEntry> = { key: newKey(), matchKey, ball: { fields, before: now } };
    queue.add(queued);
  };

  /** A stored ball replaced through the live engine, from the state this device saw (no correction over another's). */
  const correct = async (ball: ListedBall, entered: EnteredBall) => {
    const fields = ballFields(entered, { striker: ball.striker, nonStriker: ball.non_striker, bowler: ball.bowler });
    const answer = await command(`balls/${encodeURIComponent(ball.key)}`, { sequence: sequenceRef.current, ball: fields });
    resetEntry();
    if (answer) setNotice(fill(labels.corrected, { over: ballLabel(ball) }));
  };

  /** The wicket's kind tapped: the ball goes at once unless a fielder or the batter out is still to say. */
  const wicketKind = (kind: DismissalKind) => {
    if (WITH_FIELDER.has(kind)) setWicketStep({ stage: 'fielder', kind });
    else whoIsOut(kind, []);
  };
  const whoIsOut = (kind: DismissalKind, fielders: FielderPick[]) => {
    const striker = editing?.striker ?? creaseRef.current?.striker;
    if (EITHER_BATTER.has(kind)) setWicketStep({ stage: 'who', kind, fielders });
    else if (striker) enter(0, { kind, playerOut: striker, fielders });
    else setNotice(labels.pickCrease);
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
    // From the state this device saw: a resent undo cannot take back a second step. The match is
    // read first for the ball the undo takes back (the last one this device sent may not be on
    // screen yet); if another device scored since, the server refuses the undo as it should.
    const seen = sequenceRef.current;
    setBusy(true);
    const last = (await load())?.current?.balls.at(-1) ?? null;
    const answer = await command('undo', { sequence: seen });
    const now = creaseRef.current;
    const undone = (answer?.body.data as { ball_key: string | null } | undefined)?.ball_key;
    // The ball taken back is bowled again by the same three: its batters (a new one who came
    // in after a wicket included) and its bowler, whatever the server's state says of the ball before.
    if (last && now && undone === last.key && now.innings === match.current?.innings) {
      setCrease({ ...now, striker: last.striker, nonStriker: last.non_striker, bowler: last.bowler });
    }
  };

  // Keyboard: digits record, letters set up the ball, with a select focused too (its own
  // type-ahead would otherwise take them); never while typing in a text field.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandler.current = (event) => {
    const target = event.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
    if (event.ctrlKey || event.metaKey || event.altKey || busy) return;
    const key = event.key.toLowerCase();
    if (/^[0-6]$/.test(key)) enter(Number(key));
    else if (key in EXTRA_KEYS) setExtras((current) => toggleExtra(current, EXTRA_KEYS[key]!));
    else if (key === 'x') setWicketStep((step) => (step ? null : { stage: 'kind' }));
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
  const listed = match.current.balls;

  // The one question the next ball waits for, asked as buttons: a batter in, then the bowler.
  const question: { title: string; options: { key: string; name: string }[]; pick: (key: string) => void; testId: string } | null = editing
    ? null
    : !crease.striker
      ? {
          title: crease.nonStriker ? labels.newBatterIn : labels.pickStriker,
          options: available,
          pick: (key) => setCrease({ ...crease, striker: key }),
          testId: 'pick-striker',
        }
      : !crease.nonStriker
        ? {
            title: crease.lastBallKey ? labels.newBatterIn : labels.pickNonStriker,
            options: available,
            pick: (key) => setCrease({ ...crease, nonStriker: key }),
            testId: 'pick-non-striker',
          }
        : !crease.bowler
          ? { title: crease.previousBowler ? labels.newBowler : labels.pickBowler, options: bowlers, pick: (key) => setCrease({ ...crease, bowler: key }), testId: 'pick-bowler' }
          : null;

  const wicketPanel = wicketStep && (
    <div className="scorer-wicket" role="group" aria-label={labels.wicket} data-testid="wicket-panel">
      {wicketStep.stage === 'kind' && (
        <>
          <p className="scorer-question">{labels.howOut}</p>
          <div className="scorer-grid">
            {WICKET_KINDS.map((kind) => (
              <button key={kind} type="button" className="scorer-big" onClick={() => wicketKind(kind)} data-testid={`kind-${kind.replaceAll(' ', '-')}`}>
                {labels.dismissals[kind]}
              </button>
            ))}
          </div>
        </>
      )}
      {wicketStep.stage === 'fielder' && (
        <>
          <p className="scorer-question">{labels.pickFielder}</p>
          <div className="scorer-grid" data-testid="pick-fielder">
            {fielders.map((player) => (
              <button key={player.key} type="button" className="scorer-big" onClick={() => whoIsOut(wicketStep.kind, [{ key: player.key }])}>
                {player.name}
              </button>
            ))}
            <button type="button" className="scorer-big" onClick={() => whoIsOut(wicketStep.kind, [])}>{labels.noFielder}</button>
          </div>
          <form className="scorer-row" onSubmit={(event) => (event.preventDefault(), substitute.trim() && whoIsOut(wicketStep.kind, [{ name: substitute.trim(), substitute: true }]))}>
            <input value={substitute} maxLength={100} onChange={(event) => setSubstitute(event.target.value)} aria-label={labels.substitute} placeholder={labels.substitute} />
            <button type="submit" disabled={!substitute.trim()}>{labels.withSubstitute}</button>
          </form>
        </>
      )}
      {wicketStep.stage === 'who' && (
        <>
          {wicketStep.kind === 'run out' && (
            <fieldset className="scorer-row">
              <legend>{labels.runsCompleted}</legend>
              {[0, 1, 2, 3].map((runs) => (
                <Toggle key={runs} on={runOutRuns === runs} onClick={() => setRunOutRuns(runs)}>{String(runs)}</Toggle>
              ))}
            </fieldset>
          )}
          <p className="scorer-question">{labels.whoOut}</p>
          <div className="scorer-grid" data-testid="pick-out">
            {[editing?.striker ?? crease.striker, editing?.non_striker ?? crease.nonStriker].flatMap((key) =>
              key
                ? [
                    <button key={key} type="button" className="scorer-big" onClick={() => enter(runOutRuns, { kind: wicketStep.kind, playerOut: key, fielders: wicketStep.fielders })}>
                      {nameOf(key)}
                    </button>,
                  ]
                : [],
            )}
          </div>
        </>
      )}
      <button type="button" onClick={() => setWicketStep(null)}>{labels.cancel}</button>
    </div>
  );

  return (
    <div className="scorer scorer-live">
      {header}
      <section className="scorer-board" aria-label={labels.openers}>
        <p className="scorer-batters" data-testid="crease">
          <span>
            <strong>{nameOf(crease.striker) || '—'}</strong> <small>({labels.onStrike})</small>
          </span>
          <span>{nameOf(crease.nonStriker) || '—'}</span>
          <span>
            {labels.bowler}: {nameOf(crease.bowler) || '—'}
          </span>
        </p>
        <p className="scorer-over" data-testid="this-over" data-over={crease.over.index + 1}>
          <span>{fill(labels.overNumber, { over: crease.over.index + 1 })}:</span>
          {crease.over.symbols.length === 0 ? ' —' : crease.over.symbols.map((symbol, index) => <span key={index} className="scorer-ball">{symbol}</span>)}
        </p>
      </section>

      {question ? (
        <section className="scorer-question-panel" aria-label={question.title}>
          <p className="scorer-question">{question.title}</p>
          <div className="scorer-grid" data-testid={question.testId}>
            {question.options.map((player) => (
              <button key={player.key} type="button" className="scorer-big" onClick={() => question.pick(player.key)}>
                {player.name}
              </button>
            ))}
          </div>
          {undoButton}
        </section>
      ) : (
        <section className="scorer-pad" aria-label={labels.runs}>
          {editing && (
            <p className="scorer-editing" role="status" data-testid="editing">
              {fill(labels.correcting, { over: ballLabel(editing), symbol: editing.symbol })}{' '}
              <button type="button" onClick={resetEntry}>{labels.cancel}</button>
            </p>
          )}
          {wicketPanel}
          <div className="scorer-toggles">
            <Toggle on={extras.has('wide')} onClick={() => setExtras(toggleExtra(extras, 'wide'))} hint="w">{labels.wide}</Toggle>
            <Toggle on={extras.has('noball')} onClick={() => setExtras(toggleExtra(extras, 'noball'))} hint="n">{labels.noBall}</Toggle>
            <Toggle on={extras.has('bye')} onClick={() => setExtras(toggleExtra(extras, 'bye'))} hint="b">{labels.bye}</Toggle>
            <Toggle on={extras.has('legbye')} onClick={() => setExtras(toggleExtra(extras, 'legbye'))} hint="l">{labels.legBye}</Toggle>
            <Toggle on={penalty} onClick={() => setPenalty(!penalty)}>{labels.penaltyOnBall}</Toggle>
          </div>
          <div className="scorer-runs">
            {[0, 1, 2, 3, 4, 6].map((runs) => (
              <button key={runs} type="button" className="scorer-run" onClick={() => enter(runs)} disabled={busy} aria-keyshortcuts={String(runs)} data-testid={`runs-${runs}`}>
                {runs}
              </button>
            ))}
            <button type="button" className="scorer-run" onClick={() => enter(5)} disabled={busy} aria-keyshortcuts="5" data-testid="runs-5">
              5
            </button>
            <button
              type="button"
              className={wicketStep ? 'scorer-run scorer-out on' : 'scorer-run scorer-out'}
              aria-pressed={wicketStep !== null}
              onClick={() => setWicketStep(wicketStep ? null : { stage: 'kind' })}
              disabled={busy}
              aria-keyshortcuts="x"
              data-testid="wicket"
            >
              {labels.wicket}
            </button>
            {!editing && (
              <button type="button" className="scorer-run scorer-undo" onClick={() => void undo()} disabled={busy} aria-keyshortcuts="u" data-testid="undo">
                {labels.undo}
              </button>
            )}
          </div>
          <p className="scorer-keys">{labels.shortcuts}</p>
        </section>
      )}

      <details className="panel">
        <summary>{labels.changePlayers}</summary>
        <div className="scorer-crease">
          {select(labels.striker, crease.striker, withCurrent(crease.striker), (key) => setCrease({ ...crease, striker: key || null }), 'striker')}
          {select(labels.nonStriker, crease.nonStriker, withCurrent(crease.nonStriker), (key) => setCrease({ ...crease, nonStriker: key || null }), 'non-striker')}
          {select(labels.bowler, crease.bowler, bowlers, (key) => setCrease({ ...crease, bowler: key || null }), 'bowler')}
          <button type="button" onClick={() => setCrease({ ...crease, striker: crease.nonStriker, nonStriker: crease.striker })} data-testid="swap-strike">
            {labels.swapStrike}
          </button>
        </div>
      </details>

      {listed.length > 0 && (
        <details className="panel" data-testid="innings-balls">
          <summary>{labels.inningsBalls}</summary>
          <ol className="scorer-balls" reversed>
            {listed
              .map((ball) => (
                <li key={ball.key}>
                  <span className="scorer-ball">{ball.symbol}</span>
                  <button
                    type="button"
                    disabled={busy || snapshot.pending.length > 0}
                    onClick={() => {
                      resetEntry();
                      setEditing(ball);
                    }}
                    data-testid={`correct-${ball.key}`}
                  >
                    {fill(labels.correct, { over: ballLabel(ball) })}
                  </button>
                  <small>
                    {nameOf(ball.bowler)} → {nameOf(ball.striker)}
                  </small>
                </li>
              ))
              .reverse()}
          </ol>
        </details>
      )}

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
