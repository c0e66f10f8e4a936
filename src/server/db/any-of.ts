// `column = any($1::integer[])` for Kysely's builders: one parameter for a list of any length,
// where `in (...)` binds one per item (and cannot be empty).
import { sql, type RawBuilder } from 'kysely';

export function anyInteger(values: readonly number[]): RawBuilder<number> {
  return sql<number>`any(${[...values]}::integer[])`;
}

export function anyText(values: readonly string[]): RawBuilder<string> {
  return sql<string>`any(${[...values]}::text[])`;
}
