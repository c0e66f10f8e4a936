// Reels (spec §7; decision 041): the feeds, likes and comments of signed-in fans, and the
// editors' upload, list and delete. An upload is streamed to disk under the size limit (never
// held in memory), recognised by its bytes and ffprobe, and queued for transcoding.
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { requireRole, requireUser, type Auth, type LimitRule } from '../auth/index.ts';
import { PRIVATE_NO_STORE } from '../http/credentials.ts';
import type { ReelFiles } from '../reels/files.ts';
import { MAX_REEL_BYTES, probeUpload, ReelRejected, type MediaTools } from '../reels/media.ts';
import type { Services } from '../services/index.ts';
import { ApiError, tooManyAttempts } from './errors.ts';
import { actionSchema } from '../wire/schemas/common.ts';
import { commentText, reelRoutes, reelTitle } from '../wire/schemas/reels.ts';

export interface ReelRouteOptions {
  files: ReelFiles;
  tools: MediaTools;
  /** The largest upload accepted (default MAX_REEL_BYTES, 100 MB). */
  maxBytes?: number;
}

export const REEL_RULES = {
  commentsPerUser: { name: 'reel-comment-user', limit: 10, windowS: 60 },
  commentsPerUserDaily: { name: 'reel-comment-user-day', limit: 200, windowS: 24 * 60 * 60 },
  likesPerUser: { name: 'reel-like-user', limit: 60, windowS: 60 },
  uploadsPerEditor: { name: 'reel-upload-editor', limit: 30, windowS: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

const BODY_LIMIT = 4 * 1024;
const NOT_UPLOADED = 'Reel not uploaded';
const notUploaded = (status: number, reason: string) => new ApiError(status, `${NOT_UPLOADED}: ${reason}`);

/** Multipart failures (@fastify/multipart codes) in words an editor can act on. */
function uploadError(error: unknown, maxBytes: number): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ReelRejected) return notUploaded(error.statusCode, error.message);
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return notUploaded(413, `the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return notUploaded(413, 'send one video only, in the field video, with the fields title and title_hi');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notUploaded(415, 'send the video as multipart/form-data in the field video');
    default:
      return notUploaded(400, 'the upload could not be read');
  }
}

function fieldValue(file: MultipartFile, name: string): unknown {
  const field = file.fields[name];
  if (field === undefined) return undefined;
  if (Array.isArray(field) || field.type !== 'field') throw notUploaded(400, `send ${name} once, as text`);
  return field.value;
}

async function limited(auth: Auth, key: string, ...rules: LimitRule[]): Promise<void> {
  for (const rule of rules) {
    const rate = await auth.limiter.hit(key, rule);
    if (!rate.allowed) throw tooManyAttempts(rate.retryAfterS);
  }
}

export async function registerReelRoutes(app: FastifyInstance, services: Services, auth: Auth, options: ReelRouteOptions): Promise<void> {
  const { reels } = services;
  const { files, tools } = options;
  const maxBytes = options.maxBytes ?? MAX_REEL_BYTES;
  const routes = reelRoutes;

  await app.register(async (scope) => {
    // Likes, comments and the editors' lists are one person's view: no cache keeps them.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldNameSize: 50, fieldSize: 1024, headerPairs: 20 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(routes.publicReels.paths[0]!, { schema: actionSchema(routes.publicReels) }, async (request, reply) => {
      const { limit, offset, lang } = request.query;
      // Counts move with every like: a short life in shared caches.
      reply.header('cache-control', 'public, max-age=10');
      return { status: true as const, data: await reels.list({ limit, offset, lang, viewerId: null }) };
    });

    // The provider's reels page is open to visitors and calls this with 'Bearer null' when signed
    // out: a visitor gets the reels without likes of their own, as from /reels (decision 061).
    api.get(routes.authReels.paths[0]!, { schema: actionSchema(routes.authReels) }, async (request, reply) => {
      const { limit, offset, lang } = request.query;
      // The same URL answers with a fan's likes: no shared cache may hand the visitor's copy to a fan.
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { status: true as const, data: await reels.list({ limit, offset, lang, viewerId: request.user?.id ?? null }) };
    });

    api.post(routes.addLike.paths[0]!, { schema: actionSchema(routes.addLike), bodyLimit: BODY_LIMIT }, async (request) => {
      const user = requireUser(request);
      await limited(auth, user.id, REEL_RULES.likesPerUser);
      const state = await reels.like(user.id, request.body.reel_id);
      if (!state) throw new ApiError(404, 'No such reel');
      return { status: 'success' as const, message: 'Liked', data: state };
    });

    api.route({
      method: [...routes.updateLike.methods],
      url: routes.updateLike.paths[0]!,
      schema: actionSchema(routes.updateLike),
      bodyLimit: BODY_LIMIT,
      handler: async (request) => {
        const user = requireUser(request);
        await limited(auth, user.id, REEL_RULES.likesPerUser);
        const state = await reels.updateLike(user.id, request.query.like_id, request.body.status, request.body.reel_id);
        if (!state) throw new ApiError(404, 'No such like of yours');
        return { status: 'success' as const, message: request.body.status === 'like' ? 'Liked' : 'Like removed', data: state };
      },
    });

    // Open to visitors, as the provider's reels page is: anyone reads a reel's comments; only who
    // may delete one depends on the viewer, so the answer is never shared by a cache.
    api.get(routes.getComments.paths[0]!, { schema: actionSchema(routes.getComments) }, async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const comments = await reels.comments(request.query.reel_id, request.user);
      if (!comments) throw new ApiError(404, 'No such reel');
      return { status: true as const, comments };
    });

    api.post(routes.addComment.paths[0]!, { schema: actionSchema(routes.addComment), bodyLimit: BODY_LIMIT }, async (request) => {
      const user = requireUser(request);
      const reelId = request.body?.reel_id ?? request.query.reel_id;
      if (reelId === undefined) throw new ApiError(400, 'reel_id is required');
      const text = commentText.safeParse(request.body?.comment ?? request.query.comment);
      if (!text.success) throw new ApiError(400, text.error.issues[0]?.message ?? 'comment is not valid');
      await limited(auth, user.id, REEL_RULES.commentsPerUser, REEL_RULES.commentsPerUserDaily);
      const added = await reels.addComment(user.id, reelId, text.data);
      if (!added) throw new ApiError(404, 'No such reel');
      return { status: 'success' as const, message: 'Comment added', data: added };
    });

    api.route({
      method: [...routes.deleteComment.methods],
      url: routes.deleteComment.paths[0]!,
      schema: actionSchema(routes.deleteComment),
      handler: async (request) => {
        const user = requireUser(request);
        const outcome = await reels.deleteComment(request.query.comment_id, user);
        if (outcome === 'missing') throw new ApiError(404, 'No such comment');
        if (outcome === 'forbidden') throw new ApiError(403, 'Only its author or an editor can delete a comment.');
        return { status: true as const, message: 'Comment deleted' };
      },
    });

    api.post(routes.uploadReel.paths[0]!, { schema: { ...actionSchema(routes.uploadReel), consumes: ['multipart/form-data'] } }, async (request) => {
      const user = requireRole(request, 'editor', 'admin');
      await limited(auth, user.id, REEL_RULES.uploadsPerEditor);
      await files.ensure();
      const incoming = files.incomingPath();
      try {
        const { title, titleHi } = await receive(request, incoming);
        const { size } = await stat(incoming);
        await probeUpload(tools, incoming);
        const reelId = await reels.create({ title, titleHi, uploadedBy: user.id, sourceBytes: size }, (id) => files.adoptUpload(incoming, id));
        request.log.info({ reel: reelId, bytes: size }, 'reel uploaded; transcoding queued');
        return { status: true as const, message: 'Uploaded: the reel is being prepared', data: { reel_id: reelId, status: 'processing' as const } };
      } catch (error) {
        throw uploadError(error, maxBytes);
      } finally {
        await rm(incoming, { force: true });
      }
    });

    api.get(routes.editorReels.paths[0]!, { schema: actionSchema(routes.editorReels) }, async (request) => {
      requireRole(request, 'editor', 'admin');
      return { status: true as const, data: await reels.editorList() };
    });

    api.delete(routes.deleteReel.paths[0]!, { schema: actionSchema(routes.deleteReel) }, async (request) => {
      requireRole(request, 'editor', 'admin');
      const { reel_id: reelId } = request.query;
      const removed = await reels.delete(reelId);
      if (!removed) throw new ApiError(404, 'No such reel');
      await files.removeServed(removed.video, removed.poster);
      await files.removeSource(reelId);
      return { status: true as const, message: 'Reel deleted' };
    });
  });

  /** Streams the one file part to `incoming` under the size limit; answers the title fields sent before it. */
  async function receive(request: FastifyRequest, incoming: string): Promise<{ title: string; titleHi: string | null }> {
    const file = await request.file();
    if (!file) throw notUploaded(400, 'no video was sent (field video)');
    if (file.fieldname !== 'video') throw notUploaded(400, 'send the video in the field video');
    const title = reelTitle('title').safeParse(fieldValue(file, 'title') ?? '');
    if (!title.success) throw notUploaded(400, `${title.error.issues[0]?.message ?? 'title is not valid'} (send it before the video)`);
    const hindi = fieldValue(file, 'title_hi');
    const titleHi = hindi === undefined || hindi === '' ? null : reelTitle('title_hi').safeParse(hindi);
    if (titleHi && !titleHi.success) throw notUploaded(400, titleHi.error.issues[0]?.message ?? 'title_hi is not valid');
    await pipeline(file.file, createWriteStream(incoming, { flags: 'wx' }));
    if (file.file.truncated) throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxBytes);
    return { title: title.data, titleHi: titleHi ? titleHi.data : null };
  }
}
