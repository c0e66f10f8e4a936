/** Where tests/e2e/support/seed-live.ts leaves the live fixture's key and a scorer API token. */
export const LIVE_SEED_FILE = 'tests/.tmp/e2e-live.json';

export interface LiveSeed {
  matchKey: string;
  /** A scorer's API token for the ingest API (made for this run only). */
  token: string;
  /** The scorer's phone and password, for the scorer console's API (innings, undo). */
  phone: string;
  password: string;
  /** A second fixture between the same sides: toss made, no innings yet (upcoming). */
  upcomingKey: string;
  /** Player keys: the openers and the bowler of the first over. */
  striker: string;
  nonStriker: string;
  bowler: string;
  /** The next batter in. */
  next: string;
}
