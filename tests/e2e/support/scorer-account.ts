/** The staff accounts tests/e2e/support/seed-scorer.ts adds to the e2e database: a scorer and an editor. */
export const SCORER_PHONE = '9876509999';
export const SCORER_PASSWORD = 'sc0rer';
export const EDITOR_PHONE = '9876508888';
export const EDITOR_PASSWORD = 'ed1tor';
