// Read-aloud of live commentary (spec: a speaker toggle reads the comments one after another,
// moving on when one ends; it can be cancelled). Nothing is spoken before the fan presses the
// speaker; then the latest ball is read, and every ball that arrives after it, each once: the
// store announces only balls it did not hold (a catch-up or a correction repeats none; a ball
// bowled again after an undo is a new ball).
// The voice speaks the page's language (hi-IN for Hindi; a visible note when the browser has no
// Hindi voice and its default voice reads instead). A signed-in user with Speech on gets their
// voice (01-04) and speed (src/stores/account.ts caches the settings). With Session Speech on,
// read-aloud once started stays on for the live matches opened later in this tab.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_SPEECH, pickVoice, speechLang } from '../shared/account-rules.ts';
import { htmlToText } from '../lib/safe-html.ts';
import { $speechSettings } from '../stores/account.ts';
import type { LiveBall, LiveMatchStore } from '../stores/live-match.ts';

interface Props {
  store: LiveMatchStore;
  lang: 'en' | 'hi';
  labels: { start: string; stop: string; noHindiVoice: string };
}

const SESSION_KEY = 'readAloud';

function rememberForSession(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(SESSION_KEY, 'on');
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage blocked: read-aloud simply does not carry over.
  }
}

function startedThisSession(): boolean {
  try {
    return sessionStorage.getItem(SESSION_KEY) === 'on';
  } catch {
    return false;
  }
}

export default function ReadAloud({ store, lang, labels }: Props) {
  const saved = useStore($speechSettings);
  const speech = saved.enabled ? saved : DEFAULT_SPEECH;
  const [supported, setSupported] = useState(false);
  const [speaking, setSpeaking] = useState(false);
  const [noVoice, setNoVoice] = useState(false);
  const active = useRef(false);
  const queue = useRef<string[]>([]);
  const busy = useRef(false);
  const settings = useRef(speech);
  settings.current = speech;

  function stop(): void {
    active.current = false;
    busy.current = false;
    queue.current = [];
    window.speechSynthesis.cancel();
    setSpeaking(false);
  }

  function next(): void {
    const text = queue.current.shift();
    if (!active.current || text === undefined) {
      busy.current = false;
      return;
    }
    busy.current = true;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = speechLang(lang);
    utterance.rate = settings.current.rate;
    const voice = pickVoice(window.speechSynthesis.getVoices(), lang, settings.current.voice);
    if (voice) utterance.voice = voice;
    setNoVoice(lang === 'hi' && voice === null);
    utterance.onend = next;
    // A browser that refuses speech without a tap ('not-allowed') leaves the button off.
    utterance.onerror = (event) => {
      if (event.error === 'interrupted' || event.error === 'canceled') return;
      stop();
    };
    window.speechSynthesis.speak(utterance);
  }

  function enqueue(balls: readonly LiveBall[]): void {
    for (const ball of balls) queue.current.push(htmlToText(ball.comment));
    if (active.current && !busy.current) next();
  }

  function start(withLatest: boolean): void {
    window.speechSynthesis.cancel();
    active.current = true;
    setSpeaking(true);
    if (settings.current.session) rememberForSession(true);
    const latest = store.$state.get().balls[0];
    if (withLatest && latest) enqueue([latest]);
  }

  useEffect(() => {
    const available = 'speechSynthesis' in window;
    setSupported(available);
    if (!available) return undefined;
    // Resumed for the session: the balls already on the page are not read again.
    if (saved.enabled && saved.session && startedThisSession()) start(false);
    const unlisten = store.onBallsAdded((balls) => {
      if (active.current) enqueue(balls);
    });
    return () => {
      unlisten();
      active.current = false;
      window.speechSynthesis.cancel();
    };
    // Once, on mount: later changes of the settings apply from the next utterance (settings ref).
  }, []);

  function toggle(): void {
    if (speaking) {
      stop();
      rememberForSession(false);
      return;
    }
    start(true);
  }

  return (
    <>
      <button type="button" className="read-aloud" aria-pressed={speaking} disabled={!supported} onClick={toggle}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 9v6h4l5 4V5L8 9H4z" />
          {speaking ? <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" /> : <path d="M17 9l5 6M22 9l-5 6" />}
        </svg>
        <span>{speaking ? labels.stop : labels.start}</span>
      </button>
      {speaking && noVoice && (
        <p className="read-aloud-note muted" role="status">
          {labels.noHindiVoice}
        </p>
      )}
    </>
  );
}
