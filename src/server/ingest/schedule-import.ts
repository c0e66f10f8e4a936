// Creates the fixtures of a schedule file (npm run schedule:import) through the write path's
// createFixture, as not-started matches with their start times. Each event is kept with its
// identity under the file's name (ingest/fixture-feeds.ts), so importing a file again moves or
// cancels what it changed and makes nothing twice; an event the file no longer lists is left
// alone (a file import is not a feed: FIXTURES_SOURCE is).
import type { Db } from '../db/client.ts';
import type { LiveMatchWriter } from '../store/live-match-writer.ts';
import type { PublishTags } from '../store/write-transaction.ts';
import { syncFeed } from './fixture-feeds.ts';
import { parseSchedule, type ScheduleProblem } from './schedule.ts';

export interface ScheduleImportSummary {
  created: { line: number; matchKey: string }[];
  /** Rows already stored as they are, by line. */
  existing: number[];
  /** Rows whose fixture moved to a new start time, or was cancelled or restored. */
  updated: number;
  problems: ScheduleProblem[];
}

/** publish: where moves and cancellations announce their tags (new fixtures go through the writer's own). */
export async function importSchedule(db: Db, writer: LiveMatchWriter, fileName: string, text: string, publish: PublishTags = () => undefined): Promise<ScheduleImportSummary> {
  const summary = await syncFeed(db, writer, `file:${fileName}`, parseSchedule(fileName, text), {
    cancelMissing: false,
    publish,
  });
  return {
    created: summary.added,
    existing: summary.unchanged,
    updated: summary.moved.length + summary.cancelled.length + summary.restored.length,
    problems: summary.problems,
  };
}
