// Lists as one parameter for Kysely's builders: `column = any($1::integer[])`, where `in (...)`
// binds one per item (and cannot be empty), and a text[] value cast as the column takes it.
import { sql, type RawBuilder } from 'kysely';

export function anyInteger(values: readonly number[]): RawBuilder<number> {
  return sql<number>`any(${[...values]}::integer[])`;
}

export function anyText(values: readonly string[]): RawBuilder<string> {
  return sql<string>`any(${[...values]}::text[])`;
}

/** A text[] value, one parameter, cast (as the SQL before Kysely wrote it). */
export function textArray<T extends string>(values: readonly T[]): RawBuilder<T[]> {
  return sql<T[]>`${[...values]}::text[]`;
}
