// Figures and ball symbols as the match pages print them, free of the dictionaries and the
// server so the live island can share them with the server-rendered components.
import { isAllOut } from '../server/domain/scorecard.ts';

/** Scorecard overs: '19.4', and a whole number of overs without '.0' ('20'). */
export function oversText([overs, balls]: readonly [number, number]): string {
  return balls === 0 ? String(overs) : `${overs}.${balls}`;
}

/** '184/6'; all out (domain isAllOut) prints the runs alone. */
export function scoreText(runs: number, wickets: number): string {
  return isAllOut(wickets) ? String(runs) : `${runs}/${wickets}`;
}

/** Two decimals; 'N/A' where a figure is missing. */
export function rate(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'N/A' : value.toFixed(2);
}

export type BallKind = 'wicket' | 'boundary' | 'other';

/** Badge of a commentary ball (spec §9): 'W' in red, fours and sixes green, the rest grey. */
export function ballBadge(ball: { runs: number; wicket: unknown; isFour: boolean; isSix: boolean }): { label: string; kind: BallKind } {
  if (ball.wicket) return { label: 'W', kind: 'wicket' };
  if (ball.isFour || ball.isSix) return { label: String(ball.runs), kind: 'boundary' };
  return { label: String(ball.runs), kind: 'other' };
}

/**
 * Kind of a ball symbol of an over ('1', '4', 'W', 'wd', '2nb', '4lb'): an upper-case W is a
 * wicket ('wd' is a wide), a bare 4 or 6 a boundary; extras stay grey.
 */
export function reprKind(symbol: string): BallKind {
  const s = symbol.trim();
  if (/W/.test(s) || s.toLowerCase() === 'wkt') return 'wicket';
  if (s === '4' || s === '6') return 'boundary';
  return 'other';
}
