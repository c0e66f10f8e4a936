// `npm test`: every stage starts as soon as the stages it needs have passed (issue 25 item 7).
// Lint, type-check, unit tests and the build need nothing and start at once; the integration
// tests need the build (some serve the built pages) and start when it is done, beside the checks;
// the end-to-end tests need the build too, and wait for the checks as well so that their browser
// and three servers do not share the two cores with four other stages at once.
// Each stage's output is printed whole when it finishes, so lines of stages that ran together never
// interleave; each stage's start and end, and at the end every stage's time, are printed, with the
// CPU time its processes used (the shell's `times`: user + system of every child it waited for).
// On the 2-core CI machine the stages together keep both cores busy, so the whole run's length
// follows the CPU they need, which this shows stage by stage.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const stages = [
  { name: 'lint', command: 'npm run lint', after: [] },
  { name: 'typecheck', command: 'npm run typecheck', after: [] },
  { name: 'unit', command: 'npm run test:unit', after: [] },
  { name: 'build', command: 'npm run build', after: [] },
  { name: 'integration', command: 'npm run test:integration', after: ['build'] },
  { name: 'e2e', command: 'npx playwright test', after: ['build', 'lint', 'typecheck', 'unit'] },
];

const cpuFolder = mkdtempSync(path.join(os.tmpdir(), 'test-stages-'));
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const results = new Map();
const running = new Map();

function run(stage) {
  const begun = Date.now();
  console.log(`── ${stage.name}: started at ${clock()}`);
  return new Promise((resolve) => {
    const cpuFile = path.join(cpuFolder, stage.name);
    const script = `(${stage.command})\nstatus=$?\ntimes > '${cpuFile}'\nexit $status`;
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - begun) / 1000;
      results.set(stage.name, { seconds, code: code ?? 1, cpuSeconds: childrenCpuSeconds(cpuFile) });
      process.stdout.write(`\n── ${stage.name} (${seconds.toFixed(0)} s, exit ${code}, ended at ${clock()}) ──\n${Buffer.concat(chunks).toString()}`);
      resolve();
    });
  });
}

/** The children's user + system seconds from bash's `times` (its second line: "1m2.345s 0m6.789s"). */
function childrenCpuSeconds(file) {
  try {
    const line = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    return line.split(/\s+/).reduce((sum, field) => {
      const [, minutes, seconds] = /^(\d+)m([\d.]+)s$/.exec(field) ?? [];
      return sum + Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
    }, 0);
  } catch {
    return null;
  }
}

// A failure starts nothing new; the stages already running finish and report.
const failed = () => [...results.values()].some(({ code }) => code !== 0);
function startReady() {
  if (failed()) return;
  for (const stage of stages) {
    if (running.has(stage.name) || results.has(stage.name)) continue;
    if (stage.after.every((name) => results.get(name)?.code === 0)) running.set(stage.name, run(stage).then(startReady));
  }
}
startReady();
while (running.size > results.size) await Promise.all(running.values());

rmSync(cpuFolder, { recursive: true, force: true });
const cpuText = (cpuSeconds) => (cpuSeconds === null ? '      ?' : `${cpuSeconds.toFixed(0).padStart(5)} s`);
console.log('\nstage times:      wall     CPU');
for (const { name } of stages) {
  const result = results.get(name);
  const time = result ? `${result.seconds.toFixed(0).padStart(5)} s ${cpuText(result.cpuSeconds)}${result.code ? `  FAILED (exit ${result.code})` : ''}` : '    – not run';
  console.log(`  ${name.padEnd(12)} ${time}`);
}
const cpuTotal = [...results.values()].reduce((sum, { cpuSeconds }) => sum + (cpuSeconds ?? 0), 0);
console.log(`  ${'total'.padEnd(12)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s ${cpuText(cpuTotal)}`);
process.exit(failed() || results.size < stages.length ? 1 : 0);
