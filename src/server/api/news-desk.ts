// The editor's desk (docs/decisions/036-news.md): editors and admins write, preview, publish,
// withdraw and edit articles, automated reports included, and upload covers. Every route needs
// the editor or admin role; answers are private; covers are re-encoded from their bytes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { AvatarRejected } from '../account/avatars.ts';
import { requireRole, type Auth, type LimitRule } from '../auth/index.ts';
import { coverSrcset, coverUrl } from '../../shared/news-view.ts';
import { presentDeskArticle } from '../wire/presenters/news.ts';
import { makeCover, MAX_COVER_UPLOAD_BYTES, type CoverStore } from '../news/covers.ts';
import type { Services } from '../services/index.ts';
import type { NewsDraft, NewsTag } from '../services/news.ts';
import { ApiError, tooManyAttempts } from './errors.ts';
import { actionSchema } from '../wire/schemas/common.ts';
import { deskRoutes as routes, type deskArticle, type deskArticleBody } from '../wire/schemas/news.ts';

export const DESK_RULES = {
  // Re-encoding a cover at three widths costs real CPU; an editor uploads a few an hour.
  coverUploadsPerUser: { name: 'news-cover-user', limit: 60, windowS: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

/** An article's words at their limits (2 × 7 texts of 5,000 characters) fit well within this. */
const BODY_LIMIT = 256 * 1024;
const TAG_KINDS = ['team', 'player', 'tournament', 'match'] as const;

function coverError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, `The cover is larger than ${MAX_COVER_UPLOAD_BYTES / 1024 / 1024} MB`);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError(413, 'Send one image only, in the field cover');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(415, 'Send the cover as multipart/form-data in the field cover');
    default:
      return new ApiError(400, 'The upload could not be read');
  }
}

export async function registerNewsDeskRoutes(app: FastifyInstance, services: Services, auth: Auth, covers: CoverStore): Promise<void> {
  const { news } = services;

  const present = async (id: string): Promise<z.infer<typeof deskArticle>> => {
    const found = await news.deskArticle(id);
    if (!found) throw new ApiError(404, 'No such article');
    return presentDeskArticle(found.article, found.texts);
  };

  const draftOf = async (body: z.infer<typeof deskArticleBody>): Promise<NewsDraft> => {
    if (body.cover_image !== null && !(await covers.has(body.cover_image))) throw new ApiError(400, 'cover_image must be the name an upload returned');
    const tags: NewsTag[] = TAG_KINDS.flatMap((kind) => body.tags[kind].map((key) => ({ kind, key })));
    return { texts: { en: body.en, hi: body.hi }, tags, cover_image: body.cover_image };
  };

  await app.register(async (scope) => {
    // An editor's view of drafts: no cache may keep it.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    await scope.register(multipart, {
      limits: { fileSize: MAX_COVER_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldNameSize: 50, fieldSize: 1024, headerPairs: 20 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const editor = (request: Parameters<typeof requireRole>[0]) => requireRole(request, 'editor', 'admin');

    api.get(routes.list.paths[0]!, { schema: actionSchema(routes.list) }, async (request) => {
      editor(request);
      const articles = await news.deskList(request.query.limit, request.query.offset);
      return { status: true as const, data: await Promise.all(articles.map((article) => present(article.id))) };
    });

    api.get(routes.get.paths[0]!, { schema: actionSchema(routes.get) }, async (request) => {
      editor(request);
      return { status: true as const, data: await present(request.query.id) };
    });

    api.post(routes.create.paths[0]!, { schema: actionSchema(routes.create), bodyLimit: BODY_LIMIT }, async (request) => {
      const user = editor(request);
      const { id } = await news.create(await draftOf(request.body), user.id);
      return { status: true as const, data: await present(id) };
    });

    api.put(routes.update.paths[0]!, { schema: actionSchema(routes.update), bodyLimit: BODY_LIMIT }, async (request) => {
      const user = editor(request);
      if (!(await news.update(request.query.id, await draftOf(request.body), user.id))) throw new ApiError(404, 'No such article');
      return { status: true as const, data: await present(request.query.id) };
    });

    for (const [route, status] of [
      [routes.publish, 'published'],
      [routes.unpublish, 'draft'],
    ] as const) {
      api.post(route.paths[0]!, { schema: actionSchema(route), bodyLimit: 1024 }, async (request) => {
        const user = editor(request);
        if (!(await news.setStatus(request.body.id, status, user.id))) throw new ApiError(404, 'No such article');
        return { status: true as const, data: await present(request.body.id) };
      });
    }

    api.post(routes.cover.paths[0]!, { schema: { ...actionSchema(routes.cover), consumes: ['multipart/form-data'] } }, async (request) => {
      const user = editor(request);
      const rate = await auth.limiter.hit(user.id, DESK_RULES.coverUploadsPerUser);
      if (!rate.allowed) throw tooManyAttempts(rate.retryAfterS);
      let upload: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new ApiError(400, 'No image was sent (field cover)');
        if (file.fieldname !== 'cover') throw new ApiError(400, 'Send the image in the field cover');
        upload = await file.toBuffer();
      } catch (error) {
        throw coverError(error);
      }
      try {
        const name = await covers.save(await makeCover(upload));
        return { status: true as const, data: { cover_image: name, cover_url: coverUrl(name), cover_srcset: coverSrcset(name) } };
      } catch (error) {
        if (error instanceof AvatarRejected) throw new ApiError(error.statusCode, `Cover not accepted: ${error.message}`);
        throw error;
      }
    });
  });
}
