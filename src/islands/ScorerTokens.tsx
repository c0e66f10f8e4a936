// A scorer's API tokens (/scorer/tokens): make one for another scoring app (shown once, to copy),
// see the ones made, revoke one. Over GET/POST /scorer/tokens and DELETE /scorer/tokens/{id}
// (decision 025); the page checks the role, the API checks it again.
import { useEffect, useState } from 'react';
import { answerText, callApi } from '../lib/account-api.ts';
import { fill } from '../shared/account-rules.ts';
import { dayText } from '../i18n/dates.ts';
import type { ScorerStrings } from '../i18n/scorer.ts';

interface TokenInfo {
  id: string;
  label: string;
  match_keys: string[] | null;
  created_at: string;
  last_used_at: string | null;
}

interface Props {
  lang: 'en' | 'hi';
  labels: ScorerStrings;
}

export default function ScorerTokens({ lang, labels }: Props) {
  const [tokens, setTokens] = useState<TokenInfo[] | null>(null);
  const [label, setLabel] = useState('');
  const [matches, setMatches] = useState('');
  const [made, setMade] = useState<{ label: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const answer = await callApi('scorer/tokens');
    if (answer.ok) setTokens(answer.body.data as TokenInfo[]);
    else setNotice(answerText(answer, labels.networkError));
  };
  // Loaded once; the list is read again after each change below.
  useEffect(() => {
    void load();
  }, []);

  const make = async () => {
    setBusy(true);
    setNotice(null);
    setCopied(false);
    const keys = matches.split(',').map((key) => key.trim()).filter(Boolean);
    const answer = await callApi('scorer/tokens', { json: { label, ...(keys.length > 0 ? { match_keys: keys } : {}) } });
    setBusy(false);
    if (!answer.ok) {
      setNotice(fill(labels.failed, { message: answerText(answer, labels.networkError) }));
      return;
    }
    const data = answer.body.data as { label: string; token: string };
    setMade({ label: data.label, token: data.token });
    setLabel('');
    setMatches('');
    await load();
  };

  const revoke = async (token: TokenInfo) => {
    if (!window.confirm(fill(labels.confirmRevoke, { label: token.label }))) return;
    setBusy(true);
    const answer = await callApi(`scorer/tokens/${token.id}`, { method: 'DELETE' });
    setBusy(false);
    setNotice(answer.ok ? answerText(answer, '') || null : fill(labels.failed, { message: answerText(answer, labels.networkError) }));
    await load();
  };

  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      // No clipboard (plain http on a LAN): the token stays selected in its field to copy by hand.
      document.querySelector<HTMLInputElement>('[data-testid="new-token"]')?.select();
    }
  };

  /** '{{date}}' of a sentence filled with a day, as a time element. */
  const when = (sentence: string, iso: string) => {
    const [before = '', after = ''] = sentence.split('{{date}}');
    return (
      <>
        {before}
        <time dateTime={iso}>{dayText(iso, lang)}</time>
        {after}
      </>
    );
  };

  return (
    <div className="scorer">
      <h1>{labels.tokensTitle}</h1>
      <p className="scorer-note">{labels.tokensIntro}</p>
      {notice && <p role="alert" className="scorer-notice">{notice}</p>}
      {made && (
        <div className="panel scorer-made" role="status">
          <p>{fill(labels.tokenMade, { label: made.label })}</p>
          <div className="scorer-row">
            <input readOnly value={made.token} aria-label={made.label} data-testid="new-token" onFocus={(event) => event.target.select()} />
            <button type="button" onClick={() => void copy(made.token)}>{labels.copy}</button>
          </div>
          {copied && <p>{labels.copied}</p>}
        </div>
      )}
      <form className="panel scorer-form" onSubmit={(event) => (event.preventDefault(), void make())}>
        <label>
          <span>{labels.tokenLabel}</span>
          <input value={label} maxLength={100} required onChange={(event) => setLabel(event.target.value)} />
        </label>
        <label>
          <span>{labels.tokenMatches}</span>
          <input value={matches} onChange={(event) => setMatches(event.target.value)} />
        </label>
        <button type="submit" disabled={busy || !label.trim()}>{labels.makeToken}</button>
      </form>
      <section className="panel" aria-labelledby="your-tokens">
        <h2 id="your-tokens">{labels.yourTokens}</h2>
        {tokens === null ? (
          <p role="status">{labels.loading}</p>
        ) : tokens.length === 0 ? (
          <p>{labels.noTokens}</p>
        ) : (
          <ul className="scorer-list scorer-tokens" data-testid="tokens">
            {tokens.map((token) => (
              <li key={token.id}>
                <strong>{token.label}</strong>
                <span>{token.match_keys ? fill(labels.tokenFor, { matches: token.match_keys.join(', ') }) : labels.everyMatch}</span>
                <span className="scorer-note">
                  {when(labels.madeOn, token.created_at)} · {token.last_used_at ? when(labels.lastUsed, token.last_used_at) : labels.neverUsed}
                </span>
                <button type="button" disabled={busy} onClick={() => void revoke(token)} aria-label={`${labels.revoke}: ${token.label}`}>
                  {labels.revoke}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
