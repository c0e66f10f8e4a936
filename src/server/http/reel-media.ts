// GET /media/reels/<file>: the transcoded reels and their posters (decision 041), served by
// @fastify/static with range requests (a video player asks for the part it needs) and ETags.
// A file's name carries a random part and never changes content, so it may be cached for a
// year. Files being written are dot-names, which are never served.
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REEL_FILE_NAME, REEL_URL_PREFIX, type ReelFiles } from '../reels/files.ts';

export async function registerReelMedia(app: FastifyInstance, files: ReelFiles): Promise<void> {
  await files.ensure();
  const stale = await files.removeStaleIncoming();
  if (stale > 0) app.log.info({ removed: stale }, 'reels: removed uploads a stopped process left half received');
  await app.register(async (scope) => {
    // Only names the transcoder writes: anything else is the ordinary 404.
    scope.addHook('onRequest', async (request, reply) => {
      const name = decodeURIComponent((request.url.split('?')[0] ?? '').slice(REEL_URL_PREFIX.length));
      if (!REEL_FILE_NAME.test(name)) return reply.callNotFound();
    });
    await scope.register(fastifyStatic, {
      root: files.publicDir,
      prefix: REEL_URL_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      acceptRanges: true,
      cacheControl: true,
      maxAge: '365d',
      immutable: true,
      setHeaders: (response) => {
        response.header('x-content-type-options', 'nosniff');
      },
    });
  });
}
