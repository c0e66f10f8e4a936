// End-to-end tests in Debian's Chromium against the built server on a fresh PGlite
// holding the small real data set in tests/fixtures/cricsheet/e2e, plus one upcoming match; the
// live fan tests (project 'live') run against a second server whose data also holds one live
// fixture (tests/e2e/support/seed-live.ts).
import { defineConfig } from '@playwright/test';
import { E2E_PORTS } from './tests/e2e/support/ports.ts';

const PORT = E2E_PORTS.site;
const DATA_DIR = 'tests/.tmp/e2e-data';
// The live fan tests get a server of their own: its live fixture would change the home page and
// fixtures lists the other tests read. It also holds a replay stopped in the second innings
// (tests/e2e/support/seed-replay.ts).
const LIVE_PORT = E2E_PORTS.live;
const LIVE_DATA_DIR = 'tests/.tmp/e2e-live-data';

function server(port: number, dataDir: string, seeds: string[]) {
  return {
    command: [`rm -rf ${dataDir}`, 'tsx scripts/import.ts tests/fixtures/cricsheet/e2e', ...seeds.map((seed) => `tsx ${seed}`), 'node dist/app/main.mjs'].join(' && '),
    url: `http://127.0.0.1:${port}/healthz`,
    // Imports, seeds (a replay played through the live engine) and start: slow on a loaded machine.
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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'site', testIgnore: /live\.spec\.ts$/ },
    { name: 'live', testMatch: /live\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${LIVE_PORT}` } },
  ],
  webServer: [
    server(PORT, DATA_DIR, ['tests/e2e/support/seed-upcoming.ts', 'tests/e2e/support/seed-scorer.ts', 'tests/e2e/support/seed-reels.ts']),
    server(LIVE_PORT, LIVE_DATA_DIR, ['tests/e2e/support/seed-live.ts', 'tests/e2e/support/seed-replay.ts']),
  ],
});
