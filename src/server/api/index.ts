// The provider API under /user/v1/: one module per resource, each route validated and documented
// from its zod schemas (./schemas), one error shape, CORS for the operator's allowed origins.
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { AvatarStore } from '../account/avatars.ts';
import type { CoverStore } from '../news/covers.ts';
import type { ContactMailer } from '../account/contact-mail.ts';
import type { Auth } from '../auth/index.ts';
import { registerAccountRoutes } from './account.ts';
import { registerPushRoutes } from './push.ts';
import { registerCorrectionRoutes } from './corrections.ts';
import { registerLiveRoutes } from './live.ts';
import { registerReelRoutes, type ReelRouteOptions } from './reels.ts';
import { registerScorerRoutes } from './scorer.ts';
import type { LiveEngine } from '../live/engine.ts';
import type { Services } from '../services/index.ts';
import { API_PREFIX, ApiError, sendApiError } from './errors.ts';
import { registerMatchRoutes } from './matches.ts';
import { registerMatchCentreRoutes } from './match-centre.ts';
import { registerFantasyRoutes } from './fantasy.ts';
import { registerNewsRoutes } from './news.ts';
import { registerNewsDeskRoutes } from './news-desk.ts';
import { registerPlayerRoutes } from './players.ts';
import { registerSearchRoutes } from './search.ts';
import { registerTournamentRoutes } from './tournaments.ts';
import { registerUserRoutes } from './users.ts';
import { contractRegistry } from '../wire/schemas/common.ts';
import { carriesCredentials, PRIVATE_NO_STORE } from '../http/credentials.ts';

export { API_PREFIX };

export interface ApiOptions {
  /** Origins (scheme://host[:port]) whose pages may call the API from a browser. */
  corsOrigins: readonly string[];
  auth: Auth;
  avatars: AvatarStore;
  /** News covers (DATA_DIR/news-covers). */
  covers: CoverStore;
  /** Emails the operator each contact query; null without SMTP. */
  contactMailer: ContactMailer | null;
  /** The live engine the ingest API writes balls through. */
  live: LiveEngine;
  /** Where reels are kept and the ffmpeg that checks uploads. */
  reels: ReelRouteOptions;
}

const transformObject = createJsonSchemaTransformObject({ schemaRegistry: contractRegistry });

export async function registerApi(app: FastifyInstance, services: Services, options: ApiOptions): Promise<void> {
  await app.register(
    async (api) => {
      api.setValidatorCompiler(validatorCompiler);
      // The provider's client sends 'Content-Type: application/json' on POSTs without a body
      // (send/otp?phone=, add/comment?...): an empty JSON body is no body, not a 400.
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.removeContentTypeParser('application/json');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = body.toString();
        if (text === '') done(null, undefined);
        else parseJson(request, text, done);
      });
      // Answers are typed against their schemas at compile time and checked against them by every
      // API test; re-parsing them at run time would triple the cost of a Test's 1 MB commentary.
      api.setSerializerCompiler(() => (data) => JSON.stringify(data));
      api.setErrorHandler((error, request, reply) => sendApiError(request, reply, error));
      api.setNotFoundHandler((request, reply) =>
        sendApiError(request, reply, new ApiError(404, `No API resource at ${request.method} ${request.url.split('?')[0]}`)),
      );
      // Third-party apps call with 'Authorization: Bearer' from their own origin; no cookies are
      // involved, so credentials stay off and an origin is echoed only when it is on the list.
      // Writes are allowed for them too (login, register): a Bearer token needs no csrf value.
      await api.register(cors, {
        origin: [...options.corsOrigins],
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        credentials: false,
        maxAge: 600,
      });
      // A Test's commentary is close to 1 MB of JSON; compressed it is a tenth of that.
      await api.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
      await api.register(swagger, {
        openapi: {
          openapi: '3.1.0',
          info: {
            title: 'Cricket provider API',
            version: '1.0.0',
            description:
              'Matches, match centre, players, series, statistics and fixtures from Cricsheet ball-by-ball data. Every success is { status: true, data }; every error { status: false, message, errMsg, data: null } with a matching HTTP status.',
            license: { name: 'Data: Open Data Commons Attribution License (Cricsheet)', identifier: 'ODC-By-1.0' },
          },
          servers: [{ url: API_PREFIX }],
          components: {
            securitySchemes: {
              bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /login.' },
              sessionCookie: {
                type: 'apiKey',
                in: 'cookie',
                name: 'crease_session',
                description: 'The site\'s session cookie; writes with it also need the x-csrf-token header (the crease_csrf cookie).',
              },
            },
          },
        },
        transform: createJsonSchemaTransform({ schemaRegistry: contractRegistry }),
        // The type provider emits every named schema twice (as read and as written); responses
        // are only ever written, so the 'Input' twins are left out.
        transformObject: (document) => {
          const openapi = transformObject(document);
          const schemas: Record<string, unknown> = ('components' in openapi && openapi.components?.schemas) || {};
          for (const name of Object.keys(schemas)) if (name.endsWith('Input') && name.slice(0, -5) in schemas) delete schemas[name];
          return openapi;
        },
      });
      // Only public, successful answers may be kept by a browser or CDN; errors say no-store, and
      // so does any answer to a request with credentials, whatever its route said.
      api.addHook('onSend', async (request, reply, payload) => {
        if (carriesCredentials(request.headers)) reply.header('cache-control', PRIVATE_NO_STORE);
        else if (!reply.hasHeader('cache-control')) reply.header('cache-control', reply.statusCode < 400 ? 'public, max-age=30' : 'no-store');
        return payload;
      });
      registerMatchRoutes(api, services);
      registerMatchCentreRoutes(api, services);
      registerFantasyRoutes(api, services);
      registerPlayerRoutes(api, services);
      registerSearchRoutes(api, services);
      registerTournamentRoutes(api, services);
      registerNewsRoutes(api, services);
      registerUserRoutes(api, services, options.auth);
      await registerAccountRoutes(api, services, options.auth, { avatars: options.avatars, contactMailer: options.contactMailer });
      await registerCorrectionRoutes(api, services);
      await registerNewsDeskRoutes(api, services, options.auth, options.covers);
      registerLiveRoutes(api, services.db, options.live, options.auth);
      registerPushRoutes(api, services.db, options.auth);
      await registerReelRoutes(api, services, options.auth, options.reels);
      await registerScorerRoutes(api, services.scorer, options.live, options.auth);
      api.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=3600').send(api.swagger()),
      );
    },
    { prefix: API_PREFIX },
  );
}
