// Admin page: the contact queries, newest first, a page at a time (GET admin/queries). Names and
// messages are strangers' text: React renders them as text, never as HTML.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { contactQuery } from '../server/wire/schemas/account.ts';
import { callApi } from '../lib/account-api.ts';
import { fill } from '../shared/account-rules.ts';

export interface AdminQueriesLabels {
  empty: string;
  received: string;
  from: string;
  message: string;
  account: string;
  none: string;
  /** Contains {{count}}. */
  total: string;
  prev: string;
  next: string;
  loading: string;
  loadFailed: string;
}

/** One row of GET admin/queries, as the API's contract describes it. */
type ContactQuery = z.output<typeof contactQuery>;

const PAGE_SIZE = 20;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; rows: ContactQuery[]; total: number };

export default function AdminQueries({ labels, locale }: { labels: AdminQueriesLabels; locale: string }) {
  const [offset, setOffset] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setLoad({ state: 'loading' });
    void callApi('admin/queries', { query: { limit: PAGE_SIZE, offset } }).then((answer) => {
      if (cancelled) return;
      const rows = answer.body.data;
      const total = answer.body.total;
      setLoad(answer.ok && Array.isArray(rows) ? { state: 'ready', rows: rows as ContactQuery[], total: Number(total) || 0 } : { state: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, [offset]);

  if (load.state === 'loading') return <p role="status">{labels.loading}</p>;
  if (load.state === 'failed') return <p role="alert">{labels.loadFailed}</p>;
  if (load.total === 0) return <p>{labels.empty}</p>;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="admin-queries">
      <p>{fill(labels.total, { count: load.total })}</p>
      <ul className="query-list">
        {load.rows.map((row) => (
          <li key={row.id} className="panel query">
            <p className="query-meta">
              <strong>{labels.received}:</strong> <time dateTime={row.created_at}>{date.format(new Date(row.created_at))}</time>
            </p>
            <p>
              <strong>{labels.from}:</strong> {row.name} · <a href={`mailto:${row.email}`}>{row.email}</a> · {row.phone}
            </p>
            <p>
              <strong>{labels.account}:</strong> {row.user_phone ?? labels.none}
            </p>
            {row.message && (
              <p className="query-message">
                <strong>{labels.message}:</strong> {row.message}
              </p>
            )}
          </li>
        ))}
      </ul>
      <nav className="pager">
        <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          ‹ {labels.prev}
        </button>
        <button type="button" disabled={offset + PAGE_SIZE >= load.total} onClick={() => setOffset(offset + PAGE_SIZE)}>
          {labels.next} ›
        </button>
      </nav>
    </div>
  );
}
