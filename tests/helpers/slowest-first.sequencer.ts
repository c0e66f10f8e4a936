// The integration files that take longest start first (issue 25 item 7): on a clean checkout
// Vitest has no timings of its own and starts the largest files first, so a small but slow file
// (a whole replay through the live engine, the reels' transcodes) started last and the run ended
// with one worker idle while the other finished it. The order is the measured one (the twenty
// longest files of a whole run, decision 052); files not named keep Vitest's own order after them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOWEST_FIRST = [
  'reels-api',
  'live-replay',
  'live-push-stored',
  'formats-series-real',
  'zip-bomb',
  'live-store',
  'import',
  'import-cli',
  'people-real',
  'auth-sessions',
  'news-current-real',
  'live-innings',
  'profile-api',
  'auth-limits',
  'search',
  'schedule-import',
  'user-role-cli',
  'updater',
  'security',
  'live-catch-up-limits',
].map((name) => `/tests/integration/${name}.test.ts`);

function rank(spec: TestSpecification): number {
  const index = SLOWEST_FIRST.findIndex((suffix) => spec.moduleId.endsWith(suffix));
  return index === -1 ? SLOWEST_FIRST.length : index;
}

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const own = await super.sort(files);
    // Array.prototype.sort is stable: the files not named keep the order Vitest gave them.
    return own.sort((a, b) => rank(a) - rank(b));
  }
}
