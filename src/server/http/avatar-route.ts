// GET /media/avatars/<file> and /media/news/<file>: stored images we encoded ourselves (profile
// photos, news covers). A file's name carries its content's hash, so an answer never changes and
// may be cached for a year; a new image is a new name.
import type { FastifyInstance } from 'fastify';
import type { ReadStream } from 'node:fs';
import { AVATAR_URL_PREFIX } from '../auth/index.ts';
import type { AvatarStore } from '../account/avatars.ts';

type OpenFile = (fileName: string) => Promise<{ stream: ReadStream; size: number } | null>;

/** Serves the WebP files `open` finds under `prefix`; anything else is a plain 404. */
export function registerMediaRoute(app: FastifyInstance, prefix: string, open: OpenFile, missing: string): void {
  app.get<{ Params: { file: string } }>(`${prefix}:file`, async (request, reply) => {
    const found = await open(request.params.file);
    if (!found) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(missing);
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.stream);
  });
}

export function registerAvatarRoute(app: FastifyInstance, avatars: AvatarStore): void {
  registerMediaRoute(app, AVATAR_URL_PREFIX, (file) => avatars.open(file), 'No such avatar.');
}
