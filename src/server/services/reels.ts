// Reels (spec §3 Reel, §4, §7; decision 041): the one place reels, likes and comments are read
// and written, for the API and the pages alike. Only 'ready' reels are shown to fans. What a
// fan does acts on the user id the caller takes from the session, never from a request body.
// The home block's list is cached under the 'reels' tag, which a reel becoming ready or being
// deleted publishes; feeds with a fan's likes and the counts are read fresh.
import { sql, type Kysely } from 'kysely';
import type { ChangeFeed } from '../feed/change-feed.ts';
import { tags } from '../feed/tags.ts';
import type { Database, ReelStatus, Role } from '../db/schema.ts';
import { enqueueIn } from '../store/job-queue.ts';
import { reelFileUrl } from '../reels/files.ts';
import type { Lang } from '../../i18n/index.ts';
import type { TaggedCache } from './cache.ts';

export const REEL_TRANSCODE_JOB = 'reel.transcode';
export const MAX_COMMENTS_SHOWN = 200;
/** Tries of a transcoding job before its reel is marked failed. */
export const REEL_JOB_ATTEMPTS = 3;

/** A reel as the spec's client reads it (§3), with what the pages need besides. */
export interface Reel {
  reel_id: string;
  url: string;
  poster: string;
  title: string;
  duration_ms: number;
  /** 'like' when the signed-in fan likes it, else null (always null for a visitor). */
  likeStatus: 'like' | null;
  /** The fan's like row (for update/like), liked or not; null when they never liked it. */
  like_id: string | null;
  likeCount: number;
  commentCount: number;
  created_at: string;
}

/** What the home block shows: a poster and a title. */
export interface ReelTile {
  reel_id: string;
  poster: string;
  title: string;
}

export interface ReelComment {
  comment_id: string;
  comment: string;
  name: string;
  created_at: string;
  /** Whether the asking user may delete it (its author, or an editor). */
  can_delete: boolean;
}

export interface EditorReel {
  reel_id: string;
  title: string;
  title_hi: string | null;
  status: ReelStatus;
  error: string | null;
  url: string | null;
  poster: string | null;
  duration_ms: number | null;
  source_bytes: number;
  likeCount: number;
  commentCount: number;
  created_at: string;
}

export interface LikeState {
  like_id: string;
  likeStatus: 'like' | null;
  likeCount: number;
}

interface ReelRow {
  id: string;
  title: string;
  title_hi: string | null;
  video_file: string;
  poster_file: string;
  duration_ms: number;
  created_at: Date;
  like_count: number;
  comment_count: number;
  like_id: string | null;
  like_status: 'like' | 'dislike' | null;
}

const titleIn = (lang: Lang, row: { title: string; title_hi: string | null }) => (lang === 'hi' && row.title_hi ? row.title_hi : row.title);
const MODERATORS: readonly Role[] = ['editor', 'admin'];

export class ReelService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
    private readonly feed: Pick<ChangeFeed, 'publish'>,
  ) {}

  /** Ready reels, newest first, with the viewer's like when one is signed in. */
  async list(options: { limit: number; offset: number; viewerId: string | null; lang: Lang }): Promise<Reel[]> {
    const viewer = options.viewerId ?? '0';
    const { rows } = await sql<ReelRow>`
      select r.id::text as id, r.title, r.title_hi, r.video_file, r.poster_file, r.duration_ms, r.created_at,
        (select count(*)::int from reel_likes l where l.reel_id = r.id and l.status = 'like') as like_count,
        (select count(*)::int from reel_comments c where c.reel_id = r.id and c.deleted_at is null) as comment_count,
        mine.id::text as like_id, mine.status as like_status
      from reels r
      left join reel_likes mine on mine.reel_id = r.id and mine.user_id = ${viewer}
      where r.status = 'ready'
      order by r.ready_at desc, r.id desc
      limit ${options.limit} offset ${options.offset}`.execute(this.db);
    return rows.map((row) => ({
      reel_id: row.id,
      url: reelFileUrl(row.video_file),
      poster: reelFileUrl(row.poster_file),
      title: titleIn(options.lang, row),
      duration_ms: row.duration_ms,
      likeStatus: row.like_status === 'like' ? 'like' : null,
      like_id: row.like_id,
      likeCount: row.like_count,
      commentCount: row.comment_count,
      created_at: row.created_at.toISOString(),
    }));
  }

  /** The home block: the newest ready reels' posters and titles (cached until a reel is added or removed). */
  tiles(lang: Lang, limit = 8): Promise<ReelTile[]> {
    return this.cache.get(`reels:tiles:${lang}:${limit}`, [tags.reels], async () => {
      const rows = await this.db
        .selectFrom('reels')
        .select([sql<string>`id::text`.as('id'), 'title', 'title_hi', 'poster_file'])
        .where('status', '=', 'ready')
        .orderBy('ready_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ reel_id: row.id, poster: reelFileUrl(row.poster_file!), title: titleIn(lang, row) }));
    });
  }

  private async isReady(reelId: string): Promise<boolean> {
    const row = await this.db.selectFrom('reels').select('id').where('id', '=', reelId).where('status', '=', 'ready').executeTakeFirst();
    return row !== undefined;
  }

  private async likeState(likeId: string, reelId: string, status: 'like' | 'dislike'): Promise<LikeState> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from reel_likes where reel_id = ${reelId} and status = 'like'`.execute(this.db);
    return { like_id: likeId, likeStatus: status === 'like' ? 'like' : null, likeCount: rows[0]?.n ?? 0 };
  }

  /** spec add/like: the fan likes the reel (one like per fan: liking again keeps the one row); null for no such reel. */
  async like(userId: string, reelId: string): Promise<LikeState | null> {
    if (!(await this.isReady(reelId))) return null;
    const { rows } = await sql<{ id: string }>`
      insert into reel_likes (reel_id, user_id, status) values (${reelId}, ${userId}, 'like')
      on conflict (reel_id, user_id) do update set status = 'like', updated_at = now()
      returning id::text as id`.execute(this.db);
    return this.likeState(rows[0]!.id, reelId, 'like');
  }

  /** spec update/like: sets the fan's own like row to like or dislike; null when it is not theirs (or not that reel's). */
  async updateLike(userId: string, likeId: string, status: 'like' | 'dislike', reelId?: string): Promise<LikeState | null> {
    let query = this.db
      .updateTable('reel_likes')
      .set({ status, updated_at: sql`now()` })
      .where('id', '=', likeId)
      .where('user_id', '=', userId);
    if (reelId !== undefined) query = query.where('reel_id', '=', reelId);
    const row = await query.returning(sql<string>`reel_id::text`.as('reel_id')).executeTakeFirst();
    return row ? this.likeState(likeId, row.reel_id, status) : null;
  }

  /** The reel's comments, oldest first (the latest MAX_COMMENTS_SHOWN); null for no such reel. A visitor (null) may delete none. */
  async comments(reelId: string, viewer: { id: string; role: Role } | null): Promise<ReelComment[] | null> {
    if (!(await this.isReady(reelId))) return null;
    const { rows } = await sql<{ id: string; body: string; user_id: string | null; name: string | null; created_at: Date }>`
      select * from (
        select c.id::text as id, c.body, c.user_id::text as user_id, u.name, c.created_at
        from reel_comments c left join users u on u.id = c.user_id
        where c.reel_id = ${reelId} and c.deleted_at is null
        order by c.id desc limit ${MAX_COMMENTS_SHOWN}
      ) latest order by id::bigint`.execute(this.db);
    const moderator = viewer !== null && MODERATORS.includes(viewer.role);
    return rows.map((row) => ({
      comment_id: row.id,
      comment: row.body,
      name: row.name ?? '',
      created_at: row.created_at.toISOString(),
      can_delete: moderator || (viewer !== null && row.user_id === viewer.id),
    }));
  }

  /** spec add/comment: the comment as stored; null for no such reel. */
  async addComment(userId: string, reelId: string, body: string): Promise<{ comment_id: string; commentCount: number } | null> {
    if (!(await this.isReady(reelId))) return null;
    const row = await this.db
      .insertInto('reel_comments')
      .values({ reel_id: reelId, user_id: userId, body })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from reel_comments where reel_id = ${reelId} and deleted_at is null`.execute(this.db);
    return { comment_id: row.id, commentCount: rows[0]?.n ?? 0 };
  }

  /** Deletes a comment for its author or an editor: 'deleted', 'forbidden', or 'missing'. */
  async deleteComment(commentId: string, user: { id: string; role: Role }): Promise<'deleted' | 'forbidden' | 'missing'> {
    const row = await this.db
      .selectFrom('reel_comments')
      .select([sql<string | null>`user_id::text`.as('user_id')])
      .where('id', '=', commentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return 'missing';
    if (row.user_id !== user.id && !MODERATORS.includes(user.role)) return 'forbidden';
    await this.db.updateTable('reel_comments').set({ deleted_at: sql`now()`, deleted_by: user.id }).where('id', '=', commentId).execute();
    return 'deleted';
  }

  // ---------- editors ----------

  /**
   * Adds a reel waiting for transcoding and its job, in one transaction; `place(id)` moves the
   * upload to where the job reads it, inside it (a failed move leaves neither row).
   */
  async create(input: { title: string; titleHi: string | null; uploadedBy: string; sourceBytes: number }, place: (reelId: string) => Promise<void>): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('reels')
        .values({ title: input.title, title_hi: input.titleHi, uploaded_by: input.uploadedBy, source_bytes: input.sourceBytes })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      await place(row.id);
      await enqueueIn(trx, { kind: REEL_TRANSCODE_JOB, payload: { reelId: row.id }, dedupeKey: row.id, maxAttempts: REEL_JOB_ATTEMPTS });
      return row.id;
    });
  }

  /** Every reel, newest first, whatever its state (the editors' desk). */
  async editorList(limit = 100): Promise<EditorReel[]> {
    const { rows } = await sql<{
      id: string;
      title: string;
      title_hi: string | null;
      status: ReelStatus;
      error: string | null;
      video_file: string | null;
      poster_file: string | null;
      duration_ms: number | null;
      source_bytes: string;
      created_at: Date;
      like_count: number;
      comment_count: number;
    }>`
      select r.id::text as id, r.title, r.title_hi, r.status, r.error, r.video_file, r.poster_file, r.duration_ms, r.source_bytes, r.created_at,
        (select count(*)::int from reel_likes l where l.reel_id = r.id and l.status = 'like') as like_count,
        (select count(*)::int from reel_comments c where c.reel_id = r.id and c.deleted_at is null) as comment_count
      from reels r order by r.id desc limit ${limit}`.execute(this.db);
    return rows.map((row) => ({
      reel_id: row.id,
      title: row.title,
      title_hi: row.title_hi,
      status: row.status,
      error: row.error,
      url: row.video_file ? reelFileUrl(row.video_file) : null,
      poster: row.poster_file ? reelFileUrl(row.poster_file) : null,
      duration_ms: row.duration_ms,
      source_bytes: Number(row.source_bytes),
      likeCount: row.like_count,
      commentCount: row.comment_count,
      created_at: row.created_at.toISOString(),
    }));
  }

  /** The transcoding job's view of a reel: its state, or null when it was deleted meanwhile. */
  async forJob(reelId: string): Promise<{ status: ReelStatus } | null> {
    return (await this.db.selectFrom('reels').select('status').where('id', '=', reelId).executeTakeFirst()) ?? null;
  }

  /** Marks a reel ready with its files; false when it was deleted meanwhile. Fans see it at once. */
  async markReady(reelId: string, files: { video: string; poster: string; durationMs: number; videoBytes: number }): Promise<boolean> {
    const result = await this.db
      .updateTable('reels')
      .set({ status: 'ready', error: null, video_file: files.video, poster_file: files.poster, duration_ms: files.durationMs, video_bytes: files.videoBytes, ready_at: sql`now()` })
      .where('id', '=', reelId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await this.feed.publish([tags.reels]);
    return true;
  }

  async markFailed(reelId: string, reason: string): Promise<void> {
    await this.db.updateTable('reels').set({ status: 'failed', error: reason.slice(0, 500) }).where('id', '=', reelId).execute();
  }

  /** Deletes a reel (likes and comments go with it); answers its served files to remove, or null for no such reel. */
  async delete(reelId: string): Promise<{ video: string | null; poster: string | null } | null> {
    const row = await this.db.deleteFrom('reels').where('id', '=', reelId).returning(['video_file', 'poster_file', 'status']).executeTakeFirst();
    if (!row) return null;
    if (row.status === 'ready') await this.feed.publish([tags.reels]);
    return { video: row.video_file, poster: row.poster_file };
  }
}
