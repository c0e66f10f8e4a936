// Lines a fan reads about the shape of a match: declarations, forfeits, the follow-on, a revised
// target, and the lead / trail / need line of the situation (matchSituation works out the numbers).
import { formatOvers } from './overs.ts';
import type { Lang } from './result.ts';
import type { Situation } from './situation.ts';

type Side = 'a' | 'b';

/**
 * In a two-innings match the follow-on was enforced when the side that batted second also bats
 * third. Innings in the order played, super overs excluded; a forfeited innings must be in the list
 * (it keeps its place in the order).
 */
export function followOnEnforced(innings: readonly { battingTeam: Side }[]): boolean {
  const [, second, third] = innings;
  return second !== undefined && third !== undefined && second.battingTeam === third.battingTeam;
}

export interface NoteInnings {
  battingTeam: Side;
  superOver: boolean;
  runs: number;
  wickets: number;
  declared: boolean;
  forfeited: boolean;
  /** The target set for this innings (revised by a rain rule when it differs from the first innings + 1). */
  targetRuns: number | null;
  /** The target's overs limit as legal balls, when the target has one. */
  targetBalls: number | null;
}

export interface MatchNotesInput {
  format: 't20' | 'oneday' | 'test';
  teamNames: Record<Side, string>;
  /** In the order played; super overs are skipped. */
  innings: readonly NoteInnings[];
  /** The scheduled limit of a limited-overs innings in legal balls; null in a Test. */
  oversLimitBalls: number | null;
  ballsPerOver: number;
  /** Cricsheet outcome.method when known: 'VJD' names the rain rule, anything else reads as DLS. */
  method: string | null;
}

interface Wording {
  declared(team: string, runs: number, wickets: number): string;
  forfeited(team: string): string;
  followOn(team: string): string;
  targetRevised(runs: number, overs: string, method: string): string;
  need(team: string, runs: number): string;
  needInBalls(team: string, runs: number, balls: number): string;
  trail(team: string, runs: number): string;
  lead(team: string, runs: number): string;
  level: string;
}

const runs = (n: number): string => `${n} ${n === 1 ? 'run' : 'runs'}`;

const WORDING: Record<Lang, Wording> = {
  en: {
    declared: (team, total, wickets) => `${team} declared at ${total}/${wickets}`,
    forfeited: (team) => `${team} forfeited their innings`,
    followOn: (team) => `Follow-on enforced: ${team} batting again`,
    targetRevised: (total, overs, method) => `Target revised to ${total} from ${overs} overs (${method})`,
    need: (team, n) => `${team} need ${runs(n)} to win`,
    needInBalls: (team, n, balls) => `${team} need ${runs(n)} in ${balls} ${balls === 1 ? 'ball' : 'balls'}`,
    trail: (team, n) => `${team} trail by ${runs(n)}`,
    lead: (team, n) => `${team} lead by ${runs(n)}`,
    level: 'Scores level',
  },
  hi: {
    declared: (team, total, wickets) => `${team} ने ${total}/${wickets} पर पारी घोषित की`,
    forfeited: (team) => `${team} ने अपनी पारी त्याग दी`,
    followOn: (team) => `फ़ॉलो-ऑन लागू: ${team} फिर से बल्लेबाज़ी कर रही है`,
    targetRevised: (total, overs, method) => `संशोधित लक्ष्य: ${overs} ओवर में ${total} रन (${method})`,
    need: (team, n) => `${team} को जीत के लिए ${n} रन चाहिए`,
    needInBalls: (team, n, balls) => `${team} को ${balls} गेंदों में ${n} रन चाहिए`,
    trail: (team, n) => `${team} ${n} रन से पीछे`,
    lead: (team, n) => `${team} ${n} रन से आगे`,
    level: 'स्कोर बराबर',
  },
};

/**
 * A chase's target was revised when it has fewer balls than the scheduled innings, or asks for
 * other than one run more than the first innings made.
 */
function isRevisedTarget(
  chase: NoteInnings,
  firstInnings: NoteInnings,
  oversLimitBalls: number | null,
): chase is NoteInnings & { targetRuns: number; targetBalls: number } {
  if (chase.targetRuns === null || chase.targetBalls === null) return false;
  const fewerBalls = oversLimitBalls !== null && chase.targetBalls < oversLimitBalls;
  return fewerBalls || chase.targetRuns !== firstInnings.runs + 1;
}

/**
 * Notes on the match in the order they happened: 'Australia declared at 450/7',
 * 'Follow-on enforced: England batting again', 'Target revised to 150 from 16 overs (DLS)',
 * 'India forfeited their innings'.
 */
export function matchNotes(match: MatchNotesInput, lang: Lang = 'en'): string[] {
  const words = WORDING[lang];
  const innings = match.innings.filter((inn) => !inn.superOver);
  const [first] = innings;
  const notes: string[] = [];
  innings.forEach((inn, index) => {
    const team = match.teamNames[inn.battingTeam];
    if (match.format === 'test' && index === 2 && followOnEnforced(innings)) notes.push(words.followOn(team));
    if (inn.forfeited) notes.push(words.forfeited(team));
    else if (inn.declared) notes.push(words.declared(team, inn.runs, inn.wickets));
    if (match.format !== 'test' && index === 1 && first && isRevisedTarget(inn, first, match.oversLimitBalls)) {
      const method = match.method === 'VJD' ? 'VJD' : 'DLS';
      notes.push(words.targetRevised(inn.targetRuns, formatOvers(inn.targetBalls, match.ballsPerOver), method));
    }
  });
  return notes;
}

/** The situation in words: 'England trail by 81 runs', 'India need 151 runs to win', 'Scores level'. */
export function situationText(situation: Situation, teamNames: Record<Side, string>, lang: Lang = 'en'): string {
  const words = WORDING[lang];
  const team = teamNames[situation.team];
  switch (situation.kind) {
    case 'need':
      return situation.balls === null ? words.need(team, situation.runs) : words.needInBalls(team, situation.runs, situation.balls);
    case 'trail':
      return words.trail(team, situation.runs);
    case 'lead':
      return words.lead(team, situation.runs);
    case 'level':
      return words.level;
  }
}
