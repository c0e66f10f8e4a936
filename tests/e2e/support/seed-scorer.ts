// Adds an account with the scorer role to the end-to-end database (roles are given by an
// operator, never through the site, so the tests' scorer is made here).
import { loadConfig } from '../../../src/server/config.ts';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { SCORER_PASSWORD, SCORER_PHONE } from './scorer-account.ts';

const config = loadConfig();
const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(db);
  await db.kysely
    .insertInto('users')
    .values({ phone: SCORER_PHONE, password_hash: await hashPassword(SCORER_PASSWORD), role: 'scorer' })
    .onConflict((conflict) => conflict.column('phone').doUpdateSet({ role: 'scorer' }))
    .execute();
} finally {
  await db.close();
}
