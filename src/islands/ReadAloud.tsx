// Read-aloud of live commentary (spec: a speaker toggle reads the comments one after another,
// in US English at rate 1, moving on when one ends; it can be cancelled). Rendered only while
// the match is started; the comments arrive as plain text, newest first.
// A signed-in user with Speech on hears their own settings (src/stores/account.ts caches the
// account's): hi-IN or en-US, their speed and voice 01-04. With Session Speech on, read-aloud
// once started stays on for the live matches opened later in this tab (sessionStorage).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_SPEECH, pickVoice, speechLang } from '../lib/account-rules.ts';
import { $speechSettings } from '../stores/account.ts';

interface Props {
  texts: string[];
  labels: { start: string; stop: string };
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

export default function ReadAloud({ texts, labels }: Props) {
  const saved = useStore($speechSettings);
  const speech = saved.enabled ? saved : DEFAULT_SPEECH;
  const [supported, setSupported] = useState(false);
  const [speaking, setSpeaking] = useState(false);
  const active = useRef(false);

  function speakFrom(index: number): void {
    const text = texts[index];
    if (!active.current || text === undefined) {
      active.current = false;
      setSpeaking(false);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = speechLang(speech.language);
    utterance.rate = speech.rate;
    const voice = pickVoice(window.speechSynthesis.getVoices(), speech.language, speech.voice);
    if (voice) utterance.voice = voice;
    utterance.onend = () => speakFrom(index + 1);
    // A browser that refuses speech without a tap ('not-allowed') leaves the button as it was.
    utterance.onerror = () => {
      active.current = false;
      setSpeaking(false);
    };
    window.speechSynthesis.speak(utterance);
  }

  function start(): void {
    window.speechSynthesis.cancel();
    active.current = true;
    setSpeaking(true);
    if (speech.session) rememberForSession(true);
    speakFrom(0);
  }

  useEffect(() => {
    const available = 'speechSynthesis' in window;
    setSupported(available);
    if (available && saved.enabled && saved.session && startedThisSession() && texts.length > 0) start();
    return () => {
      active.current = false;
      if ('speechSynthesis' in window) window.speechSynthesis.cancel();
    };
    // Once, on mount: later changes of the settings apply from the next utterance.
  }, []);

  function toggle(): void {
    if (speaking) {
      active.current = false;
      window.speechSynthesis.cancel();
      setSpeaking(false);
      rememberForSession(false);
      return;
    }
    start();
  }

  return (
    <button type="button" className="read-aloud" aria-pressed={speaking} disabled={!supported || texts.length === 0} onClick={toggle}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 9v6h4l5 4V5L8 9H4z" />
        {speaking ? <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" /> : <path d="M17 9l5 6M22 9l-5 6" />}
      </svg>
      <span>{speaking ? labels.stop : labels.start}</span>
    </button>
  );
}
