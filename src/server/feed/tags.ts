// The change feed's vocabulary, in one place. A writer publishes the tags of what it changed;
// every cached entry (service data, rendered pages) carries the tags of what it shows, and a
// publication drops exactly the entries carrying one of its tags.
//
//   match:{match_key}       one match's centre: detail, scorecard, commentary, squads
//   tournament:{tou_key}    one tournament: its page, points table, squads, player stats
//   player:{registry id}    one player's career and matches
//   team:{team_key}         what is computed across a team's matches (form, head to head)
//   home                    the home page's match list
//   fixtures                match lists by day and their pickers (years, teams)
//   tournaments             the tournament list and the series months
//   players                 lists and search over players
//   reels                   the reels shown to visitors (a reel ready or deleted)
//   data-currency           how current the imported data is (every page's footer): published
//                           once by an import that wrote Cricsheet matches, not by live balls
//   news                    news articles: lists, article pages, feeds (services/news.ts)
//   all                     everything: after a reconnect (messages may have been missed), or a
//                           write too wide to name (a tournament renamed shows on most pages)
export const tags = {
  match: (matchKey: string) => `match:${matchKey}`,
  tournament: (touKey: string) => `tournament:${touKey}`,
  player: (playerKey: string) => `player:${playerKey}`,
  team: (teamKey: string) => `team:${teamKey}`,
  home: 'home',
  fixtures: 'fixtures',
  tournaments: 'tournaments',
  players: 'players',
  reels: 'reels',
  dataCurrency: 'data-currency',
  news: 'news',
  all: 'all',
} as const;

/** The keys of what one commit wrote: matches with their tournaments, teams and players. */
export interface WrittenKeys {
  matches: Iterable<string>;
  tournaments: Iterable<string>;
  teams: Iterable<string>;
  players: Iterable<string>;
}

/** Tags of a write of whole matches (or of balls in them): each match, and every list that may show it. */
export function tagsOfWrittenMatches(written: WrittenKeys): string[] {
  return [
    ...[...written.matches].map(tags.match),
    ...[...written.tournaments].map(tags.tournament),
    ...[...written.teams].map(tags.team),
    ...[...written.players].map(tags.player),
    tags.home,
    tags.fixtures,
    tags.tournaments,
    tags.players,
  ];
}
