// GET /media/avatars/<file>: the stored avatars. A file's name carries its content's hash, so
// an answer never changes and may be cached for a year; a new photo is a new name.
import type { FastifyInstance } from 'fastify';
import { AVATAR_URL_PREFIX } from '../auth/index.ts';
import type { AvatarStore } from '../account/avatars.ts';

export function registerAvatarRoute(app: FastifyInstance, avatars: AvatarStore): void {
  app.get<{ Params: { file: string } }>(`${AVATAR_URL_PREFIX}:file`, async (request, reply) => {
    const found = await avatars.open(request.params.file);
    if (!found) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('No such avatar.');
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.stream);
  });
}
