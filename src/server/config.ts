// Every environment variable the product reads is parsed here, once, with zod.
// Nothing else in the code base touches process.env.
import { z } from 'zod';

const DEFAULT_CRICSHEET_URLS = [
  'https://cricsheet.org/downloads/ipl_json.zip',
  'https://cricsheet.org/downloads/recently_played_30_json.zip',
];

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
  DATA_DIR: z.string().min(1).default('./data'),
  CRICSHEET_SOURCE: commaList.optional(),
  IMPORT_ON_START: booleanFlag.default(true),
  CONTACT_EMAIL: z.email().optional(),
  // Origins whose web pages may call /user/v1 from a browser: 'https://app.example.com,...'.
  API_CORS_ORIGINS: commaList
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be origins like https://app.example.com, separated by commas')))
    .default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  TEST_REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  // Profile and contact (issue 8): the operator gets each contact query by email through this
  // SMTP server ('smtp://user:pass@host:587' or 'smtps://...') when CONTACT_EMAIL is set too.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // Set by CI systems: tests that need PostgreSQL or Redis fail there instead of skipping.
  CI: booleanFlag.default(false),
});

export type Config = z.infer<typeof configSchema> & { cricsheetSources: string[] };

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
  return {
    ...parsed.data,
    cricsheetSources: parsed.data.CRICSHEET_SOURCE ?? DEFAULT_CRICSHEET_URLS,
  };
}
