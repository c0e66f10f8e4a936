// Adds an editor and a fan to the end-to-end database for the reels tests (roles are given by an
// operator, never through the site).
import { loadConfig } from '../../../src/server/config.ts';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { EDITOR_PASSWORD, EDITOR_PHONE, FAN_PASSWORD, FAN_PHONE } from './reels-accounts.ts';

const config = loadConfig();
const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(db);
  for (const [phone, password, role, name] of [
    [EDITOR_PHONE, EDITOR_PASSWORD, 'editor', 'Reels Desk'],
    [FAN_PHONE, FAN_PASSWORD, 'user', 'Asha Fan'],
  ] as const) {
    await db.kysely
      .insertInto('users')
      .values({ phone, password_hash: await hashPassword(password), role, name })
      .onConflict((conflict) => conflict.column('phone').doUpdateSet({ role }))
      .execute();
  }
} finally {
  await db.close();
}
