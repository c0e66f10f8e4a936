// Query parsing shared by the API modules: a bad query is a 400 whose message is the
// first problem in plain words ('match_key is required'), in the one error shape.
import { z } from 'zod';
import { ApiError } from './errors.ts';

export function parseQuery<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid query');
  return parsed.data;
}

/** A required key parameter: one value, trimmed, 1 to 64 characters (longer keys do not exist). */
export function keyParameter(name: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a single value`) })
    .trim()
    .min(1, `${name} is required`)
    .max(64, `${name} is too long`);
}

export const langParameter = z.enum(['en', 'hi'], { error: 'lang must be en or hi' }).default('en');
