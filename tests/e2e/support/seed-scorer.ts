// Adds accounts with the scorer and editor roles to the end-to-end database (roles are given by
// an operator, never through the site, so the tests' staff are made here).
import { loadConfig } from '../../../src/server/config.ts';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { EDITOR_PASSWORD, EDITOR_PHONE, SCORER_PASSWORD, SCORER_PHONE } from './scorer-account.ts';

const config = loadConfig();
const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(db);
  for (const [phone, password, role] of [
    [SCORER_PHONE, SCORER_PASSWORD, 'scorer'],
    [EDITOR_PHONE, EDITOR_PASSWORD, 'editor'],
  ] as const) {
    await db.kysely
      .insertInto('users')
      .values({ phone, password_hash: await hashPassword(password), role })
      .onConflict((conflict) => conflict.column('phone').doUpdateSet({ role }))
      .execute();
  }
} finally {
  await db.close();
}
