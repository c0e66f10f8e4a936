// Cricsheet has no team logos: a team's badge is its code on a colour made from its key, the same
// on every page (TeamBadge.astro) and in the live island.

/** The badge's hue (0-359) for a team key. */
export function badgeHue(teamKey: string): number {
  let hash = 0;
  for (const ch of teamKey) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}
