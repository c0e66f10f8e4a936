// The idempotency keys of balls sent through the ingest API: 'seq:' and the app's sequence. The
// next sequence the API expects is read back from them, so no other writer may use the prefix:
// the scorer console's keys are refused at the edge when they start with it (schemas/scorer.ts).

export const INGEST_KEY_PREFIX = 'seq:';

/** The idempotency key of the ingest API's ball `sequence`. */
export function ingestKey(sequence: number): string {
  return `${INGEST_KEY_PREFIX}${sequence}`;
}

/**
 * A PostgreSQL regular expression matching exactly the keys `ingestKey` makes: the query that
 * reads the last sequence casts only these, so a key written before the prefix was reserved
 * cannot make it fail.
 */
export const INGEST_KEY_PATTERN = '^seq:[0-9]{1,9}$';
