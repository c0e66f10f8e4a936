// End-to-end tests in Debian's Chromium against the built server on a fresh PGlite holding the
// small real data set in tests/fixtures/cricsheet/e2e, on two workers. Each project has a server of
// its own, so what one spec file writes never shows in another's screenshot whatever the order:
// 'site' (reading, plus one upcoming match), 'desk' (the specs that publish news, upload reels and
// score a fixture: each changes the home page) and 'live' (a live fixture and a replay stopped in
// the second innings: tests/e2e/support/seed-live.ts, seed-replay.ts). One SMS gateway serves all three.
import { defineConfig } from '@playwright/test';
import { E2E_PORTS } from './tests/e2e/support/ports.ts';

const DESK_SPECS = /\/(news|reels|scorer)\.spec\.ts$/;
// live.spec.ts, summary-live.spec.ts, install-live.spec.ts: they need a live match.
const LIVE_SPECS = /live\.spec\.ts$/;

// The data set is imported once per run, into this folder, by the first server's command; each
// server starts from a copy of it (a PGlite data folder: the same bytes the import wrote), then
// adds its own seeds, run in one process (tests/e2e/support/seed.ts). Playwright starts its web
// servers one after another in the order listed, so the copies are made after the import has finished.
const IMPORTED = 'tests/.tmp/e2e-data-imported';

function server(port: number, seeds: string[], { imports = false } = {}) {
  const dataDir = `tests/.tmp/e2e-data-${port}`;
  const importOnce = imports ? [`rm -rf ${IMPORTED}`, `DATA_DIR=${IMPORTED} tsx scripts/import.ts tests/fixtures/cricsheet/e2e`] : [];
  return {
    command: [...importOnce, `rm -rf ${dataDir}`, `cp -a ${IMPORTED} ${dataDir}`, `tsx tests/e2e/support/seed.ts ${seeds.join(' ')}`, 'node dist/app/main.mjs'].join(' && '),
    url: `http://127.0.0.1:${port}/healthz`,
    // The import (the first server), seeds (a replay played through the live engine) and start: slow on a loaded machine.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The browser's Origin: cookie-authenticated writes (and sockets) are accepted only from it.
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      IMPORT_ON_START: 'false',
      // No scheduled downloads from cricsheet.org while the tests run.
      CRICSHEET_UPDATE_EVERY: 'off',
      // No demo replay: the tests' matches are the ones they made.
      LIVE_REPLAYS: '0',
      LOG_LEVEL: 'warn',
      CONTACT_EMAIL: 'scores@example.org',
      SMS_TRANSPORT: 'webhook',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${E2E_PORTS.sms}/sms`,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Reviewed baselines of the visual comparisons (tests/e2e/support/screens.ts).
  snapshotPathTemplate: 'tests/e2e/screens/{arg}{ext}',
  expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.01 } },
  // Two workers on the 2-core CI machine; a spec file's tests run in order on one of them.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // A guard against a hang, not a speed check (budgets are asserted on their own): on the 2-core CI
  // machine beside the integration stage, a test that screenshots several full pages took 31 s.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORTS.site}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'site', testIgnore: [DESK_SPECS, LIVE_SPECS] },
    { name: 'desk', testMatch: DESK_SPECS, use: { baseURL: `http://127.0.0.1:${E2E_PORTS.desk}` } },
    { name: 'live', testMatch: LIVE_SPECS, use: { baseURL: `http://127.0.0.1:${E2E_PORTS.live}` } },
  ],
  webServer: [
    {
      command: 'tsx tests/e2e/support/sms-receiver.ts',
      url: `http://127.0.0.1:${E2E_PORTS.sms}/healthz`,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    server(E2E_PORTS.site, ['tests/e2e/support/seed-upcoming.ts', 'tests/e2e/support/seed-scorer.ts'], { imports: true }),
    server(E2E_PORTS.desk, ['tests/e2e/support/seed-scorer.ts', 'tests/e2e/support/seed-reels.ts']),
    server(E2E_PORTS.live, ['tests/e2e/support/seed-live.ts', 'tests/e2e/support/seed-replay.ts']),
  ],
});
