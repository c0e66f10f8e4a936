// npm run user:role -- --phone 9876543210 --role admin   Gives an account a role (user, scorer,
// editor, admin): how an operator makes the first admin. `-- --list` prints the accounts whose
// role is not 'user'. Exit status: 0 done, 2 bad arguments or no account with that phone,
// 3 the embedded database is in use by another process (stop the server first).
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { runCommand } from './command.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { isRole, listStaff, ROLES, setUserRole } from '../src/server/auth/roles.ts';
import { isValidPhone } from '../src/server/auth/phone.ts';

const USAGE = 'Usage: npm run user:role -- --phone <10 digits> --role <user|scorer|editor|admin>   or   npm run user:role -- --list';

function refuse(message: string): number {
  console.error(`${message}\n${USAGE}`);
  return 2;
}

async function main(): Promise<number> {
  let values: { phone?: string | undefined; role?: string | undefined; list?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2).filter((arg) => arg !== '--'),
      options: { phone: { type: 'string' }, role: { type: 'string' }, list: { type: 'boolean' } },
    }));
  } catch (error) {
    return refuse((error as Error).message);
  }
  const { phone, role, list } = values;
  if (!list) {
    if (phone === undefined || role === undefined) return refuse('Both --phone and --role are needed.');
    if (!isValidPhone(phone)) return refuse(`'${phone}' is not a 10-digit mobile number.`);
    if (!isRole(role)) return refuse(`'${role}' is not a role. Roles: ${ROLES.join(', ')}.`);
  }
  const config = loadConfig();
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(db);
    if (list) {
      const staff = await listStaff(db);
      console.log(staff.length === 0 ? 'No account has a role other than user.' : staff.map((user) => `${user.phone}  ${user.role}  ${user.name ?? ''}`.trimEnd()).join('\n'));
      return 0;
    }
    if (!(await setUserRole(db, phone!, role as (typeof ROLES)[number]))) {
      return refuse(`No account has the phone ${phone}. The person registers first (/register), then you give the role.`);
    }
    console.log(`${phone} is now ${role}.`);
    return 0;
  } finally {
    await db.close();
  }
}

await runCommand(main);
