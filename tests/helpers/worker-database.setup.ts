// Integration files run two at a time (vitest.config.ts). Each Vitest worker gets a PostgreSQL
// database of its own beside TEST_DATABASE_URL's (test_w1, test_w2, made on first use), so one
// file's emptying or migrating never meets another's. Runs before each file's imports read the config.
import pg from 'pg';
import { loadConfig } from '../../src/server/config.ts';

const { TEST_DATABASE_URL: base, VITEST_POOL_ID: worker } = loadConfig();

if (base && worker !== undefined && !new URL(base).pathname.endsWith(`_w${worker}`)) {
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}_w${worker}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
      // Another worker made it between the check and the create.
      if (error.code !== '42P04') throw error;
    });
    url.pathname = `/${encodeURIComponent(name)}`;
    process.env.TEST_DATABASE_URL = url.toString();
  } catch {
    // An unreachable server is reported by the tests themselves (test-servers.ts), not here.
  } finally {
    await admin.end().catch(() => {});
  }
}
