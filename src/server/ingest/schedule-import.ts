// Creates the fixtures of a schedule file (npm run schedule:import) through the write path's
// createFixture, as not-started matches with their start times. A fixture already stored (the
// same teams at the same moment) is not made twice, so importing a file again is harmless.
import type { Db } from '../db/client.ts';
import type { MatchWriter } from '../store/match-writer.ts';
import { parseSchedule, type ScheduleProblem } from './schedule.ts';

export interface ScheduleImportSummary {
  created: { line: number; matchKey: string }[];
  /** Rows already stored, by line. */
  existing: number[];
  problems: ScheduleProblem[];
}

export async function importSchedule(db: Db, writer: MatchWriter, fileName: string, text: string): Promise<ScheduleImportSummary> {
  const { rows, problems } = parseSchedule(fileName, text);
  const summary: ScheduleImportSummary = { created: [], existing: [], problems: [...problems] };
  for (const { line, fixture } of rows) {
    const [teamA, teamB] = fixture.teams;
    const stored = await db.kysely
      .selectFrom('matches')
      .select('match_key')
      .where('start_at', '=', fixture.startAt)
      .where('team_a_name', '=', teamA.name)
      .where('team_b_name', '=', teamB.name)
      .executeTakeFirst();
    if (stored) {
      summary.existing.push(line);
      continue;
    }
    try {
      const { matchKey } = await writer.createFixture({ ...fixture, source: 'scorer' });
      summary.created.push({ line, matchKey });
    } catch (error) {
      // One fixture the store refuses does not stop the rest.
      summary.problems.push({ line, message: error instanceof Error ? error.message : String(error) });
    }
  }
  summary.problems.sort((a, b) => a.line - b.line);
  return summary;
}
