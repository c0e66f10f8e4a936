// Performance budgets per page type, the one place they are written: Lighthouse's mobile preset
// (simulated slow 4G and a 4x slower CPU) on Debian's Chromium. tests/e2e/lighthouse.spec.ts
// fails when a page misses a score or goes over its bytes; docs/benchmarks.md records the
// measured figures. Bytes are transferred (compressed) bytes of the first load.
export const SCORE_FLOORS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const;

export interface PageBudget {
  name: string;
  path: string;
  /** All bytes of the first load, transferred. */
  maxBytes: number;
  /** Script bytes of the first load, transferred. */
  maxScriptBytes: number;
}

const KB = 1024;

export const PAGE_BUDGETS: readonly PageBudget[] = [
  { name: 'home', path: '/', maxBytes: 200 * KB, maxScriptBytes: 130 * KB },
  { name: 'series', path: '/series/indian-premier-league-2026', maxBytes: 150 * KB, maxScriptBytes: 60 * KB },
  { name: 'stats', path: '/stats', maxBytes: 150 * KB, maxScriptBytes: 60 * KB },
  { name: 'fixtures', path: '/fixtures', maxBytes: 120 * KB, maxScriptBytes: 40 * KB },
  { name: 'match summary', path: '/getMatchList/1529312', maxBytes: 120 * KB, maxScriptBytes: 30 * KB },
  { name: 'match scoreboard', path: '/getMatchList/1529312?tab=scoreboard', maxBytes: 100 * KB, maxScriptBytes: 30 * KB },
  { name: 'match commentary', path: '/getMatchList/1529312?tab=commentary', maxBytes: 160 * KB, maxScriptBytes: 30 * KB },
];
