// The editors' reels desk: the upload form (title, Hindi title, the video), the reels in every
// state, refreshed while one is being prepared, and delete. The server checks everything; the
// form only says what it accepts.
import { useCallback, useEffect, useState } from 'react';
import { answerText, callApi } from '../lib/account-api.ts';
import type { Dictionary } from '../i18n/en.ts';

type Labels = Dictionary['reels']['desk'];

interface DeskReel {
  reel_id: string;
  title: string;
  status: 'processing' | 'ready' | 'failed';
  error: string | null;
  poster: string | null;
  url: string | null;
  duration_ms: number | null;
  likeCount: number;
  commentCount: number;
}

const REFRESH_MS = 3000;

export default function ReelDesk({ labels }: { labels: Labels }) {
  const [reels, setReels] = useState<DeskReel[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const load = useCallback(async () => {
    const answer = await callApi('editor/reels');
    if (answer.ok) setReels(answer.body.data as DeskReel[]);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const preparing = reels?.some((reel) => reel.status === 'processing') ?? false;
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [preparing, load]);

  const upload = async (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setMessage(labels.uploading);
    // Title fields first: the server reads them before it receives the video.
    const answer = await callApi('editor/reels', { form: new FormData(form) });
    setBusy(false);
    setMessage(answer.ok ? labels.uploaded : answerText(answer, labels.failedUpload));
    if (answer.ok) form.reset();
    await load();
  };
  const remove = async (reelId: string) => {
    if (!confirm(labels.confirmDelete)) return;
    await callApi('editor/reels', { method: 'DELETE', query: { reel_id: reelId } });
    await load();
  };

  return (
    <div className="reel-desk">
      <form onSubmit={(event) => void upload(event)}>
        <h2>{labels.upload}</h2>
        <label>
          {labels.title}
          <input name="title" required maxLength={120} />
        </label>
        <label>
          {labels.titleHi}
          <input name="title_hi" maxLength={120} lang="hi" />
        </label>
        <label>
          {labels.file}
          <input name="video" type="file" required accept="video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm" />
        </label>
        <button type="submit" disabled={busy}>
          {busy ? labels.uploading : labels.submit}
        </button>
        <p role="status">{message}</p>
      </form>
      <h2>{labels.list}</h2>
      {reels !== null && reels.length === 0 && <p>{labels.none}</p>}
      <ul className="desk-list">
        {reels?.map((reel) => (
          <li key={reel.reel_id} data-status={reel.status}>
            {reel.poster ? <img src={reel.poster} alt="" width={54} height={96} loading="lazy" /> : <span className="no-poster" />}
            <div>
              <b>{reel.title}</b>
              <span className="state">
                {labels[reel.status]}
                {reel.duration_ms !== null && ` · ${Math.round(reel.duration_ms / 1000)} ${labels.seconds}`}
                {reel.status === 'ready' && ` · ${reel.likeCount} ${labels.likes} · ${reel.commentCount} ${labels.comments}`}
              </span>
              {reel.error && <span className="error">{reel.error}</span>}
            </div>
            <button type="button" onClick={() => void remove(reel.reel_id)}>
              {labels.delete}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
