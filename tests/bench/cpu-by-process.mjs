// The machine's CPU while a command runs, by kind of process (decision 052): a shell's `times`
// counts only the children it waited for, and Chromium's renderers, reaped by the browser that a
// test runner kills, never reach it. Every process of the machine is read from /proc every 2 s;
// a process's CPU is its last reading (less its first, when it was already running at the start),
// so a process that lives less than 2 s can be missed and the last 2 s of each are lost: the
// figures are a floor.
//   node tests/bench/cpu-by-process.mjs -- CI=true bash .ci/run
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
const EVERY_MS = 2000;

const separator = process.argv.indexOf('--');
const command = process.argv.slice(separator + 1).join(' ');
if (separator < 0 || !command) {
  console.error('usage: node tests/bench/cpu-by-process.mjs -- <command>');
  process.exit(2);
}

/** pid:start -> { kind, first, last } in clock ticks. */
const seen = new Map();

function kindOf(comm, cmdline) {
  if (comm === 'chromium') {
    const type = /--type=([^\s]+)/.exec(cmdline)?.[1];
    return `chromium ${type ?? 'browser'}`;
  }
  if (comm.startsWith('node') || comm === 'MainThread') {
    if (cmdline.includes('vitest')) return 'node: vitest workers';
    if (cmdline.includes('playwright')) return 'node: playwright';
    if (cmdline.includes('dist/app/main')) return 'node: built server (e2e)';
    if (cmdline.includes('tsc') || cmdline.includes('astro check')) return 'node: type-check';
    if (cmdline.includes('eslint')) return 'node: lint';
    if (cmdline.includes('--import tsx')) return 'node: tsx child (commands, servers, seeds)';
    return 'node: other';
  }
  if (comm.startsWith('postgres')) return 'postgres';
  return comm;
}

function sample(initial) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const key = `${pid}:${fields[19]}`;
      const known = seen.get(key);
      if (known) {
        known.last = Math.max(known.last, ticks);
        continue;
      }
      // A process seen first in a later sample started during the run: all of its CPU counts.
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      seen.set(key, { kind: kindOf(comm, cmdline), first: initial ? ticks : 0, last: ticks });
    } catch {
      // The process ended between the listing and the read.
    }
  }
}

sample(true);
const started = Date.now();
const timer = setInterval(() => sample(false), EVERY_MS);
const child = spawn('bash', ['-c', command], { stdio: 'inherit' });
const code = await new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
clearInterval(timer);
sample(false);

const byKind = new Map();
for (const { kind, first, last } of seen.values()) {
  const entry = byKind.get(kind) ?? { seconds: 0, processes: 0 };
  entry.seconds += (last - first) / TICKS_PER_SECOND;
  entry.processes += last > first ? 1 : 0;
  byKind.set(kind, entry);
}
const rows = [...byKind].filter(([, { seconds }]) => seconds >= 1).sort((a, b) => b[1].seconds - a[1].seconds);
const total = rows.reduce((sum, [, { seconds }]) => sum + seconds, 0);
console.log(`\ncpu-by-process: ${((Date.now() - started) / 1000).toFixed(0)} s wall, ${total.toFixed(0)} s of CPU in processes of 1 s or more (exit ${code})`);
for (const [kind, { seconds, processes }] of rows) console.log(`${seconds.toFixed(0).padStart(7)} s  ${String(processes).padStart(5)}  ${kind}`);
process.exit(code);
