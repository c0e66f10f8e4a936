// Holds every API answer a test receives to the contract in src/server/wire/schemas: a 200 body
// must parse with its route's response schema and lose nothing in the parse (a field the
// schema does not name is stripped, so it fails too); any other answer must be the error shape.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { API_PREFIX } from '../../src/server/api/errors.ts';
import { apiRoutes } from '../../src/server/wire/schemas/index.ts';
import { errorBody } from '../../src/server/wire/schemas/common.ts';

/** The route contract answering a method and path under the API prefix (':tou_key' matches a segment). */
export function contractFor(path: string, method = 'GET') {
  return apiRoutes.find(
    (route) =>
      ('methods' in route ? (route.methods as readonly string[]).includes(method) : method === 'GET') &&
      route.paths.some((pattern) => new RegExp(`^${API_PREFIX}${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path)),
  );
}

/** Fails the test unless the body is exactly what the schema describes. */
export function expectToMatchSchema(schema: z.ZodType, body: unknown, what: string): void {
  const parsed = schema.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues.slice(0, 5), `${what} against its schema`).toEqual([]);
  expect(parsed.data, `${what}: every field is in the schema`).toEqual(body);
}

export function expectToMatchContract(url: string, response: LightMyRequestResponse, method = 'GET'): void {
  const path = url.split('?')[0] ?? '';
  if (!(path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) || path === `${API_PREFIX}/openapi.json`) return;
  if (response.headers['content-type']?.toString().startsWith('application/json') !== true || response.body === '') return;
  const route = response.statusCode === 200 ? contractFor(path, method) : undefined;
  if (response.statusCode === 200) expect(route, `${path} has a contract`).toBeDefined();
  expectToMatchSchema(route?.response ?? errorBody, response.json(), `${response.statusCode} from ${url}`);
}

/** The app, with every injected request's answer checked against the contract. */
export function checkingContract(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions) => {
    const response = await inject(options);
    expectToMatchContract(String(options.url ?? options.path ?? ''), response, (options.method ?? 'GET').toUpperCase());
    return response;
  };
  app.inject = checked as FastifyInstance['inject'];
  return app;
}

/** The `data` of a 200 answer to GET /user/v1{url} (the test fails on any other status). */
export async function getApiData<T>(app: FastifyInstance, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url: `${API_PREFIX}${url}` });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json<{ status: true; data: T }>().data;
}
