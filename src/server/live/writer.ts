// What the live engine needs of the one write path: MatchWriter's methods for play ball by ball
// (issue 9's contract). Named here so the engine states what it relies on.
import type { Delivery } from '../domain/types.ts';
import type { FixtureInput } from '../store/fixture.ts';
import type { AppendedBall, SquadMarks, Undone } from '../store/match-writer.ts';
import type { PlayStatus, TeamSide } from '../db/schema.ts';

export interface LiveWriter {
  createFixture(input: FixtureInput): Promise<{ matchId: number; matchKey: string }>;
  setToss(matchId: number, toss: { winner: TeamSide; decision: 'bat' | 'field' }): Promise<void>;
  setPlayingXI(matchId: number, side: TeamSide, playerKeys: string[], marks?: SquadMarks): Promise<void>;
  startNextInnings(
    matchId: number,
    options: { battingSide?: TeamSide; target?: { runs: number; overs: number }; closePrevious?: 'declared' | 'closed' },
  ): Promise<{ inningsNo: number; battingSide: TeamSide; superOver: boolean }>;
  appendBall(matchId: number, inningsNo: number, delivery: Delivery, review?: unknown): Promise<AppendedBall>;
  undoLast(matchId: number): Promise<Undone | null>;
  /** Replaces a ball of the innings in progress with its correction (same over, legal stays legal). */
  replaceBall(matchId: number, inningsNo: number, seq: number, delivery: Delivery): Promise<void>;
  closeInnings(matchId: number, inningsNo: number, options: { declared?: boolean; absentHurt?: readonly string[] }): Promise<unknown>;
  setPlayState(matchId: number, state: { playStatus: PlayStatus; breakReason?: string | null; dayNumber?: number }): Promise<void>;
  setRevisedTarget(matchId: number, target: { runs: number; overs: number }): Promise<void>;
  addPenaltyRuns(matchId: number, inningsNo: number, penalty: { runs: number; when: 'pre' | 'post' }): Promise<void>;
  completeMatch(matchId: number, options: { playerOfMatch: string[] }): Promise<unknown>;
}
