// Speech settings (Accessibility): Speech and Session Speech toggles, voice 01-04 (the nth voice
// the browser has for the chosen language), Hindi or English, and the speed (0.5x-2x). Every
// change is saved to the account and cached on the device for read-aloud (ReadAloud.tsx).
import { useEffect, useId, useState } from 'react';
import {
  clampRate,
  fill,
  pickVoice,
  SPEECH_RATE_MAX,
  SPEECH_RATE_MIN,
  SPEECH_RATE_STEP,
  SPEECH_SAMPLE_WORDS,
  SPEECH_VOICES,
  speechLang,
  type SpeechSettings,
} from '../shared/account-rules.ts';
import { rememberSpeech } from '../stores/account.ts';
import { NoticeLine, saveNotice } from './account-fields.tsx';
import { useAccountSettings } from './use-account-settings.ts';

export interface SpeechLabels {
  speech: string;
  speechHint: string;
  session: string;
  sessionHint: string;
  voice: string;
  /** Contains {{n}}. */
  voiceN: string;
  /** Contains {{n}} and {{name}}. */
  voiceName: string;
  /** Contains {{n}}. */
  voiceDefault: string;
  testVoice: string;
  sampleWords: string;
  language: string;
  hindi: string;
  english: string;
  speed: string;
  /** Contains {{rate}}. */
  speedValue: string;
  noSpeech: string;
  saved: string;
  saveFailed: string;
  loading: string;
  loadFailed: string;
}

/** The browser's voices; Chrome fills the list asynchronously (voiceschanged). */
function useVoices(): SpeechSynthesisVoice[] | null {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[] | null>(null);
  useEffect(() => {
    if (!('speechSynthesis' in window)) return;
    const update = () => setVoices(window.speechSynthesis.getVoices());
    update();
    window.speechSynthesis.addEventListener('voiceschanged', update);
    return () => window.speechSynthesis.removeEventListener('voiceschanged', update);
  }, []);
  return voices;
}

export default function SpeechSettingsForm({ labels }: { labels: SpeechLabels }) {
  const { load, saveState, save } = useAccountSettings();
  const voices = useVoices();
  const id = useId();

  if (load.state === 'loading') return <p role="status">{labels.loading}</p>;
  if (load.state === 'failed') return <p role="alert">{labels.loadFailed}</p>;
  const speech = load.settings.speech;

  async function change(patch: Partial<SpeechSettings>) {
    const saved = await save({ speech: { ...speech, ...patch } });
    if (saved) rememberSpeech(saved.speech);
  }

  function testVoice() {
    const synth = window.speechSynthesis;
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(SPEECH_SAMPLE_WORDS.join(', '));
    utterance.lang = speechLang(speech.language);
    utterance.rate = speech.rate;
    const voice = pickVoice(voices ?? [], speech.language, speech.voice);
    if (voice) utterance.voice = voice;
    synth.speak(utterance);
  }

  const voiceLabel = (n: (typeof SPEECH_VOICES)[number]) => {
    if (voices === null) return fill(labels.voiceN, { n: `0${n}` });
    const voice = pickVoice(voices, speech.language, n);
    return voice ? fill(labels.voiceName, { n: `0${n}`, name: voice.name }) : fill(labels.voiceDefault, { n: `0${n}` });
  };

  return (
    <div className="settings-form">
      {voices === null && <p className="field-hint">{labels.noSpeech}</p>}
      <div className="toggle-row">
        <label htmlFor={`${id}-on`}>
          <strong>{labels.speech}</strong>
          <span className="field-hint">{labels.speechHint}</span>
        </label>
        <input id={`${id}-on`} type="checkbox" role="switch" checked={speech.enabled} onChange={(e) => void change({ enabled: e.target.checked })} />
      </div>
      <div className="toggle-row">
        <label htmlFor={`${id}-session`}>
          <strong>{labels.session}</strong>
          <span className="field-hint">{labels.sessionHint}</span>
        </label>
        <input id={`${id}-session`} type="checkbox" role="switch" checked={speech.session} onChange={(e) => void change({ session: e.target.checked })} />
      </div>
      <fieldset>
        <legend>{labels.language}</legend>
        {(['hi', 'en'] as const).map((language) => (
          <label key={language} className="choice">
            <input type="radio" name={`${id}-language`} value={language} checked={speech.language === language} onChange={() => void change({ language })} />
            {language === 'hi' ? labels.hindi : labels.english}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{labels.voice}</legend>
        {SPEECH_VOICES.map((n) => (
          <label key={n} className="choice">
            <input type="radio" name={`${id}-voice`} value={n} checked={speech.voice === n} onChange={() => void change({ voice: n })} />
            {voiceLabel(n)}
          </label>
        ))}
        <p className="sample-words">
          {labels.sampleWords}: {SPEECH_SAMPLE_WORDS.join(' · ')}
        </p>
        <button type="button" onClick={testVoice} disabled={voices === null}>
          {labels.testVoice}
        </button>
      </fieldset>
      <div className="speed-row">
        <label htmlFor={`${id}-rate`}>{labels.speed}</label>
        <input
          id={`${id}-rate`}
          type="range"
          min={SPEECH_RATE_MIN}
          max={SPEECH_RATE_MAX}
          step={SPEECH_RATE_STEP}
          value={speech.rate}
          aria-valuetext={fill(labels.speedValue, { rate: speech.rate })}
          onChange={(e) => void change({ rate: clampRate(Number(e.target.value)) })}
        />
        <output htmlFor={`${id}-rate`}>{fill(labels.speedValue, { rate: speech.rate })}</output>
      </div>
      <NoticeLine notice={saveNotice(saveState, labels)} />
    </div>
  );
}
