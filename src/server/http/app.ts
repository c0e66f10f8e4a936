// The HTTP side of the one server process: provider API, health check, built client
// assets and, for every other path, Astro's on-demand rendering.
import { maxHeaderSize, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerApi } from '../api/index.ts';
import type { LiveEngine } from '../live/engine.ts';
import { createLive } from '../realtime/fan-out.ts';
import { SocketBroadcaster } from '../realtime/match-broadcaster.ts';
import { answerClientError, ApiError, isApiUrl, sendApiError, toClientError } from '../api/errors.ts';
import { MAX_KEY_LENGTH } from '../store/naming.ts';
import type { Services } from '../services/index.ts';
import { createAuth, type Auth } from '../auth/index.ts';
import { OTP_TTL_MINUTES } from '../auth/otp.ts';
import { registerAuthHook } from './auth-hook.ts';
import { AvatarStore } from '../account/avatars.ts';
import type { ContactMailer } from '../account/contact-mail.ts';
import { DEFAULT_DATA_DIR } from '../config.ts';
import { registerAvatarRoute, registerMediaRoute } from './avatar-route.ts';
import { ReelFiles } from '../reels/files.ts';
import type { MediaTools } from '../reels/media.ts';
import { registerReelMedia } from './reel-media.ts';
import { CoverStore } from '../news/covers.ts';
import { COVER_URL_PREFIX } from '../../shared/news-view.ts';
import { PageCache } from './page-cache.ts';
import { sameForEveryone, type PageRoute } from './page-routes.ts';
import { keepPrivate } from './credentials.ts';
import { createSecurityHeaders, type SecurityHeaders } from './security-headers.ts';
import { redactUrl } from '../logging.ts';
import { BAD_HOST_MESSAGE, parseHost, siteOriginFor } from './site-origin.ts';
import { registerRequestGuards } from './request-guards.ts';

/** Astro's request handler in middleware mode (dist/server/entry.mjs `handler`). */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
  locals?: object,
) => Promise<void>;

/** What the operator configured for the pages to show (src/server/config.ts); null: not shown. */
export interface OperatorDetails {
  contactEmail: string | null;
  contactPhone: string | null;
  contactAddress: string | null;
  androidAppUrl: string | null;
}

/** How long this install keeps what the Privacy Policy lists (SESSION_TTL_DAYS, LOGIN_LOCKOUT_MINUTES). */
export interface Retention {
  sessionDays: number;
  otpMinutes: number;
  lockoutMinutes: number;
}

export interface AppOptions {
  services: Services;
  logger: FastifyBaseLogger;
  /** Folder of built client assets (dist/client); skipped when absent (API-only tests). */
  clientDir?: string;
  astroHandler?: AstroHandler;
  /**
   * The pages' declared routes (src/pages/_routes.ts): what the page cache keeps and how. Given
   * with astroHandler by the server entry, the pages being a floor up (decision 082).
   */
  pageRoutes?: readonly PageRoute[];
  /** The operator's contact details and app listing the pages show; each null when not set. */
  operator?: Partial<OperatorDetails>;
  /** Origins allowed to call the API from a browser (API_CORS_ORIGINS); none by default. */
  apiCorsOrigins?: readonly string[];
  /** Proxies in front of the server whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxyHops?: number;
  /** The headers every response carries; the defaults (no HSTS) when not given. */
  securityHeaders?: SecurityHeaders;
  /** Sessions, limits, SMS. Default: over services.db, console SMS, limits in memory, http://localhost origin. */
  auth?: Auth;
  /** Where profile photos are kept (DATA_DIR/avatars). Default: ./data/avatars. */
  avatars?: AvatarStore;
  /** Where news covers are kept (DATA_DIR/news-covers). Default: ./data/news-covers. */
  covers?: CoverStore;
  /** Emails the operator each contact query (SMTP_URL and CONTACT_EMAIL); none by default. */
  contactMailer?: ContactMailer | null;
  /** The live engine (scorer console, ingest API). Default: one over services whose events reach no socket. */
  live?: LiveEngine;
  /** Where reels are kept (DATA_DIR/reels). Default: ./data/reels. */
  reelFiles?: ReelFiles;
  /** ffmpeg and ffprobe (FFMPEG_PATH, FFPROBE_PATH). Default: found on PATH. */
  mediaTools?: MediaTools;
  /** The largest reel upload accepted (default 100 MB; tests lower it). */
  maxReelBytes?: number;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control of a built client file: hashed assets for ever, the service worker never without asking. */
export function staticCacheControl(filePath: string): string {
  if (filePath.includes('/_astro/')) return IMMUTABLE;
  // The .br and .gz copies (scripts/precompress.mjs) answer for the file they compress.
  if (path.basename(filePath).replace(/\.(?:br|gz)$/, '') === 'sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const securityHeaders = options.securityHeaders ?? createSecurityHeaders({ publicOrigin: 'http://localhost' });
  const trustProxyHops = options.trustProxyHops ?? 0;
  const app = Fastify({
    loggerInstance: options.logger,
    // Our own onRequest hook logs every request, hijacked Astro responses included.
    logController: new LogController({ disableRequestLogging: true }),
    // Only that many proxies' X-Forwarded-For entries are believed: with none, a client
    // could name any address and dodge every per-IP limit.
    trustProxy: (_address: string, hop: number) => hop < trustProxyHops,
    return503OnClosing: true,
    // A key in the path (/get/tournament/{tou_key}) may be as long as any key; longer is a 414.
    routerOptions: { maxParamLength: MAX_KEY_LENGTH },
    // A URL the router cannot decode, or a path parameter over the limit: the API answers in its
    // one error shape, pages in plain text; neither is kept by a cache.
    frameworkErrors: (error, request, reply) => {
      securityHeaders.apply(reply.raw);
      if (isApiUrl(request.url)) return sendApiError(request, reply, error);
      const plain: FastifyReply = reply;
      return plain.code(error.statusCode ?? 400).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(error.message);
    },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, maxHeaderSize, securityHeaders.all),
  });

  app.addHook('onRequest', async (_request, reply) => {
    securityHeaders.apply(reply.raw);
  });

  // A Host that is not a plain host[:port] ('x y', 'a@b', 'evil.example:99999') is refused before
  // any route, page or cache reads it (docs/decisions/050-host-and-page-cache.md).
  app.addHook('onRequest', async (request, reply) => {
    const named = [request.headers.host, request.host].filter((host) => host !== undefined && host !== '');
    if (named.every((host) => parseHost(host) !== null)) return;
    if (isApiUrl(request.url)) return sendApiError(request, reply, new ApiError(400, BAD_HOST_MESSAGE));
    return reply.code(400).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(BAD_HOST_MESSAGE);
  });

  // One structured log line per request, Astro-rendered pages included.
  app.addHook('onRequest', async (request, reply) => {
    const started = process.hrtime.bigint();
    reply.raw.once('finish', () => {
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.raw.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
  });

  const auth =
    options.auth ??
    createAuth({
      db: services.db,
      config: { publicOrigin: 'http://localhost', corsOrigins: options.apiCorsOrigins ?? [], sessionTtlDays: 30 },
      logger: options.logger,
    });
  registerAuthHook(app, auth);
  registerRequestGuards(app);
  const sitePolicy = { publicOrigin: auth.config.publicOrigin, fromHost: auth.config.originFromHost ?? false };

  // 200 while the database answers, so a load balancer keeps sending requests; a Redis that is
  // away is reported ('degraded', redis: 'down': limits count per process, live events reach only
  // this process's fans) without taking the process out of service (decision 066).
  app.get('/healthz', async (_request, reply) => {
    try {
      await services.db.ping();
      const redis = auth.redisHealth();
      const body = redis === null ? { status: 'ok' } : { status: redis === 'ok' ? 'ok' : 'degraded', redis };
      return reply.header('cache-control', 'no-store').send(body);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database did not answer');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' });
    }
  });

  const avatars = options.avatars ?? new AvatarStore(path.join(DEFAULT_DATA_DIR, 'avatars'));
  const covers = options.covers ?? new CoverStore(path.join(DEFAULT_DATA_DIR, 'news-covers'));
  const live = options.live ?? createLive({ db: services.db, services, broadcaster: new SocketBroadcaster(), logger: options.logger });
  const reels = { files: options.reelFiles ?? new ReelFiles(path.join(DEFAULT_DATA_DIR, 'reels')), tools: options.mediaTools ?? { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, ...(options.maxReelBytes ? { maxBytes: options.maxReelBytes } : {}) };
  await registerApi(app, services, { corsOrigins: options.apiCorsOrigins ?? [], auth, avatars, covers, contactMailer: options.contactMailer ?? null, live, reels });
  registerAvatarRoute(app, avatars);
  await registerReelMedia(app, reels.files);
  registerMediaRoute(app, COVER_URL_PREFIX, (file) => covers.open(file), 'No such cover.');

  if (options.clientDir && existsSync(options.clientDir)) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of text assets (scripts/precompress.mjs).
      preCompressed: true,
      // Hashed build assets never change; other public files may. The service worker is asked
      // again on every check, so a fix to it reaches fans at once (decision 068); its scope is the
      // whole site because it is served from the root (no Service-Worker-Allowed needed).
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', staticCacheControl(filePath));
      },
    });
  }

  // Outside the API (whose own handler answers in JSON), a failure is logged and answered
  // without any detail of the cause.
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, message } = toClientError(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(statusCode).type('text/plain; charset=utf-8').send(message);
  });

  const astroHandler = options.astroHandler;
  const pageRoutes = options.pageRoutes;
  if (astroHandler && !pageRoutes) throw new Error('buildApp: the pages come with their routes (pageRoutes, src/pages/_routes.ts)');
  const pageCache = new PageCache(services.feed, pageRoutes ?? []);
  const operator: OperatorDetails = { contactEmail: null, contactPhone: null, contactAddress: null, androidAppUrl: null, ...options.operator };
  // How long this install keeps sessions, codes and lock-out counts: the Privacy Policy states them.
  const retention: Retention = { sessionDays: auth.config.sessionTtlDays, otpMinutes: OTP_TTL_MINUTES, lockoutMinutes: auth.lockouts.perAccount.windowS / 60 };
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiUrl(request.url)) {
      return sendApiError(request, reply, new ApiError(404, `No API resource at ${request.method} ${request.url.split('?')[0]}`));
    }
    if (!astroHandler) return reply.code(404).send({ status: 'not found' });
    // No page, key or slug holds a control character ('/series/%00' would reach the database,
    // which refuses a NUL) or a percent sign (Astro decodes a rewritten /hi path twice, and '%25'
    // became '%', a 500): such a path is the 404 page, in Hindi under /hi.
    const pathname = request.url.split('?')[0] ?? '';
    // The error page answers 500 by design; asked for by its address it is just not a page.
    if (/%(?:[01][0-9a-f]|7f|25)/i.test(pathname) || /^(?:\/hi)?\/500\/?$/.test(pathname)) {
      request.raw.url = /^\/hi(?:\/|$)/.test(pathname) ? '/hi/404' : '/404';
    }
    reply.hijack();
    // Only a session that resolved makes a page private; a bogus cookie or header does not, nor
    // a session on a page that shows nothing of who asks (a live tab body: one copy for the crowd).
    const signedIn = request.user !== null && !sameForEveryone(pageRoutes ?? [], request.url);
    if (signedIn) keepPrivate(reply.raw);
    // Pages link to the site's origin; the renderer sees its host, never a foreign one.
    const origin = siteOriginFor(sitePolicy, parseHost(request.host), request.protocol === 'https');
    request.raw.headers.host = new URL(origin).host;
    await pageCache.handle(request.raw, reply.raw, { signedIn, origin }, () =>
      astroHandler(request.raw, reply.raw, undefined, {
        services,
        site: { ...operator, origin, retention },
        user: signedIn ? request.user : null,
        csrfToken: request.csrfToken,
        // The client's address as the proxy settings read it (news views count once per reader).
        clientIp: request.ip,
      }),
    );
  });

  return app;
}
