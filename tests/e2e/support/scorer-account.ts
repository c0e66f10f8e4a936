/** The scorer account tests/e2e/support/seed-scorer.ts adds to the e2e database. */
export const SCORER_PHONE = '9876509999';
export const SCORER_PASSWORD = 'sc0rer';
