// Reels over the real app and the real job queue (PGlite; PostgreSQL too with TEST_DATABASE_URL):
// editors upload videos made with ffmpeg's test sources, the transcoding job turns them into
// 720 × 1280 H.264/AAC MP4s with posters, served with ranges; fans like and comment.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { Role } from '../../src/server/db/schema.ts';
import { JobQueue } from '../../src/server/store/job-queue.ts';
import { ReelFiles } from '../../src/server/reels/files.ts';
import { registerReelJobs } from '../../src/server/reels/transcode-job.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { accountsApp, createUser, type AccountsApp } from '../helpers/accounts.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { makeTestVideo, makeVideoWithLyingHeader } from '../helpers/videos.ts';

const engines = await databasesUnderTest();
const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
const EDITOR = '9000000002';
const ALICE = '9876543210';
const BOB = '9123456780';
const MAX_TEST_UPLOAD = 400 * 1024;

function probe(file: string) {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], { encoding: 'utf8' })) as {
    format: { duration: string; format_name: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
  };
}

function multipart(parts: { name: string; value?: string; file?: { name: string; type: string; data: Buffer } }[]) {
  const boundary = `----crease${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.file) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"\r\nContent-Type: ${part.file.type}\r\n\r\n`));
      chunks.push(part.file.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(engines)('reels on %s', (_engine, open) => {
  let db: Db;
  let accounts: AccountsApp;
  let dir: string;
  let files: ReelFiles;
  let services: Services;
  const videos: Record<string, Buffer> = {};
  const tokens: Record<string, string> = {};

  const signIn = async (phone: string, role: Role = 'user', name = `Fan ${phone.slice(-2)}`) => {
    const id = await createUser(db, phone, 'ab12cd', role);
    await db.kysely.updateTable('users').set({ name }).where('id', '=', id).execute();
    tokens[phone] = (await accounts.auth.sessions.create(id, 'vitest')).token;
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { phone?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
    accounts.app.inject({
      method,
      url: `/user/v1${url}`,
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
      headers: { ...(options.phone ? { authorization: `Bearer ${tokens[options.phone]}` } : {}), ...options.headers },
    });
  const upload = (phone: string | undefined, data: Buffer, title = 'Yorker at the death', fileName = 'clip.mp4', extra: Record<string, string> = {}) => {
    const form = multipart([
      { name: 'title', value: title },
      ...Object.entries(extra).map(([name, value]) => ({ name, value })),
      { name: 'video', file: { name: fileName, type: 'video/mp4', data } },
    ]);
    return call('POST', '/editor/reels', { ...(phone ? { phone } : {}), payload: form.payload, headers: form.headers });
  };
  const runJobs = async () => {
    // A fresh worker each time, as after a restart: the jobs wait in the database.
    const queue = new JobQueue(db, { logger: pino({ level: 'silent' }) });
    registerReelJobs(queue, { reels: services.reels, files, tools });
    while ((await queue.claimDue()) > 0) await queue.idle();
  };
  // A ready reel for the tests that check what is done with one (serving, likes, comments, paging),
  // not the transcode's output: a real clip too, but of 5 frames, so each of their transcodes is short.
  const uploadReady = async (title: string) => {
    const response = await upload(EDITOR, videos.short!, title);
    expect(response.statusCode).toBe(200);
    await runJobs();
    return response.json().data.reel_id as string;
  };

  beforeAll(async () => {
    db = await open();
    dir = await mkdtemp(path.join(os.tmpdir(), 'crease-reels-'));
    const make = async (name: string, video: Parameters<typeof makeTestVideo>[1], ext = 'mp4') => {
      const file = path.join(dir, `${name}.${ext}`);
      makeTestVideo(file, video);
      videos[name] = await readFile(file);
    };
    await make('mp4', { seconds: 2 });
    await make('short', { seconds: 1, rate: 5, width: 160, height: 120 });
    await make('webm', { seconds: 2, container: 'webm', audio: false, width: 240, height: 320 }, 'webm');
    await make('mov', { seconds: 1, container: 'mov' }, 'mov');
    await make('long', { seconds: 61, width: 64, height: 48, rate: 2, audio: false });
    await make('big', { seconds: 10, width: 640, height: 480, rate: 25 });
    const lying = path.join(dir, 'lying.mp4');
    makeVideoWithLyingHeader(lying, 90, 10);
    videos.lying = await readFile(lying);
  }, 120_000);
  afterAll(async () => {
    await accounts?.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await accounts?.close();
    await sql`truncate users, reels, jobs restart identity cascade`.execute(db.kysely);
    files = new ReelFiles(path.join(dir, `store-${randomBytes(4).toString('hex')}`));
    services = createServices(db);
    accounts = await accountsApp(db, { appOptions: { services, reelFiles: files, mediaTools: tools, maxReelBytes: MAX_TEST_UPLOAD } });
    await signIn(EDITOR, 'editor', 'Desk');
    await signIn(ALICE);
    await signIn(BOB);
  });

  it('transcodes an editor’s MP4 in the background into a 720 × 1280 H.264/AAC MP4 and a poster, shown once ready', async () => {
    expect(videos.mp4!.length).toBeLessThan(MAX_TEST_UPLOAD);
    const response = await upload(EDITOR, videos.mp4!, '  Yorker   at the death ', 'clip.mp4', { title_hi: 'आख़िरी ओवर का यॉर्कर' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true, data: { status: 'processing' } });
    // Waiting for its job: not shown to fans yet, and the upload is kept for the job.
    expect((await call('GET', '/reels?limit=8&offset=0')).json().data).toEqual([]);
    expect(await readdir(files.uploadsDir)).toEqual([`r${response.json().data.reel_id}.upload`]);
    await runJobs();
    const list = (await call('GET', '/reels?limit=8&offset=0')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Yorker at the death', likeStatus: null, like_id: null, likeCount: 0, commentCount: 0, duration_ms: 2000 });
    expect((await call('GET', '/reels?lang=hi')).json().data[0].title).toBe('आख़िरी ओवर का यॉर्कर');
    expect(await readdir(files.uploadsDir)).toEqual([]);
    const video = probe(path.join(files.publicDir, path.basename(list[0].url)));
    const picture = video.streams.find((stream) => stream.codec_type === 'video')!;
    expect(picture).toMatchObject({ codec_name: 'h264', width: 720, height: 1280, pix_fmt: 'yuv420p' });
    expect(video.streams.find((stream) => stream.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Number(video.format.duration)).toBeCloseTo(2, 0);
    const poster = await accounts.app.inject({ method: 'GET', url: list[0].poster });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('serves a reel with range requests and a year of caching', async () => {
    await uploadReady('Range');
    const [reel] = (await call('GET', '/reels')).json().data;
    const whole = await accounts.app.inject({ method: 'GET', url: reel.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const part = await accounts.app.inject({ method: 'GET', url: reel.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    // The index comes first (faststart): a player starts before the whole file arrives.
    expect(whole.rawPayload.indexOf('moov')).toBeLessThan(whole.rawPayload.indexOf('mdat'));
    // Nothing else under the prefix: no dot-files, no other names.
    for (const url of ['/media/reels/.r1-0000000000000000.mp4.tmp', '/media/reels/..%2f..%2fetc%2fpasswd', '/media/reels/x.mp4']) {
      expect((await accounts.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('takes WebM without sound and MOV, giving every reel an AAC track', async () => {
    expect((await upload(EDITOR, videos.webm!, 'WebM', 'clip.webm')).statusCode).toBe(200);
    expect((await upload(EDITOR, videos.mov!, 'MOV', 'clip.mov')).statusCode).toBe(200);
    await runJobs();
    const list = (await call('GET', '/editor/reels', { phone: EDITOR })).json().data;
    expect(list.map((reel: { status: string }) => reel.status)).toEqual(['ready', 'ready']);
    for (const reel of list) {
      const streams = probe(path.join(files.publicDir, path.basename(reel.url))).streams;
      expect(streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    }
  });

  it('refuses uploads by type (read from the bytes), length, size and damage, with clear messages and nothing left behind', async () => {
    const png = await readFile(path.join(import.meta.dirname, '../fixtures/avatar-48.png'));
    const damaged = Buffer.concat([videos.mp4!.subarray(0, 32), randomBytes(4000)]);
    const cases: [Buffer, number, RegExp][] = [
      [png, 415, /only MP4, MOV or WebM videos are accepted/],
      [Buffer.from('<html><script>alert(1)</script></html>'), 415, /only MP4, MOV or WebM/],
      [damaged, 400, /could not be read; the file may be damaged/],
      [videos.long!, 400, /61 seconds long; a reel is at most 60 seconds/],
      // Its headers say 10 s; its frames run for 90.
      [videos.lying!, 400, /90 seconds long; a reel is at most 60 seconds/],
      [videos.big!, 413, /larger than/],
    ];
    expect(videos.big!.length).toBeGreaterThan(MAX_TEST_UPLOAD);
    expect(Number(probe(path.join(dir, 'lying.mp4')).format.duration)).toBe(10);
    for (const [data, status, message] of cases) {
      const response = await upload(EDITOR, data, 'Bad', 'clip.mp4');
      expect(response.statusCode, message.source).toBe(status);
      expect(response.json().message).toMatch(/^Reel not uploaded: /);
      expect(response.json().message).toMatch(message);
    }
    expect((await upload(EDITOR, videos.mp4!, '')).json().message).toMatch(/title is required/);
    expect((await upload(EDITOR, videos.mp4!, 'x'.repeat(121))).json().message).toMatch(/title is too long/);
    expect(await readdir(files.uploadsDir)).toEqual([]);
    expect(await db.kysely.selectFrom('reels').select('id').execute()).toEqual([]);
  });

  it('lets only editors upload, list and delete reels', async () => {
    expect((await upload(undefined, videos.mp4!)).statusCode).toBe(401);
    expect((await upload(ALICE, videos.mp4!)).statusCode).toBe(403);
    expect((await call('GET', '/editor/reels', { phone: ALICE })).statusCode).toBe(403);
    const id = await uploadReady('To delete');
    const [reel] = (await call('GET', '/reels')).json().data;
    expect((await call('DELETE', `/editor/reels?reel_id=${id}`, { phone: ALICE })).statusCode).toBe(403);
    expect((await call('DELETE', `/editor/reels?reel_id=${id}`, { phone: EDITOR })).json()).toEqual({ status: true, message: 'Reel deleted' });
    expect((await accounts.app.inject({ method: 'GET', url: reel.url })).statusCode).toBe(404);
    expect(await readdir(files.publicDir)).toEqual([]);
    expect((await call('DELETE', `/editor/reels?reel_id=${id}`, { phone: EDITOR })).statusCode).toBe(404);
  });

  it('a transcode stopped by a shutdown goes back to the queue, leaves no file, and the next worker finishes it', async () => {
    const response = await upload(EDITOR, videos.mp4!, 'Restarted');
    const reelId = response.json().data.reel_id;
    const first = new JobQueue(db, { logger: pino({ level: 'silent' }) });
    registerReelJobs(first, { reels: services.reels, files, tools });
    expect(await first.claimDue()).toBe(1);
    // ffmpeg is running; the process is asked to stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.stop();
    const [job] = await db.kysely.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(job).toEqual({ status: 'queued', attempts: 0 });
    expect((await call('GET', '/editor/reels', { phone: EDITOR })).json().data[0].status).toBe('processing');
    expect(await readdir(files.publicDir)).toEqual([]);
    expect(await readdir(files.uploadsDir)).toEqual([`r${reelId}.upload`]);
    await runJobs();
    expect((await call('GET', '/reels')).json().data.map((reel: { reel_id: string }) => reel.reel_id)).toEqual([reelId]);
  });

  it('marks a reel failed with a reason when its job cannot finish', async () => {
    const response = await upload(EDITOR, videos.mp4!, 'Lost');
    await rm(files.sourcePath(response.json().data.reel_id));
    await runJobs();
    const [reel] = (await call('GET', '/editor/reels', { phone: EDITOR })).json().data;
    expect(reel).toMatchObject({ status: 'failed', error: 'the video could not be converted; please upload it again', url: null });
    expect((await call('GET', '/reels')).json().data).toEqual([]);
  });

  it('keeps one like per fan: like, like again, unlike, like back; only the fan’s own like changes', async () => {
    const id = await uploadReady('Likes');
    expect((await call('POST', '/add/like', { payload: { reel_id: id, status: 'like' } })).statusCode).toBe(401);
    const liked = await call('POST', '/add/like', { phone: ALICE, payload: { reel_id: id, phone: ALICE, status: 'like' } });
    expect(liked.json()).toMatchObject({ status: 'success', data: { likeStatus: 'like', likeCount: 1 } });
    const likeId = liked.json().data.like_id;
    const again = await call('POST', '/add/like', { phone: ALICE, payload: { reel_id: Number(id), status: 'like' } });
    expect(again.json().data).toEqual({ like_id: likeId, likeStatus: 'like', likeCount: 1 });
    await call('POST', '/add/like', { phone: BOB, payload: { reel_id: id } });
    const mine = (await call('GET', '/auth/reels?limit=5&offset=0', { phone: ALICE })).json().data[0];
    expect(mine).toMatchObject({ likeStatus: 'like', like_id: likeId, likeCount: 2 });
    expect((await call('GET', '/reels')).json().data[0]).toMatchObject({ likeStatus: null, like_id: null, likeCount: 2 });
    // Bob cannot unlike Alice's like.
    expect((await call('POST', `/update/like?like_id=${likeId}`, { phone: BOB, payload: { reel_id: id, status: 'dislike', is_deleted: 0 } })).statusCode).toBe(404);
    const unliked = await call('POST', `/update/like?like_id=${likeId}`, { phone: ALICE, payload: { reel_id: id, phone: ALICE, status: 'dislike', is_deleted: 0 } });
    expect(unliked.json().data).toEqual({ like_id: likeId, likeStatus: null, likeCount: 1 });
    expect((await call('GET', '/auth/reels', { phone: ALICE })).json().data[0]).toMatchObject({ likeStatus: null, like_id: likeId });
    expect((await call('POST', '/add/like', { phone: ALICE, payload: { reel_id: id } })).json().data).toEqual({ like_id: likeId, likeStatus: 'like', likeCount: 2 });
    expect((await call('POST', '/add/like', { phone: ALICE, payload: { reel_id: '999999' } })).statusCode).toBe(404);
    expect((await call('POST', '/add/like', { phone: ALICE, payload: { reel_id: 'abc' } })).json().message).toMatch(/reel_id must be a number/);
  });

  it('takes comments as the spec sends them (query) or as JSON, limited, kept as plain text, readable by visitors, deletable by author and editors', async () => {
    const id = await uploadReady('Comments');
    // Visitors read comments (issue 29 §6; the provider's reels page is open to them); writing needs an account.
    expect((await call('GET', `/get/comment?reel_id=${id}`)).json()).toEqual({ status: true, comments: [] });
    expect((await call('POST', '/add/comment', { payload: { reel_id: id, comment: 'hello' } })).statusCode).toBe(401);
    const html = '<img src=x onerror=alert(1)> great   ball';
    const viaQuery = await call('POST', `/add/comment?reel_id=${id}&phone=${ALICE}&comment=${encodeURIComponent(html)}`, { phone: ALICE });
    expect(viaQuery.json().message).toBe('Comment added');
    expect(viaQuery.json()).toMatchObject({ status: 'success', data: { commentCount: 1 } });
    const viaBody = await call('POST', '/add/comment', { phone: BOB, payload: { reel_id: id, comment: 'शानदार यॉर्कर' } });
    expect(viaBody.json().data.commentCount).toBe(2);
    for (const [comment, message] of [
      ['   ', /comment is required/],
      ['x'.repeat(501), /at most 500 characters/],
      ['bad\u0000byte', /must not contain a NUL character/],
      ['flip\u202Etext', /control characters/],
    ] as const) {
      const response = await call('POST', '/add/comment', { phone: ALICE, payload: { reel_id: id, comment } });
      expect(response.statusCode, comment).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const seenByAlice = (await call('GET', `/get/comment?reel_id=${id}`, { phone: ALICE })).json().comments;
    expect(seenByAlice.map((c: { comment: string; name: string; can_delete: boolean }) => [c.comment, c.name, c.can_delete])).toEqual([
      ['<img src=x onerror=alert(1)> great ball', 'Fan 10', true],
      ['शानदार यॉर्कर', 'Fan 80', false],
    ]);
    const seenByVisitor = (await call('GET', `/get/comment?reel_id=${id}`)).json().comments;
    expect(seenByVisitor.map((c: { comment: string; can_delete: boolean }) => [c.comment, c.can_delete])).toEqual([
      ['<img src=x onerror=alert(1)> great ball', false],
      ['शानदार यॉर्कर', false],
    ]);
    const [alices, bobs] = seenByAlice.map((c: { comment_id: string }) => c.comment_id);
    expect((await call('DELETE', `/delete/comment?comment_id=${bobs}`, { phone: ALICE })).statusCode).toBe(403);
    expect((await call('DELETE', `/delete/comment?comment_id=${alices}`, { phone: ALICE })).statusCode).toBe(200);
    expect((await call('DELETE', `/delete/comment?comment_id=${bobs}`, { phone: EDITOR })).statusCode).toBe(200);
    expect((await call('DELETE', `/delete/comment?comment_id=${bobs}`, { phone: EDITOR })).statusCode).toBe(404);
    expect((await call('GET', `/get/comment?reel_id=${id}`, { phone: BOB })).json().comments).toEqual([]);
    expect((await call('GET', '/auth/reels', { phone: BOB })).json().data[0].commentCount).toBe(0);
  });

  it('limits a fan to 10 comments a minute', async () => {
    const id = await uploadReady('Busy');
    for (let n = 1; n <= 10; n += 1) expect((await call('POST', '/add/comment', { phone: ALICE, payload: { reel_id: id, comment: `c${n}` } })).statusCode).toBe(200);
    const refused = await call('POST', '/add/comment', { phone: ALICE, payload: { reel_id: id, comment: 'one more' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await call('POST', '/add/comment', { phone: BOB, payload: { reel_id: id, comment: 'mine' } })).statusCode).toBe(200);
  });

  it('pages the feed by 5, newest first, and keeps answers with a fan’s likes private', async () => {
    for (let n = 1; n <= 6; n += 1) await uploadReady(`Reel ${n}`);
    const first = await call('GET', '/auth/reels?limit=5&offset=0', { phone: ALICE });
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json().data.map((reel: { title: string }) => reel.title)).toEqual(['Reel 6', 'Reel 5', 'Reel 4', 'Reel 3', 'Reel 2']);
    expect((await call('GET', '/auth/reels?limit=5&offset=5', { phone: ALICE })).json().data.map((reel: { title: string }) => reel.title)).toEqual(['Reel 1']);
    // Signed out (the provider's client sends 'Bearer null'), the page still loads, without likes.
    const visitor = await call('GET', '/auth/reels?limit=5');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data.map((reel: { likeStatus: unknown }) => reel.likeStatus)).toEqual([null, null, null, null, null]);
    expect((await call('GET', '/reels?limit=21')).json().message).toMatch(/limit must be between 1 and 20/);
    expect((await call('GET', '/reels?limit=8')).headers['cache-control']).toBe('public, max-age=10');
  });

  it('a write not from the site (cookie without csrf) is refused', async () => {
    const id = await uploadReady('Csrf');
    const response = await accounts.app.inject({ method: 'POST', url: '/user/v1/add/like', payload: { reel_id: id }, headers: { cookie: `crease_session=${tokens[ALICE]}` } });
    expect(response.statusCode).toBe(403);
  });
});
