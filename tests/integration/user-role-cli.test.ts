// npm run user:role: gives a role to a registered phone, refuses an unknown phone or role with
// exit status 2, and refuses to run beside a server holding the embedded database (3).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { createUser } from '../helpers/accounts.ts';
import { migratedDataFolder } from '../helpers/test-db.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

async function userRole(dataDir: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/user-role.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run user:role', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'user-role-'));
    await migratedDataFolder(dataDir);
    const db = await openDatabase({ dataDir });
    await createUser(db, '9876543210', 'abc123');
    await db.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('makes a registered phone an admin, and lists it', async () => {
    const granted = await userRole(dataDir, ['--phone', '9876543210', '--role', 'admin']);
    expect(granted).toMatchObject({ code: 0, stdout: '9876543210 is now admin.\n' });
    const listed = await userRole(dataDir, ['--list']);
    expect(listed.stdout).toBe('9876543210  admin\n');
    const db = await openDatabase({ dataDir });
    const row = await db.kysely.selectFrom('users').select('role').where('phone', '=', '9876543210').executeTakeFirstOrThrow();
    await db.close();
    expect(row.role).toBe('admin');
  });

  it('refuses an unknown phone, an unknown role, a malformed phone or missing arguments with exit status 2', async () => {
    const unknownPhone = await userRole(dataDir, ['--phone', '9000000001', '--role', 'admin']);
    expect(unknownPhone.code).toBe(2);
    expect(unknownPhone.stderr).toMatch(/No account has the phone 9000000001/);
    const unknownRole = await userRole(dataDir, ['--phone', '9876543210', '--role', 'owner']);
    expect(unknownRole.code).toBe(2);
    expect(unknownRole.stderr).toMatch(/'owner' is not a role. Roles: user, scorer, editor, admin./);
    expect((await userRole(dataDir, ['--phone', '98765', '--role', 'admin'])).stderr).toMatch(/not a 10-digit mobile number/);
    expect((await userRole(dataDir, ['--role', 'admin'])).code).toBe(2);
    expect((await userRole(dataDir, ['--phone', '9876543210', '--role', 'admin', '--bogus'])).code).toBe(2);
  });

  it('exits 3 while another process holds the embedded database', async () => {
    const db = await openDatabase({ dataDir });
    try {
      const locked = await userRole(dataDir, ['--phone', '9876543210', '--role', 'editor']);
      expect(locked.code).toBe(3);
    } finally {
      await db.close();
    }
  });
});
