// Building blocks of the provider API's contract: the success envelope, the one error shape,
// query parameters with messages a client can show, and the small shapes every resource
// shares. Response schemas named with contract() become components of the OpenAPI document.
import { z } from 'zod';
import { MAX_KEY_LENGTH } from '../../store/naming.ts';
import { FORMAT_TYPES } from '../../domain/format-type.ts';
import type { Role } from '../../db/schema.ts';

/** Named response schemas; the OpenAPI document lists each once and refers to it. */
export const contractRegistry = z.registry<{ id: string; description?: string }>();

/** Registers a response schema as a named component of the document. */
export function contract<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  contractRegistry.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

// ---------- paging ----------

/** Page size when the caller sends none (the calendar calls the month list without paging). */
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;

// ---------- query parameters ----------

/** An empty query value ('?format=') counts as absent, as the pages' forms send it. */
export const optionalParameter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * A required key parameter: one value, trimmed, 1 to MAX_KEY_LENGTH characters, and no control
 * characters (no key has them; PostgreSQL refuses a NUL outright).
 */
export function keyParameter(name: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a single value`) })
    .trim()
    .min(1, `${name} is required`)
    .max(MAX_KEY_LENGTH, `${name} is too long`)
    .regex(/^[^\u0000-\u001f\u007f]*$/, `${name} must not contain control characters`);
}

export const langParameter = z.enum(['en', 'hi'], { error: 'lang must be en or hi' }).default('en');

function integerParameter(name: string, min: number, max: number | undefined, fallback: number) {
  const range = max === undefined ? `${name} must be ${min} or more` : `${name} must be between ${min} and ${max}`;
  const integer = z.coerce
    .number({ error: `${name} must be an integer` })
    .int(`${name} must be an integer`)
    .min(min, range);
  return optionalParameter(max === undefined ? integer : integer.max(max, range)).transform((value) => value ?? fallback);
}

export const formatParameter = optionalParameter(z.enum(['t20', 'oneday', 'test'], { error: 'format must be t20, oneday or test' }));

export const formatTypeParameter = optionalParameter(
  z.enum(FORMAT_TYPES, { error: `format_type must be one of ${FORMAT_TYPES.join(', ')}` }),
);

/** limit and offset as the spec's calls send them; the only place the paging limits live. */
export const pagingParameters = {
  limit: integerParameter('limit', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).meta({ description: 'Page size.' }),
  offset: integerParameter('offset', 0, undefined, 0).meta({ description: 'How many to skip (the pages step by 30).' }),
};

// ---------- shared shapes ----------

export const format = z.enum(['t20', 'oneday', 'test']);
/** Addition: the precise type beside the spec's three formats (domain/format-type.ts). */
export const formatType = z.enum(FORMAT_TYPES).meta({
  description: 'What kind of cricket: test, odi, t20i (internationals with official status), first_class, list_a, t20 (domestic and franchise), hundred (The Hundred).',
});
export const gender = z.enum(['male', 'female']);
export const teamSide = z.enum(['a', 'b']);
export const matchStatus = z.enum(['not_started', 'started', 'completed']);

/** [whole overs, balls of the over in progress]: 118 balls of six is [19, 4]. */
export const overs = contract('Overs', z.tuple([z.number().int(), z.number().int()]), '[overs, balls]: 118 balls is [19, 4].');

export const playerRef = contract('PlayerRef', z.object({ key: z.string(), name: z.string() }), 'A player keyed by the Cricsheet registry id.');

/** Both sides of a match, a and b, with the same shape. */
export const bySide = <T extends z.ZodType>(schema: T) => z.object({ a: schema, b: schema });

// ---------- envelopes ----------

export const errorBody = contract(
  'Error',
  z.object({
    status: z.literal(false),
    message: z.string().meta({ description: 'What went wrong, safe to show.' }),
    errMsg: z.string().meta({ description: 'The same message (the spec reads errMsg).' }),
    retry_after: z.number().int().optional().meta({ description: 'On a 429: seconds until a retry can succeed (also the Retry-After header).' }),
    attempts_left: z.number().int().optional().meta({ description: 'On a wrong OTP: how many more codes that otp_id accepts.' }),
    expected_sequence: z.number().int().optional().meta({ description: 'On a ball sent out of order (409): the sequence the next ball must have.' }),
    innings_in_progress: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: 'On a live ball sent for an innings that cannot take it (409): the innings in progress, null when none is.' }),
    rule: z
      .string()
      .optional()
      .meta({ description: "On a live ball that makes no cricket sense (400 for the ball itself, 409 in its match): the rule it breaks, e.g. 'bowler-is-batter', 'over-backwards'." }),
    data: z
      .array(z.never())
      .max(0)
      .nullable()
      .meta({ description: "No payload: null, or [] on the reel lists (reels, auth/reels). The provider's client reads an error's body as a success's." }),
    finalData: z.array(z.never()).max(0).optional().meta({ description: 'On player/info: [] (its client maps the list unguarded).' }),
    comments: z.array(z.never()).max(0).optional().meta({ description: 'On get/comment: [] (its client maps the list unguarded).' }),
  }),
  'The one error shape of the API.',
);

/** The success envelope of every resource: { status: true, data } (plus extras such as hasMore). */
export function envelope<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(data: T, extra?: E) {
  return z.object({ status: z.literal(true), data, ...(extra ?? ({} as E)) });
}

// ---------- routes ----------

/** One GET resource of the API: where it answers, what it takes and what it returns. */
export interface RouteContract<Q extends z.ZodType, P extends z.ZodType | undefined = undefined, R extends z.ZodType = z.ZodType> {
  /** Paths under the API prefix; the spec calls some with a trailing slash, both answer. */
  paths: readonly string[];
  summary: string;
  tags: readonly string[];
  querystring: Q;
  params?: P;
  /** The 200 body. */
  response: R;
  /** Whether the resource looks a key up, and so answers 404 for an unknown one. */
  notFound: boolean;
}

export function route<Q extends z.ZodType, R extends z.ZodType, P extends z.ZodType | undefined = undefined>(
  contract: RouteContract<Q, P, R>,
): RouteContract<Q, P, R> {
  return contract;
}

/** The Fastify route schema of a contract: validation of the query, and every documented answer. */
export function routeSchema<Q extends z.ZodType, P extends z.ZodType | undefined, R extends z.ZodType>(contract: RouteContract<Q, P, R>) {
  const responses = { 200: contract.response, 400: errorBody, ...(contract.notFound ? { 404: errorBody } : {}), 500: errorBody };
  // Fastify warns about a params key without a schema, so a route without path parameters has none.
  return {
    summary: contract.summary,
    tags: [...contract.tags],
    querystring: contract.querystring,
    ...(contract.params === undefined ? {} : { params: contract.params }),
    response: responses,
  } as { summary: string; tags: string[]; querystring: Q; params: P; response: typeof responses };
}

// ---------- actions (routes that take a body or act for a signed-in user) ----------

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route of the API beyond the public GET resources: its methods, input, 200 body and error statuses. */
export interface ActionContract<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType> {
  paths: readonly string[];
  methods: readonly HttpMethod[];
  summary: string;
  tags: readonly string[];
  querystring?: Q;
  body?: B;
  /** The 200 body. */
  response: R;
  /** Error statuses it documents besides 400 and 500 (401 signed out, 403, 429 ...). */
  errors: readonly number[];
  /** Whether it needs a signed-in user (Bearer token or session cookie). */
  signedIn: boolean;
  /**
   * The roles that may call it. A signed-in user with none of them gets 403 before the input is
   * validated (http/request-guards.ts), so the route tells them nothing of what it would accept.
   */
  roles?: readonly Role[];
}

export function action<R extends z.ZodType, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  contract: ActionContract<Q, B, R>,
): ActionContract<Q, B, R> {
  return contract;
}

/** The Fastify route schema of an action. */
export function actionSchema<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
  contract: ActionContract<Q, B, R>,
) {
  const responses: Record<number, z.ZodType> = { 200: contract.response, 400: errorBody, 500: errorBody };
  for (const status of contract.errors) responses[status] = errorBody;
  return {
    summary: contract.summary,
    tags: [...contract.tags],
    ...(contract.querystring === undefined ? {} : { querystring: contract.querystring }),
    ...(contract.body === undefined ? {} : { body: contract.body }),
    ...(contract.signedIn ? { security: [{ bearer: [] }, { sessionCookie: [] }] } : {}),
    ...(contract.roles === undefined ? {} : { [ROLES_KEY]: [...contract.roles] }),
    response: responses,
  } as { summary: string; tags: string[]; querystring: Q; body: B; response: Record<number, z.ZodType> };
}

/** Where an action's roles are in its route schema (an OpenAPI extension, so the document lists them too). */
export const ROLES_KEY = 'x-roles';

/** The same routes, each for these roles only. */
export function forRoles<T extends Record<string, { roles?: readonly Role[] }>>(roles: readonly Role[], routes: T): T {
  return Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, roles }])) as T;
}
