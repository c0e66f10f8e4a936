// Preloaded (`node --import`) into a child process a test starts: at exit it writes its peak
// resident memory, worker threads included, to stderr as `peak-rss-kb=N` (readPeakKb reads it).
process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb=${process.resourceUsage().maxRSS}\n`);
});

/** The peak a child preloaded with this module reported on its stderr. */
export function readPeakKb(stderr: string): number {
  const match = /peak-rss-kb=(\d+)/.exec(stderr);
  if (!match) throw new Error(`no peak memory reported; stderr: ${stderr.slice(-2000)}`);
  return Number(match[1]);
}
