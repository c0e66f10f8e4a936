// What the live engine needs of the one write path: LiveMatchWriter's methods for play ball by ball
// (issue 9's contract). Named here so the engine states what it relies on. Each takes the events
// to log as data, writes them in its own transaction and returns them as committed.
import type { Delivery } from '../domain/types.ts';
import type { FixtureInput } from '../store/fixture.ts';
import type { CommittedEvent, NewEvent } from '../store/live-events.ts';
import type { AppendedBall, BallLog, SquadMarks, Undone } from '../store/live-match-writer.ts';
import type { PlayStatus, TeamSide } from '../db/schema.ts';

export interface LiveWriter {
  createFixture(input: FixtureInput): Promise<{ matchId: number; matchKey: string }>;
  setToss(matchId: number, toss: { winner: TeamSide; decision: 'bat' | 'field' }, events: readonly NewEvent[]): Promise<CommittedEvent[]>;
  setPlayingXI(matchId: number, side: TeamSide, playerKeys: string[], marks: SquadMarks | undefined, events: readonly NewEvent[]): Promise<CommittedEvent[]>;
  startNextInnings(
    matchId: number,
    options: { battingSide?: TeamSide; target?: { runs: number; overs: number }; closePrevious?: 'declared' | 'closed' },
    events: readonly NewEvent[],
  ): Promise<{ inningsNo: number; battingSide: TeamSide; superOver: boolean; events: CommittedEvent[] }>;
  /** The ball's events ('ball' under the key the writer gives it, then 'state') are logged with `log`. */
  appendBall(matchId: number, inningsNo: number, delivery: Delivery, review: unknown, log: BallLog): Promise<AppendedBall>;
  /** `deleted`, the last ball's event, is logged when the undo took a ball back; a 'state' always. */
  undoLast(matchId: number, log: { deleted: NewEvent | null }): Promise<Undone | null>;
  /** Replaces a ball of the innings in progress with its correction (same over, legal stays legal). */
  replaceBall(matchId: number, inningsNo: number, seq: number, delivery: Delivery, events: readonly NewEvent[]): Promise<CommittedEvent[]>;
  closeInnings(matchId: number, inningsNo: number, options: { declared?: boolean; absentHurt?: readonly string[] }, events: readonly NewEvent[]): Promise<{ events: CommittedEvent[] }>;
  setPlayState(matchId: number, state: { playStatus: PlayStatus; breakReason?: string | null; dayNumber?: number }, events: readonly NewEvent[]): Promise<CommittedEvent[]>;
  setRevisedTarget(matchId: number, target: { runs: number; overs: number }, events: readonly NewEvent[]): Promise<CommittedEvent[]>;
  addPenaltyRuns(matchId: number, inningsNo: number, penalty: { runs: number; when: 'pre' | 'post' }, events: readonly NewEvent[]): Promise<CommittedEvent[]>;
  completeMatch(matchId: number, options: { playerOfMatch: string[] }, events: readonly NewEvent[]): Promise<{ events: CommittedEvent[] }>;
}
