// Franchises that were renamed keep one team. Each entry maps a former name, as it
// appears in Cricsheet's info.teams, to the team's current name. Only true renames of
// the same franchise belong here, not a new franchise that replaced an old one
// (e.g. Deccan Chargers and Sunrisers Hyderabad, or Gujarat Lions and Gujarat Titans,
// are different teams). Applies to every gender and team type of that name.
export const teamRenames: Readonly<Record<string, string>> = {
  // Indian Premier League (men) and Women's Premier League
  'Delhi Daredevils': 'Delhi Capitals', // renamed for 2019
  'Kings XI Punjab': 'Punjab Kings', // renamed for 2021
  'Royal Challengers Bangalore': 'Royal Challengers Bengaluru', // renamed in March 2024
  'Rising Pune Supergiants': 'Rising Pune Supergiant', // spelling changed for 2017
  // International League T20 (UAE)
  'Sharjah Warriors': 'Sharjah Warriorz', // respelt for the 2025 season
  // Nepal Premier League
  'Kathmandu Gurkhas': 'Kathmandu Gorkhas', // respelt for the 2025 season
};

/** The current name of the team that played under `name`. */
export function canonicalTeamName(name: string): string {
  return teamRenames[name] ?? name;
}
