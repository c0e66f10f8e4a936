// Admin page: the corrections (GET admin/corrections) and a form to add or edit one (PUT
// admin/corrections, applied at once). A case is edited as JSON in the shape of the one contract
// (src/server/corrections/cases.ts); the server checks it and answers what is wrong.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { storedCorrection } from '../server/wire/schemas/corrections.ts';
import type { CorrectionCase, CorrectionKind } from '../server/corrections/cases.ts';
import { answerText, callApi } from '../lib/account-api.ts';
import { fill } from '../shared/account-rules.ts';

export interface AdminCorrectionsLabels {
  intro: string;
  empty: string;
  key: string;
  kind: string;
  what: string;
  source: string;
  origin: string;
  originFile: string;
  originAdmin: string;
  edit: string;
  kinds: Record<CorrectionKind, string>;
  formTitle: string;
  formHelp: string;
  template: string;
  caseLabel: string;
  save: string;
  saving: string;
  /** Contains {{written}}, {{voided}}, {{renamed}}. */
  saved: string;
  /** Contains {{cases}}. */
  waiting: string;
  badJson: string;
  loading: string;
  loadFailed: string;
}

type Stored = z.output<typeof storedCorrection>;
type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; rows: Stored[] };

const KINDS: CorrectionKind[] = ['abandoned', 'void', 'person_name', 'team_name'];

/** Blank cases, one per kind, to start from. */
const TEMPLATES: Record<CorrectionKind, object> = {
  abandoned: {
    key: '',
    kind: 'abandoned',
    source: '',
    tournament: 'indian-premier-league-2025',
    teams: ['', ''],
    date: 'YYYY-MM-DD',
    venue: { name: '', city: '' },
    stage: null,
    matchNumber: null,
  },
  void: { key: '', kind: 'void', source: '', match: '', replayedBy: '' },
  person_name: { key: '', kind: 'person_name', source: '', person: '', name: '' },
  team_name: { key: '', kind: 'team_name', source: '', team: '', from: '', name: '' },
};

/** One line saying what a case corrects. */
function describe(entry: CorrectionCase): string {
  switch (entry.kind) {
    case 'abandoned':
      return `${entry.teams[0]} v ${entry.teams[1]}, ${entry.date}, ${entry.venue.name} (${entry.tournament})`;
    case 'void':
      return `${entry.match} → ${entry.replayedBy}`;
    case 'person_name':
      return `${entry.person}: ${entry.name}`;
    case 'team_name':
      return `${entry.team}: ${entry.from} → ${entry.name}`;
  }
}

export default function AdminCorrections({ labels }: { labels: AdminCorrectionsLabels }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [text, setText] = useState(() => JSON.stringify(TEMPLATES.abandoned, null, 2));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void callApi('admin/corrections').then((answer) => {
      if (cancelled) return;
      const rows = answer.body.data;
      setLoad(answer.ok && Array.isArray(rows) ? { state: 'ready', rows: rows as Stored[] } : { state: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, [reloads]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      setMessage({ ok: false, text: labels.badJson });
      return;
    }
    setBusy(true);
    setMessage(null);
    const answer = await callApi('admin/corrections', { method: 'PUT', json });
    setBusy(false);
    if (!answer.ok) {
      setMessage({ ok: false, text: answerText(answer, labels.loadFailed) });
      return;
    }
    const report = answer.body.data as { written: number; voided: number; renamed: number; waiting: { key: string; reason: string }[] };
    const waiting = report.waiting.length > 0 ? ` ${fill(labels.waiting, { cases: report.waiting.map((entry) => `${entry.key} (${entry.reason})`).join(', ') })}` : '';
    setMessage({ ok: true, text: fill(labels.saved, { written: report.written, voided: report.voided, renamed: report.renamed }) + waiting });
    setReloads((n) => n + 1);
  }

  return (
    <div className="admin-corrections">
      <p>{labels.intro}</p>
      {load.state === 'loading' && <p role="status">{labels.loading}</p>}
      {load.state === 'failed' && <p role="alert">{labels.loadFailed}</p>}
      {load.state === 'ready' && load.rows.length === 0 && <p>{labels.empty}</p>}
      {load.state === 'ready' && load.rows.length > 0 && (
        <div className="table-scroll">
          <table className="corrections">
            <thead>
              <tr>
                <th scope="col">{labels.key}</th>
                <th scope="col">{labels.kind}</th>
                <th scope="col">{labels.what}</th>
                <th scope="col">{labels.source}</th>
                <th scope="col">{labels.origin}</th>
                <th scope="col">
                  <span className="visually-hidden">{labels.edit}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {load.rows.map((row) => (
                <tr key={row.case.key}>
                  <th scope="row">
                    <code>{row.case.key}</code>
                  </th>
                  <td>{labels.kinds[row.case.kind]}</td>
                  <td>{describe(row.case)}</td>
                  <td className="source">{row.case.source}</td>
                  <td>{row.origin === 'file' ? labels.originFile : labels.originAdmin}</td>
                  <td>
                    <button type="button" onClick={() => setText(JSON.stringify(row.case, null, 2))}>
                      {labels.edit}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="panel correction-form" onSubmit={(event) => void save(event)}>
        <h2>{labels.formTitle}</h2>
        <p>{labels.formHelp}</p>
        <p className="templates">
          {labels.template}:{' '}
          {KINDS.map((kind) => (
            <button key={kind} type="button" onClick={() => setText(JSON.stringify(TEMPLATES[kind], null, 2))}>
              {labels.kinds[kind]}
            </button>
          ))}
        </p>
        <label>
          {labels.caseLabel}
          <textarea name="case" rows={14} maxLength={8000} spellCheck={false} value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          {busy ? labels.saving : labels.save}
        </button>
        {message && <p role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
      </form>
    </div>
  );
}
