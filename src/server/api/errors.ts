// One error shape for the whole provider API, in the spec's style:
// { status: false, message, errMsg } with an HTTP status that matches. Errors are never cached.
// The provider's client reads an error answer as it reads a success (it never looks at the
// status, decision 061), so an error also carries the payload it reads, empty: `data: null`, and
// on the routes whose lists it spreads or maps without a guard, those lists empty.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { Conflict, Failure, Forbidden, Invalid, NotFound, TooMany, Unauthenticated, UpstreamFailed, type FailureDetails } from '../errors.ts';
import { LiveWriteError } from '../store/fixture.ts';
import type { z } from 'zod';
import type { errorBody as errorBodySchema } from '../wire/schemas/common.ts';

export const API_PREFIX = '/user/v1';

/** Fields some errors add to the shape: when to retry (a limit, with a Retry-After header), tries left. */
export type ApiErrorDetails = FailureDetails;

/** The HTTP status of each failure the lower floors throw (errors.ts). */
const FAILURE_STATUS = new Map<abstract new (...args: never[]) => Failure, number>([
  [Invalid, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooMany, 429],
  [UpstreamFailed, 502],
]);

function failureStatus(failure: Failure): number {
  for (const [kind, status] of FAILURE_STATUS) if (failure instanceof kind) return status;
  return 500;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: ApiErrorDetails = {},
  ) {
    super(message);
  }
}

/** 429 for a limit reached: the message says when, in minutes; Retry-After and retry_after in seconds. */
export function tooManyAttempts(retryAfterS: number, message?: string): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return new ApiError(429, message ?? `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retry_after: retryAfterS });
}

export type ApiErrorBody = z.output<typeof errorBodySchema>;

/**
 * The payload fields an error answer of a route carries (by its path under API_PREFIX): the lists
 * the provider's client uses unguarded (E15 finalData, E18 data, E19 comments), empty. Any other
 * route's error, and an answer before any route, carries `data: null` (its pages read `res?.data`
 * and render empty or "Data Not Found").
 */
const EMPTY_ON_ERROR: Readonly<Record<string, Partial<Pick<ApiErrorBody, 'data' | 'finalData' | 'comments'>>>> = {
  '/reels': { data: [] },
  '/auth/reels': { data: [] },
  '/player/info': { data: null, finalData: [] },
  '/get/comment': { data: null, comments: [] },
};

export function errorBody(message: string, details: ApiErrorDetails = {}, route?: string): ApiErrorBody {
  const empty = (route !== undefined && Object.hasOwn(EMPTY_ON_ERROR, route) ? EMPTY_ON_ERROR[route] : undefined) ?? { data: null };
  return { status: false, message, errMsg: message, ...details, ...empty } as ApiErrorBody;
}

/** A request's route path under API_PREFIX ('/player/info'); undefined before any route matched. */
function apiRouteOf(request: FastifyRequest): string | undefined {
  const url = request.routeOptions.url;
  return url?.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : undefined;
}

export function isApiUrl(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** How zod's own messages begin; a schema's own message ('Full Name: Required', the spec's) never does. */
const ZOD_OWN_MESSAGE = /^(?:Invalid\b|Too (?:small|big)\b|Unrecognized key|Expected\b)/;

/**
 * A schema problem in the spec's words, naming its field: the schema's own message as it is (the
 * spec's 'Full Name: Required', 'match_key is required'); else 'ball.bowler is required' for a field
 * left out, or the field's path before zod's message ('ball.runs.total: Too small: expected number to be >=0').
 */
function validationMessage(issue: { instancePath: string; message?: string | undefined } | undefined): string {
  if (!issue) return 'Invalid query';
  const message = issue.message ?? 'Invalid value';
  const path = issue.instancePath.split('/').filter((part) => part.length > 0);
  const field = path.at(-1);
  if (field === undefined || message.includes(field) || !ZOD_OWN_MESSAGE.test(message)) return message;
  if (/received undefined$/.test(message)) return `${path.join('.')} is required`;
  return `${path.join('.')}: ${message}`;
}

/** Maps any thrown error to a status and a message safe to show a client (never a stack). */
export function toClientError(error: unknown): { statusCode: number; message: string } {
  if (error instanceof ApiError) return { statusCode: error.statusCode, message: error.message };
  if (error instanceof Failure) return { statusCode: failureStatus(error), message: error.message };
  // The write path refusing a live write as given (a finished match, a move play cannot make).
  if (error instanceof LiveWriteError) return { statusCode: 409, message: `Refused: ${error.message}.` };
  // A query that fails its schema: the first problem, in the words the schema gives it
  // ('match_key is required').
  if (hasZodFastifySchemaValidationErrors(error)) return { statusCode: 400, message: validationMessage(error.validation[0]) };
  if (error instanceof ZodError) return { statusCode: 400, message: describeZodError(error) };
  const fastifyError = error as Partial<FastifyError>;
  // The router's own refusals name the raw path; say what is wrong instead.
  if (fastifyError.code === 'FST_ERR_BAD_URL') return { statusCode: 400, message: 'The URL is not valid (a broken %-escape).' };
  if (fastifyError.code === 'FST_ERR_MAX_PARAM_LENGTH') return { statusCode: 414, message: 'A key in the URL is longer than any key.' };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
    return { statusCode: fastifyError.statusCode, message: fastifyError.message ?? 'Bad request' };
  }
  return { statusCode: 500, message: 'Something went wrong on our side. Please try again.' };
}

export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { statusCode, message } = toClientError(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  const details = error instanceof ApiError || error instanceof Failure ? error.details : {};
  if (details.retry_after !== undefined) reply.header('retry-after', String(details.retry_after));
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(message, details, apiRouteOf(request)));
}

/** The request line of a raw HTTP packet, when the packet starts with one. */
function requestLine(packet: Buffer | null): string | null {
  if (!packet) return null;
  const head = packet.toString('latin1');
  if (!/^[A-Z]+ /.test(head)) return null;
  const end = head.indexOf('\r\n');
  return end === -1 ? head : head.slice(0, end);
}

/**
 * Answers a request Node's HTTP parser refused (Fastify's clientErrorHandler), before any route
 * or URL is known: in the one error shape, whatever the path. Headers over Node's limit are a
 * 431, unless the request line alone is what overflowed (a URL that long is a 414).
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
  maxHeaderSize: number,
  extraHeaders: readonly (readonly [string, string])[] = [],
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let statusCode = 400;
  let message = 'The request could not be read.';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : null;
    const line = requestLine(packet);
    const urlTooLong = line !== null && (line.length >= maxHeaderSize || !packet?.includes('\r\n'));
    [statusCode, message] = urlTooLong ? [414, 'The URL is too long.'] : [431, 'The request headers are too large.'];
  } else if (error.code === 'HPE_INVALID_METHOD') {
    message = 'Unknown HTTP method.';
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    [statusCode, message] = [408, 'The request took too long to arrive.'];
  }
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify(errorBody(message));
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\nConnection: close\r\n' +
      extraHeaders.map(([name, value]) => `${name}: ${value}\r\n`).join('') +
      '\r\n' +
      body,
  );
}
