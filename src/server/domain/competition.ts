// One competition under its names (issue 28 §4): the ICC renamed its world events over the
// years and Cricsheet files each edition under the name it had then ('ICC World Cup' in 2003,
// 'World Cup' in 2019, 'ICC Cricket World Cup' in 2023). Records and series histories join the
// names into one competition, named as it is now; each edition keeps its own name.

/** The competition's name now, for each earlier name Cricsheet's event names use. */
const EARLIER_NAMES: Record<string, readonly string[]> = {
  'ICC Cricket World Cup': ['ICC World Cup', 'World Cup'],
  "ICC Men's T20 World Cup": ['ICC World Twenty20', 'World T20'],
  "ICC Women's T20 World Cup": ["ICC Women's World Twenty20", "Women's World T20"],
};

const CURRENT_NAME = new Map(Object.entries(EARLIER_NAMES).flatMap(([current, names]) => names.map((name) => [name, current] as const)));

/** The competition an event name belongs to, by its name now: 'World T20' → "ICC Men's T20 World Cup". */
export function competitionOf(eventName: string): string {
  return CURRENT_NAME.get(eventName) ?? eventName;
}

/** Each earlier event name with the competition's name now. */
export function renamedEvents(): [earlier: string, current: string][] {
  return [...CURRENT_NAME];
}

/** Every event name a competition has been played under, its current one first. */
export function eventNamesOf(competition: string): string[] {
  const current = competitionOf(competition);
  return [current, ...(EARLIER_NAMES[current] ?? [])];
}
