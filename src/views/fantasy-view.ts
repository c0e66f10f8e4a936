// What the fantasy pages print: points (halves in the 2017 tables), signed breakdown points, and
// each breakdown line's label in the page's language.
import type { Lang } from '../i18n/index.ts';
import { t } from '../i18n/index.ts';
import type { FantasyLine } from '../server/domain/fantasy.ts';
import type { MatchFormat } from '../server/db/schema.ts';

export function pointsText(points: number): string {
  return Number.isInteger(points) ? String(points) : points.toFixed(1);
}

/** '+12', '−2' (a real minus sign), '0'. */
export function signedPoints(points: number): string {
  if (points > 0) return `+${pointsText(points)}`;
  if (points < 0) return `−${pointsText(-points)}`;
  return '0';
}

export function fantasyLineLabel(lang: Lang, line: FantasyLine): string {
  return t(lang, `fantasy.items.${line.item}`, { count: line.count });
}

export function fantasyFormatLabel(lang: Lang, format: MatchFormat): string {
  return t(lang, `fantasy.formats.${format}`);
}

export const TOP_FANTASY_PATH = '/matchTopFantasy';
