// Every environment variable the product reads is parsed here, once, with zod.
// Nothing else in the code base touches process.env.
import { z } from 'zod';

// A fresh install imports every match Cricsheet has (issue 10): about 2 GB of JSON, imported in
// the background while the site answers.
const DEFAULT_CRICSHEET_URLS = ['https://cricsheet.org/downloads/all_json.zip'];
// What the scheduled updater fetches: the matches Cricsheet added or revised in the last 7 days.
const DEFAULT_UPDATE_URL = 'https://cricsheet.org/downloads/recently_added_7_json.zip';
const DEFAULT_UPDATE_EVERY_MS = 6 * 3_600_000;
// Cricsheet's people register (names.csv is read beside it).
const DEFAULT_REGISTER_URL = 'https://cricsheet.org/register/people.csv';

const DURATION_UNITS_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** '6h', '30m', '1d' → milliseconds; 'off' or '0' → 0 (no scheduled updates). */
const duration = z
  .string()
  .regex(/^(off|0|\d{1,4}[mhd])$/, "must be a duration like 30m, 6h or 1d, or 'off'")
  .transform((value) => (value === 'off' || value === '0' ? 0 : Number(value.slice(0, -1)) * DURATION_UNITS_MS[value.slice(-1) as keyof typeof DURATION_UNITS_MS]))
  .refine((ms) => ms === 0 || ms >= 10 * 60_000, 'at least 10m between updates (Cricsheet publishes daily)');

/** Socket.IO connections one client address may hold at once unless LIVE_SOCKETS_PER_ADDRESS says otherwise. */
export const DEFAULT_SOCKETS_PER_ADDRESS = 500;

/** Where the embedded database and the avatars live unless DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = './data';

const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  );

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const configSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  CRICSHEET_SOURCE: commaList.optional(),
  IMPORT_ON_START: booleanFlag.default(true),
  // ---- Kept current and corrected (issue 10, decisions 034 and 035) ----
  // How often one of the running servers fetches Cricsheet's recently added matches: 30m, 6h, 1d
  // or off. Default 6h; off when CI is set.
  CRICSHEET_UPDATE_EVERY: duration.optional(),
  // The archive the updater fetches (an http(s) URL, or a local zip or folder for tests).
  CRICSHEET_UPDATE_URL: z.string().min(1).default(DEFAULT_UPDATE_URL),
  // The shipped corrections file, applied at import and whenever it changes.
  CORRECTIONS_FILE: z.string().min(1).default('corrections/cricsheet.json'),
  // ---- Fixtures from feeds (issue 29, decision 067) ----
  // Schedule feeds, separated by commas: iCalendar (.ics) or CSV files, or http(s) URLs serving
  // them. One of the running servers reads them all at start and every FIXTURES_UPDATE_EVERY:
  // fixtures are added, moved and cancelled as the feeds say. Unset: none.
  FIXTURES_SOURCE: commaList.pipe(z.array(z.string().min(1)).max(50, 'at most 50 feeds')).optional(),
  // How often the feeds are read: 30m, 1h, 1d (at least 10m). Default 1h.
  FIXTURES_UPDATE_EVERY: duration.refine((ms) => ms > 0, "FIXTURES_UPDATE_EVERY cannot be off (unset FIXTURES_SOURCE instead)").default(3_600_000),
  // ---- People (issue 31, decision 055) ----
  // Cricsheet's register (people.csv; names.csv is read beside it): a file or an http(s) URL, or
  // 'off'. Default: Cricsheet's own register when CRICSHEET_SOURCE is unset (Cricsheet's own
  // downloads), none otherwise.
  CRICSHEET_REGISTER: z.string().min(1).optional(),
  // Player profiles in the profile format (README): a file or an http(s) URL, imported at start and
  // on every scheduled update. Unset: none.
  PLAYER_PROFILES: z.string().min(1).optional(),
  // Where npm run profiles:wikidata asks: Wikidata's SPARQL endpoint and Wikimedia Commons' API.
  WIKIDATA_SPARQL_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://query.wikidata.org/sparql'),
  COMMONS_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://commons.wikimedia.org/w/api.php'),
  CONTACT_EMAIL: z.email().optional(),
  // The operator's phone line and postal address, shown in the footer and on About; unset: not shown.
  CONTACT_PHONE: z.string().regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'must be a phone number such as +91 22 1234 5678').optional(),
  CONTACT_ADDRESS: z.string().trim().min(5).max(300).optional(),
  // The site's own Android app listing (not the store's home page): the footer's app link, the
  // install page's mention and the profile area's 'Rate Us' go there. Unset: none of them is shown
  // (the header's "Install the app" installs the site itself: decision 068).
  ANDROID_APP_URL: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
  // Origins whose web pages may call /user/v1 from a browser: 'https://app.example.com,...'.
  API_CORS_ORIGINS: commaList
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be origins like https://app.example.com, separated by commas')))
    .default([]),
  // Hardening (docs/decisions/021). Proxies in front of the server whose X-Forwarded-For entries
  // are believed: 0 (the default) believes none, 1 a single load balancer, and so on.
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // Strict-Transport-Security max-age in seconds; sent only when set and PUBLIC_ORIGIN is https.
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  TEST_REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  // Set by Vitest in each worker (1, 2, ...): integration workers each use a PostgreSQL database
  // of their own beside TEST_DATABASE_URL's (tests/helpers/worker-database.setup.ts).
  VITEST_POOL_ID: z.coerce.number().int().min(1).optional(),
  // Tests only: the end-to-end servers listen on this port and the two above it (the live
  // server, the SMS receiver, the site), so several checkouts can run Playwright side by side.
  E2E_PORT_BASE: z.coerce.number().int().min(1024).max(65_000).default(4397),
  // Tests only: Lighthouse's scores gate the run (three tries a page, the best counts). Off in
  // `npm test`, where one run a page checks the byte budgets: the performance score depends on
  // the machine's load. `npm run lighthouse` sets it (decision 052).
  LIGHTHOUSE_SCORES: booleanFlag.default(false),
  // ---- Accounts (src/server/auth, decision 020) ----
  // The site's own origin (scheme://host[:port]): cookie-authenticated writes must come from it,
  // and the session cookie is Secure when it is https. Default: http://localhost:PORT.
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/\s]+$/, 'must be an origin like https://crease.example.com (no path)')
    .optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Login lock-outs (decision 051): this many wrong passwords lock an account, and this many failed
  // logins lock an address, for LOGIN_LOCKOUT_MINUTES (the right password included).
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(3).max(100).default(5),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(5).max(10_000).default(20),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  SMS_TRANSPORT: z.enum(['console', 'webhook', 'twilio']).default('console'),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account SID (AC + 32 hex digits)').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  // The sender: a Twilio phone number in E.164 (+1...) or a messaging service SID (MG...).
  TWILIO_FROM: z.string().regex(/^(\+[1-9][0-9]{6,14}|MG[0-9a-f]{32})$/, 'must be a +E.164 number or an MG... messaging service SID').optional(),
  // ---- Profile and contact (decision 023) ----
  // The operator gets each contact query by email through this SMTP server
  // ('smtp://user:pass@host:587' or 'smtps://...') when CONTACT_EMAIL is set too.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // ---- Live cricket (src/server/live, decision 025) ----
  // Replays of recent real matches kept running while no scorer is scoring live: 0 turns them off.
  LIVE_REPLAYS: z.coerce.number().int().min(0).max(20).default(1),
  // How fast replays are played, in balls per minute (15: a ball every 4 s); 0 as fast as they write.
  LIVE_REPLAY_SPEED: z.coerce.number().min(0).max(60_000).default(15),
  // Socket.IO connections one client address may hold at once (decision 058): a home or office of
  // fans behind one NAT stays far below it; a client opening sockets in a loop stops at it.
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_SOCKETS_PER_ADDRESS),
  // ---- Reels (src/server/reels, decision 041) ----
  // The ffmpeg and ffprobe programs that check and transcode uploaded reels (Debian's ffmpeg
  // package by default, found on PATH).
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  // Set by CI systems: tests that need PostgreSQL or Redis fail there instead of skipping.
  CI: booleanFlag.default(false),
});

export type Config = z.infer<typeof configSchema> & {
  cricsheetSources: string[];
  publicOrigin: string;
  updateEveryMs: number;
  /** people.csv of Cricsheet's register to import (names.csv beside it), or null for none. */
  registerSource: string | null;
};

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const data = parsed.data;
  const missing: string[] = [];
  if (data.SMS_TRANSPORT === 'webhook' && !data.SMS_WEBHOOK_URL) missing.push('SMS_WEBHOOK_URL: required when SMS_TRANSPORT is webhook');
  if (data.SMS_TRANSPORT === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!data[name]) missing.push(`${name}: required when SMS_TRANSPORT is twilio`);
    }
  }
  if (missing.length > 0) throw new ConfigError(`Invalid configuration: ${missing.join('; ')}`);
  return {
    ...data,
    cricsheetSources: data.CRICSHEET_SOURCE ?? DEFAULT_CRICSHEET_URLS,
    publicOrigin: data.PUBLIC_ORIGIN ?? `http://localhost:${data.PORT}`,
    updateEveryMs: data.CRICSHEET_UPDATE_EVERY ?? (data.CI ? 0 : DEFAULT_UPDATE_EVERY_MS),
    registerSource:
      data.CRICSHEET_REGISTER === 'off' ? null : (data.CRICSHEET_REGISTER ?? (data.CRICSHEET_SOURCE === undefined ? DEFAULT_REGISTER_URL : null)),
  };
}
