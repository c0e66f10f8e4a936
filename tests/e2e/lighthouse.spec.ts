// Lighthouse (the npm package, mobile preset) on Debian's Chromium against the e2e server: each
// page type must stay within its bytes (tests/e2e/budgets.ts), one run a page in `npm test`, of
// the byte audit alone.
// `npm run lighthouse` (LIGHTHOUSE_SCORES) also gates the score floors: the performance score
// depends on how busy the machine is, so a page then gets up to three runs and the best counts.
// The failure message gives every run's figures against the budget.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { expect, test } from '@playwright/test';
import { loadConfig } from '../../src/server/config.ts';
import { PAGE_BUDGETS, SCORE_FLOORS } from './budgets.ts';

const SCORED = loadConfig().LIGHTHOUSE_SCORES;
const RUNS = SCORED ? 3 : 1;

interface Measured {
  /** Measured only for the score floors (LIGHTHOUSE_SCORES). */
  scores: Record<keyof typeof SCORE_FLOORS, number> | null;
  bytes: number;
  scriptBytes: number;
}

function shortfalls(measured: Measured, maxBytes: number, maxScriptBytes: number): string[] {
  const misses = Object.entries(SCORED ? SCORE_FLOORS : {})
    .filter(([category, floor]) => measured.scores![category as keyof typeof SCORE_FLOORS] < floor)
    .map(([category, floor]) => `${category} ${measured.scores![category as keyof typeof SCORE_FLOORS]} < ${floor}`);
  if (measured.bytes > maxBytes) misses.push(`bytes ${measured.bytes} > ${maxBytes}`);
  if (measured.scriptBytes > maxScriptBytes) misses.push(`script bytes ${measured.scriptBytes} > ${maxScriptBytes}`);
  return misses;
}

test.describe('Lighthouse budgets', () => {
  test.describe.configure({ timeout: 600_000 });
  let chrome: chromeLauncher.LaunchedChrome;
  test.beforeAll(async () => {
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  });
  test.afterAll(async () => {
    await chrome.kill();
  });

  for (const budget of PAGE_BUDGETS) {
    test(`${budget.name} (${budget.path})`, async ({ baseURL }) => {
      const runs: string[] = [];
      let passed = false;
      for (let run = 1; run <= RUNS && !passed; run += 1) {
        // Without the score floors only the byte audit runs: the same load and the same byte count,
        // without the audits and the simulated-throttling metrics the scores need (most of a run's CPU).
        const result = await lighthouse(`${baseURL}${budget.path}`, { port: chrome.port, output: 'json', logLevel: 'error', ...(SCORED ? {} : { onlyAudits: ['resource-summary'] }) });
        const lhr = result!.lhr;
        const summary = (lhr.audits['resource-summary']!.details as unknown as { items: { resourceType: string; transferSize: number }[] }).items;
        const measured: Measured = {
          scores: SCORED ? (Object.fromEntries(Object.keys(SCORE_FLOORS).map((category) => [category, Math.round((lhr.categories[category]!.score ?? 0) * 100)])) as Measured['scores']) : null,
          bytes: summary.find((item) => item.resourceType === 'total')!.transferSize,
          scriptBytes: summary.find((item) => item.resourceType === 'script')!.transferSize,
        };
        const misses = shortfalls(measured, budget.maxBytes, budget.maxScriptBytes);
        runs.push(`run ${run}: ${JSON.stringify(measured)}${misses.length ? ` misses ${misses.join(', ')}` : ''}`);
        passed = misses.length === 0;
      }
      console.log(`${budget.name}: ${runs.join(' | ')}`);
      expect(passed, runs.join('\n')).toBe(true);
    });
  }
});
