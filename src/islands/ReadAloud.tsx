// Read-aloud of live commentary (spec: a speaker toggle reads the comments one after another,
// in US English at rate 1, moving on when one ends; it can be cancelled). Rendered only while
// the match is started; the comments arrive as plain text, newest first.
import { useEffect, useRef, useState } from 'react';

interface Props {
  texts: string[];
  labels: { start: string; stop: string };
}

export const SPEECH_LANG = 'en-US';
export const SPEECH_RATE = 1;

export default function ReadAloud({ texts, labels }: Props) {
  const [supported, setSupported] = useState(false);
  const [speaking, setSpeaking] = useState(false);
  const active = useRef(false);

  useEffect(() => {
    setSupported(typeof window !== 'undefined' && 'speechSynthesis' in window);
    return () => {
      active.current = false;
      if ('speechSynthesis' in window) window.speechSynthesis.cancel();
    };
  }, []);

  function speakFrom(index: number): void {
    const text = texts[index];
    if (!active.current || text === undefined) {
      active.current = false;
      setSpeaking(false);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = SPEECH_LANG;
    utterance.rate = SPEECH_RATE;
    utterance.onend = () => speakFrom(index + 1);
    utterance.onerror = () => {
      active.current = false;
      setSpeaking(false);
    };
    window.speechSynthesis.speak(utterance);
  }

  function toggle(): void {
    if (speaking) {
      active.current = false;
      window.speechSynthesis.cancel();
      setSpeaking(false);
      return;
    }
    window.speechSynthesis.cancel();
    active.current = true;
    setSpeaking(true);
    speakFrom(0);
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
