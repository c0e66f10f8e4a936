// npm run fuzz [-- --seed=N --rounds=N]: the long fuzz run. Every hostile value in every field
// of every API operation and page route (anonymous and as a signed-in fan), every bad Host value
// against every route, for each round's seed; then the same checks as the CI sample
// (tests/integration/fuzz.test.ts). Needs the built site (npm run build). Exits 1 on a failure.
import { BAD_HOSTS, casesFor, closeConnections, EVERY_CASE, hostCases, runCases, seeded } from './hostile.ts';
import { startFuzzSite } from './site.ts';

const arg = (name: string, fallback: number) => {
  const given = process.argv.find((item) => item.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
};
const firstSeed = arg('seed', 24);
const rounds = arg('rounds', 1);

const site = await startFuzzSite();
if (!site) {
  console.log('No build: run npm run build first.');
  process.exit(2);
}
let failed = false;
const before = (await site.ordinaryPages(), await site.ordinaryPages());
for (let round = 0; round < rounds; round++) {
  const seed = firstSeed + round;
  const random = seeded(seed);
  const cases = [];
  for (const target of [...site.targets.api, ...site.targets.pages]) {
    for (const auth of target.template.startsWith('/user/v1') ? [{}, site.fan] : [{}]) cases.push(...casesFor(target, random, EVERY_CASE, auth));
    cases.push(...hostCases(target, BAD_HOSTS));
  }
  const started = performance.now();
  const failures = await runCases(site.port, site.ownHost, cases);
  console.log(`seed ${seed}: ${cases.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failures.length} failed`);
  for (const failure of failures.slice(0, 50)) console.log(`  ${failure.status} ${failure.what}\n      ${failure.url}\n      ${failure.detail}`);
  failed ||= failures.length > 0;
}
const after = await site.ordinaryPages();
const changed = [...before].filter(([url, page]) => after.get(url) !== page).map(([url]) => url);
if (changed.length > 0) console.log(`pages ordinary visitors get changed: ${changed.join(', ')}`);
if (site.errors.length > 0) console.log(`errors logged:\n${site.errors.slice(0, 20).join('\n')}`);
closeConnections();
await site.close();
const ok = !failed && changed.length === 0 && site.errors.length === 0;
console.log(ok ? 'fuzz: 1 passed, 0 failed' : 'fuzz: 0 passed, 1 failed');
process.exit(ok ? 0 : 1);
