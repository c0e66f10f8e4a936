/** Where tests/e2e/support/seed-replay.ts leaves the key of the replay it left in play. */
export const REPLAY_SEED_FILE = 'tests/.tmp/e2e-replay.json';
