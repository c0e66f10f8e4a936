// How far an import has got, for people watching it: a line for a terminal or a log
// ('[#########...............] 4,210/21,034 matches, 180/s, ETA 93 s'), and the state of the
// start-up import that the home page shows while the site answers.
import type { ImportProgress } from './importer.ts';

const BAR_WIDTH = 24;

/** The progress line; the bar only when `total` is known. */
export function progressLine({ done, total }: Pick<ImportProgress, 'done' | 'total'>, elapsedSeconds: number, withBar = true): string {
  const rate = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
  if (total === null || total === 0) return `${done} matches, ${rate.toFixed(0)}/s`;
  const eta = rate > 0 ? Math.max(0, (total - done) / rate) : 0;
  const filled = Math.min(BAR_WIDTH, Math.round((done / total) * BAR_WIDTH));
  const bar = withBar ? `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ` : '';
  return `${bar}${done}/${total} matches, ${rate.toFixed(0)}/s, ETA ${eta.toFixed(0)} s`;
}

/** The start-up import as this process runs it: null when none runs. */
export interface ImportState {
  source: string;
  done: number;
  total: number | null;
}

/** A start-up import that could not read a source, and when it tries again (decision 067). */
export interface ImportFailure {
  source: string;
  reason: string;
  failedAt: Date;
  nextAttemptAt: Date;
  /** Attempts made so far (1 after the first failure). */
  attempts: number;
}

/** Holds the start-up import's progress, or its last failure, for the pages of this process. */
export class ImportStatus {
  private state: ImportState | null = null;
  private failed: ImportFailure | null = null;

  current(): ImportState | null {
    return this.state;
  }

  /** The source the start-up import could not read, while it waits to try again; null otherwise. */
  failure(): ImportFailure | null {
    return this.failed;
  }

  update(progress: ImportProgress): void {
    this.state = { source: progress.source, done: progress.done, total: progress.total };
    this.failed = null;
  }

  fail(failure: ImportFailure): void {
    this.state = null;
    this.failed = failure;
  }

  finish(): void {
    this.state = null;
    this.failed = null;
  }
}
