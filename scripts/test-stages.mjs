// `npm test`: the checks that need nothing else run together (lint, type-check, unit tests), then the
// build, then the integration tests, then the end-to-end tests; each stage's time is printed at the end.
// Output of stages run together is printed whole as each finishes, so their lines never interleave.
import { spawn } from 'node:child_process';

const stages = [
  [
    ['lint', 'npm run lint'],
    ['typecheck', 'npm run typecheck'],
    ['unit', 'npm run test:unit'],
  ],
  [['build', 'npm run build']],
  [['integration', 'npm run test:integration']],
  [['e2e', 'npx playwright test']],
];

const times = [];

function run([name, command], together) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: together ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (together) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      times.push({ name, seconds, code });
      if (together) process.stdout.write(`\n── ${name} (${seconds.toFixed(0)} s, exit ${code}) ──\n${Buffer.concat(chunks).toString()}`);
      resolve(code ?? 1);
    });
  });
}

const started = Date.now();
let failed = false;
for (const group of stages) {
  const codes = await Promise.all(group.map((stage) => run(stage, group.length > 1)));
  if (codes.some((code) => code !== 0)) {
    failed = true;
    break;
  }
}
console.log('\nstage times:');
for (const { name, seconds, code } of times) console.log(`  ${name.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s${code ? `  FAILED (exit ${code})` : ''}`);
console.log(`  ${'total'.padEnd(12)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.exit(failed ? 1 : 0);
