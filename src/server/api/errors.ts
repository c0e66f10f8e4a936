// One error shape for the whole provider API, in the spec's style:
// { status: false, message, errMsg } with an HTTP status that matches.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiErrorBody {
  status: false;
  message: string;
  errMsg: string;
}

export function errorBody(message: string): ApiErrorBody {
  return { status: false, message, errMsg: message };
}

function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Maps any thrown error to a status and a message safe to show a client (never a stack). */
export function toClientError(error: unknown): { statusCode: number; message: string } {
  if (error instanceof ApiError) return { statusCode: error.statusCode, message: error.message };
  if (error instanceof ZodError) return { statusCode: 400, message: describeZodError(error) };
  const fastifyError = error as Partial<FastifyError>;
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
    return { statusCode: fastifyError.statusCode, message: fastifyError.message ?? 'Bad request' };
  }
  return { statusCode: 500, message: 'Something went wrong on our side. Please try again.' };
}

export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { statusCode, message } = toClientError(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(message));
}
