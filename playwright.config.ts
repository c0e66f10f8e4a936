// End-to-end tests in Debian's Chromium against the built server on a fresh PGlite
// holding the small real data set in tests/fixtures/cricsheet/e2e, plus one upcoming match.
import { defineConfig } from '@playwright/test';
import { SMS_RECEIVER_PORT } from './tests/e2e/support/sms-receiver.ts';

const PORT = 4399;
const DATA_DIR = 'tests/.tmp/e2e-data';


export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
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
  webServer: {
    command: `rm -rf ${DATA_DIR} && tsx scripts/import.ts tests/fixtures/cricsheet/e2e && tsx tests/e2e/support/seed-upcoming.ts && node dist/app/main.mjs`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // The browser's Origin: cookie-authenticated writes are accepted only from it.
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      DATA_DIR,
      IMPORT_ON_START: 'false',
      LIVE_REPLAYS: '0',
      LOG_LEVEL: 'warn',
      CONTACT_EMAIL: 'scores@example.org',
      SMS_TRANSPORT: 'webhook',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${SMS_RECEIVER_PORT}/sms`,
    },
  },
});
