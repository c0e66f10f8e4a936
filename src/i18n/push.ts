// The words of a match alert (Web Push, issue 29 §4) in English and Hindi. Names arrive already in
// the fan's language (src/i18n/names.ts); Hindi follows docs/hindi-style-guide.md.
import type { Lang } from '../server/domain/result.ts';

export interface PushWords {
  started(teamA: string, teamB: string): string;
  wicket(player: string, score: string): string;
  wicketTo(player: string, bowler: string, score: string): string;
  milestone(player: string, runs: number): string;
  fiveFor(player: string, wickets: number): string;
  inningsEnd(team: string, score: string): string;
  /** The title: the match between the two sides. */
  title(teamA: string, teamB: string): string;
  resultTitle(teamA: string, teamB: string): string;
}

export const PUSH_WORDS: Record<Lang, PushWords> = {
  en: {
    started: (a, b) => `${a} v ${b} has started`,
    wicket: (player, score) => `Wicket! ${player} is out (${score})`,
    wicketTo: (player, bowler, score) => `Wicket! ${player} is out to ${bowler} (${score})`,
    milestone: (player, runs) => (runs === 50 ? `Fifty for ${player}` : `${runs === 100 ? 'Hundred' : `${runs} runs`} for ${player}`),
    fiveFor: (player, wickets) => `${player} takes ${wickets === 5 ? 'five' : wickets} wickets`,
    inningsEnd: (team, score) => `End of innings: ${team} ${score}`,
    title: (a, b) => `${a} v ${b}`,
    resultTitle: (a, b) => `Result: ${a} v ${b}`,
  },
  hi: {
    started: (a, b) => `${a} बनाम ${b} शुरू हो गया है`,
    wicket: (player, score) => `विकेट! ${player} आउट (${score})`,
    wicketTo: (player, bowler, score) => `विकेट! ${player} को ${bowler} ने आउट किया (${score})`,
    milestone: (player, runs) => (runs === 50 ? `${player} का अर्धशतक` : runs === 100 ? `${player} का शतक` : `${player} के ${runs} रन`),
    fiveFor: (player, wickets) => `${player} के ${wickets} विकेट`,
    inningsEnd: (team, score) => `पारी समाप्त: ${team} ${score}`,
    title: (a, b) => `${a} बनाम ${b}`,
    resultTitle: (a, b) => `नतीजा: ${a} बनाम ${b}`,
  },
};
