// The reels page's one island (spec §2 Reels page, §4): an endless vertical feed paged by 5
// (the next page loads when the end comes near), play/pause and mute, the like toggle and the
// comment panel. Anyone watches and reads comments; a visitor's like, or the comment form, leads
// to the login page (loginHref). Videos have preload="none" and a poster, so nothing of a video loads before it
// is played. Like and comment failures are swallowed, as the spec says (the like goes back).
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../lib/account-api.ts';

export interface FeedReel {
  reel_id: string;
  url: string;
  poster: string;
  title: string;
  likeStatus: 'like' | null;
  like_id: string | null;
  likeCount: number;
  commentCount: number;
}

interface Comment {
  comment_id: string;
  comment: string;
  name: string;
  can_delete: boolean;
}

export type FeedLabels = Record<
  | 'play' | 'pause' | 'mute' | 'unmute' | 'like' | 'unlike' | 'likes' | 'comments' | 'openComments' | 'close' | 'addComment' | 'post'
  | 'noComments' | 'deleteComment' | 'commentFailed' | 'loading' | 'end' | 'empty' | 'loadFailed' | 'retry' | 'loginToComment',
  string
>;

interface Props {
  initial: FeedReel[];
  pageSize: number;
  lang: 'en' | 'hi';
  labels: FeedLabels;
  /** The login page that brings a visitor back here; null for a signed-in fan. */
  loginHref: string | null;
}

const MAX_COMMENT = 500;

// 24 × 24 outline icons (no emoji: not every device has an emoji font).
const ICONS = {
  play: 'M7 4.5v15l12-7.5z',
  pause: 'M7 4.5h3.5v15H7zM13.5 4.5H17v15h-3.5z',
  sound: 'M4 9.5h4l5-4.5v14l-5-4.5H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
  muted: 'M4 9.5h4l5-4.5v14l-5-4.5H4zM16 9.5l5 5M21 9.5l-5 5',
  heart: 'M12 20.5 4.2 12.8a4.8 4.8 0 0 1 6.8-6.8l1 1 1-1a4.8 4.8 0 0 1 6.8 6.8z',
  comment: 'M4 5h16v11H9l-5 4z',
  close: 'M6 6l12 12M18 6 6 18',
} as const;

function Icon({ name, filled = false }: { name: keyof typeof ICONS; filled?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round">
      <path d={ICONS[name]} />
    </svg>
  );
}

function CommentPanel({ reel, labels, loginHref, onClose, onCount }: { reel: FeedReel; labels: FeedLabels; loginHref: string | null; onClose: () => void; onCount: (count: number) => void }) {
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const answer = await callApi('get/comment', { query: { reel_id: reel.reel_id } });
    const list = answer.ok ? (answer.body.comments as Comment[]) : [];
    setComments(list);
    onCount(list.length);
  }, [reel.reel_id, onCount]);
  useEffect(() => {
    void load();
  }, [load]);
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!text.trim()) return;
    const answer = await callApi('add/comment', { json: { reel_id: reel.reel_id, comment: text } });
    if (!answer.ok) {
      setError(typeof answer.body.message === 'string' ? answer.body.message : labels.commentFailed);
      return;
    }
    setText('');
    setError('');
    await load();
  };
  const remove = async (id: string) => {
    await callApi('delete/comment', { method: 'POST', query: { comment_id: id } });
    await load();
  };
  return (
    <aside className="comments" aria-label={labels.comments}>
      <header>
        <h2>{labels.comments}</h2>
        <button type="button" className="icon" onClick={onClose} aria-label={labels.close}>
          <Icon name="close" />
        </button>
      </header>
      {comments === null ? (
        <p>{labels.loading}</p>
      ) : comments.length === 0 ? (
        <p>{labels.noComments}</p>
      ) : (
        <ul>
          {comments.map((comment) => (
            <li key={comment.comment_id}>
              <b>{comment.name}</b> <span>{comment.comment}</span>
              {comment.can_delete && (
                <button type="button" className="link" onClick={() => void remove(comment.comment_id)}>
                  {labels.deleteComment}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {loginHref ? (
        <p>
          <a href={loginHref}>{labels.loginToComment}</a>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <input
            value={text}
            maxLength={MAX_COMMENT}
            onChange={(event) => setText(event.target.value)}
            placeholder={labels.addComment}
            aria-label={labels.addComment}
            required
          />
          <button type="submit">{labels.post}</button>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
    </aside>
  );
}

type Patch = (reelId: string, changes: Partial<FeedReel>) => void;

interface CardProps {
  reel: FeedReel;
  muted: boolean;
  setMuted: (muted: boolean) => void;
  labels: FeedLabels;
  loginHref: string | null;
  patch: Patch;
}

function ReelCard({ reel, muted, setMuted, labels, loginHref, patch }: CardProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [panel, setPanel] = useState(false);
  // A reel scrolled away stops.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry && !entry.isIntersecting) element.pause();
    }, { threshold: 0.25 });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const like = async () => {
    if (loginHref) return location.assign(loginHref);
    const liked = reel.likeStatus === 'like';
    const before = { likeStatus: reel.likeStatus, like_id: reel.like_id, likeCount: reel.likeCount };
    patch(reel.reel_id, { likeStatus: liked ? null : 'like', likeCount: reel.likeCount + (liked ? -1 : 1) });
    const answer =
      liked && reel.like_id
        ? await callApi('update/like', { query: { like_id: reel.like_id }, json: { reel_id: reel.reel_id, status: 'dislike', is_deleted: 0 } })
        : await callApi('add/like', { json: { reel_id: reel.reel_id, status: 'like' } });
    const state = answer.body.data as { like_id: string; likeStatus: 'like' | null; likeCount: number } | undefined;
    patch(reel.reel_id, answer.ok && state ? state : before);
  };
  const onCount = useCallback((commentCount: number) => patch(reel.reel_id, { commentCount }), [patch, reel.reel_id]);
  return (
    <article className="reel" id={`reel-${reel.reel_id}`} aria-label={reel.title}>
      <video
        ref={video}
        src={reel.url}
        poster={reel.poster}
        preload="none"
        playsInline
        loop
        muted={muted}
        width={720}
        height={1280}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onClick={toggle}
      />
      <h2 className="title">{reel.title}</h2>
      <div className="controls">
        <button type="button" className="icon" onClick={toggle} aria-label={playing ? labels.pause : labels.play} aria-pressed={playing}>
          <Icon name={playing ? 'pause' : 'play'} filled />
        </button>
        <button type="button" className="icon" onClick={() => setMuted(!muted)} aria-label={muted ? labels.unmute : labels.mute} aria-pressed={muted}>
          <Icon name={muted ? 'muted' : 'sound'} />
        </button>
        <button type="button" className={`icon${reel.likeStatus === 'like' ? ' on' : ''}`} onClick={() => void like()} aria-label={reel.likeStatus === 'like' ? labels.unlike : labels.like} aria-pressed={reel.likeStatus === 'like'}>
          <Icon name="heart" filled={reel.likeStatus === 'like'} />
        </button>
        <span className="count" aria-label={`${reel.likeCount} ${labels.likes}`}>{reel.likeCount}</span>
        <button type="button" className="icon" onClick={() => setPanel(true)} aria-label={labels.openComments} aria-expanded={panel}>
          <Icon name="comment" />
        </button>
        <span className="count" aria-label={`${reel.commentCount} ${labels.comments}`}>{reel.commentCount}</span>
      </div>
      {panel && <CommentPanel reel={reel} labels={labels} loginHref={loginHref} onClose={() => setPanel(false)} onCount={onCount} />}
    </article>
  );
}

export default function ReelsFeed({ initial, pageSize, lang, labels, loginHref }: Props) {
  const [reels, setReels] = useState(initial);
  const [state, setState] = useState<'idle' | 'loading' | 'end' | 'failed'>(initial.length < pageSize ? 'end' : 'idle');
  const [muted, setMuted] = useState(true);
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useCallback(async () => {
    setState('loading');
    // A visitor pages through the public list; a fan's list says which reels they liked.
    const answer = await callApi(loginHref ? 'reels' : 'auth/reels', { query: { limit: pageSize, offset: reels.length, lang } });
    if (!answer.ok) return setState('failed');
    const page = answer.body.data as FeedReel[];
    setReels((current) => [...current, ...page.filter((reel) => !current.some((seen) => seen.reel_id === reel.reel_id))]);
    setState(page.length < pageSize ? 'end' : 'idle');
  }, [reels.length, pageSize, lang, loginHref]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || state !== 'idle') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) void loadMore();
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [state, loadMore]);
  const patch = useCallback<Patch>(
    (reelId, changes) => setReels((current) => current.map((reel) => (reel.reel_id === reelId ? { ...reel, ...changes } : reel))),
    [],
  );
  return (
    <div className="feed">
      {reels.length === 0 && <p className="status">{labels.empty}</p>}
      {reels.map((reel) => (
        <ReelCard key={reel.reel_id} reel={reel} muted={muted} setMuted={setMuted} labels={labels} loginHref={loginHref} patch={patch} />
      ))}
      <div ref={sentinel} className="status" aria-live="polite">
        {state === 'loading' && labels.loading}
        {state === 'end' && reels.length > 0 && labels.end}
        {state === 'failed' && (
          <>
            {labels.loadFailed}{' '}
            <button type="button" className="link" onClick={() => void loadMore()}>
              {labels.retry}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
