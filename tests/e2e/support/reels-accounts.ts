/** The editor and fan accounts tests/e2e/support/seed-reels.ts adds to the e2e database. */
export const EDITOR_PHONE = '9876508888';
export const EDITOR_PASSWORD = 'ed1tor';
export const FAN_PHONE = '9876507777';
export const FAN_PASSWORD = 'f4nfan';
