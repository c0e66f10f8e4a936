/** The upcoming match that tests/e2e/support/seed-upcoming.ts adds to the e2e database. */
export const UPCOMING_MATCH_KEY = '2000000001';
