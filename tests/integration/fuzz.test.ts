// The hostile-input fuzzer in CI (issue 24): a seeded sample of tests/fuzz/hostile.ts's cases
// against every API operation and page route, sized to finish in well under two minutes on a
// loaded two-core machine. Every bad Host value against a sample of routes must be a 400, nothing
// may answer 5xx or log an error, and ordinary visitors must get the same pages afterwards.
// `npm run fuzz` sends every case (tests/fuzz/run.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_HOSTS, casesFor, closeConnections, hostCases, runCases, seeded, type FuzzCase, type Sample } from '../fuzz/hostile.ts';
import { startFuzzSite, type FuzzSite } from '../fuzz/site.ts';

const SEED = 24;
// Per target: 4 of its fields with 3 hostile values each, and 4 structural attacks (headers, whole
// bodies, repeated parameters): about 3,400 requests, under a minute with set-up on a two-core machine
// running others' tests too.
const SAMPLE: Sample = { fields: 4, perField: 3, perTarget: 4 };

const site = await startFuzzSite();

describe.skipIf(site === null)('fuzzing every operation and page with hostile input', () => {
  let fuzz: FuzzSite;
  let before: Map<string, string>;

  beforeAll(async () => {
    fuzz = site!;
    // Twice: the second answer is the cached one.
    await fuzz.ordinaryPages();
    before = await fuzz.ordinaryPages();
  });
  afterAll(async () => {
    closeConnections();
    await fuzz?.close();
  });

  it('answers every case with less than 500, logs no error, and leaves the pages visitors get as they were', async () => {
    const random = seeded(SEED);
    const cases: FuzzCase[] = [];
    for (const target of [...fuzz.targets.api, ...fuzz.targets.pages]) {
      // Anonymous and, for half the API, as a signed-in fan (routes that need one then read their input).
      const auth = target.template.startsWith('/user/v1') && random() < 0.5 ? fuzz.fan : {};
      cases.push(...casesFor(target, random, SAMPLE, auth));
      if (random() < 0.05) cases.push(...hostCases(target, BAD_HOSTS));
    }
    const started = performance.now();
    const failures = await runCases(fuzz.port, fuzz.ownHost, cases);
    console.info(`fuzz: ${cases.length} cases (seed ${SEED}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(cases.length).toBeGreaterThan(1500);
    expect(failures).toEqual([]);
    expect(fuzz.errors).toEqual([]);
    const after = await fuzz.ordinaryPages();
    for (const [url, page] of before) expect(after.get(url), url).toBe(page);
  });
});
