// Team form and head to head: what a finished match meant for one side, and the tally of the
// meetings of two sides. A tie stays a tie even when a super over or bowl-out then decided the
// match (the eliminator is not a win in form or head to head); a draw is its own result.
export type Side = 'a' | 'b';

/** Won, lost, tied, no result, drawn: the letters form chips show. */
export const FORM_LETTERS = ['W', 'L', 'T', 'NR', 'D'] as const;
export type FormLetter = (typeof FORM_LETTERS)[number];

export interface MatchOutcome {
  winner: Side | null;
  result: 'tie' | 'no result' | 'draw' | null;
}

/** What the match was for `side`: W or L by the winner, else T, D or NR. */
export function formLetter(match: MatchOutcome, side: Side): FormLetter {
  if (match.winner !== null) return match.winner === side ? 'W' : 'L';
  if (match.result === 'tie') return 'T';
  if (match.result === 'draw') return 'D';
  return 'NR';
}

export interface HeadToHead {
  played: number;
  won: Record<Side, number>;
  tied: number;
  noResult: number;
  drawn: number;
}

/** The meetings of two teams counted from team a's results in them (formLetter for a's side). */
export function headToHead(resultsOfA: readonly FormLetter[]): HeadToHead {
  const tally: HeadToHead = { played: 0, won: { a: 0, b: 0 }, tied: 0, noResult: 0, drawn: 0 };
  for (const letter of resultsOfA) {
    tally.played += 1;
    if (letter === 'W') tally.won.a += 1;
    else if (letter === 'L') tally.won.b += 1;
    else if (letter === 'T') tally.tied += 1;
    else if (letter === 'D') tally.drawn += 1;
    else tally.noResult += 1;
  }
  return tally;
}
