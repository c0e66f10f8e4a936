// Fantasy points (issue 12 §2, docs/decisions/038-fantasy-points.md): a match's points per
// player with the breakdown, and the Top Fantasy Points page's tabs.
import { z } from 'zod';
import { FANTASY_ITEMS } from '../../domain/fantasy.ts';
import { TOP_FANTASY_TABS } from '../../services/match-centre-types.ts';
import { contract, envelope, keyParameter, optionalParameter, playerRef, route, teamSide } from './common.ts';

export const fantasyQuery = z.object({
  match_key: keyParameter('match_key').meta({ description: 'The match key (the Cricsheet match id, e.g. 1455615).' }),
});

export const topFantasyQuery = fantasyQuery.extend({
  tab: optionalParameter(z.enum(TOP_FANTASY_TABS, { error: `tab must be one of ${TOP_FANTASY_TABS.join(', ')}` }))
    .transform((value) => value ?? 'all')
    .meta({ description: "all (every earlier match of the format), last (the last five), venue (at this match's venue), vs (against this opponent)." }),
});

export const fantasyLine = z.object({
  item: z.enum(FANTASY_ITEMS),
  count: z.number().meta({ description: 'How many (runs, wickets, catches...); the rate for strike_rate and economy; the step reached for milestone and haul.' }),
  points: z.number(),
});

export const matchFantasy = contract(
  'MatchFantasy',
  z.object({
    rules: z.string().meta({ description: "The rules version, e.g. 'dream11-2023'." }),
    players: z
      .array(z.object({ player: playerRef, team: teamSide, points: z.number(), breakdown: z.array(fantasyLine) }))
      .meta({ description: 'Every listed player, most points first; empty before the first ball.' }),
  }),
  'Fantasy points of every player of a match with their breakdown.',
);

export const topFantasy = contract(
  'TopFantasy',
  z.object({
    rules: z.string(),
    tab: z.enum(TOP_FANTASY_TABS),
    squad_from: z.enum(['match', 'previous']).meta({ description: "previous: no XI named yet, each side's players of its latest earlier match." }),
    players: z.array(
      z.object({
        player: playerRef,
        team: teamSide,
        matches: z.number().int(),
        total: z.number(),
        average: z.number(),
        best: z.number(),
        recent: z.array(z.object({ match_key: z.string(), start_date: z.string(), opponent: z.string(), points: z.number() })),
      }),
    ).meta({ description: 'Best average first; earlier completed matches of the same format only.' }),
  }),
  "The sides' players by fantasy points in earlier matches.",
);

export const fantasyRoutes = {
  match: route({
    paths: ['/match/fantasy'],
    summary: 'Fantasy points of every player of a match, with the breakdown',
    tags: ['match centre'],
    querystring: fantasyQuery,
    response: envelope(matchFantasy),
    notFound: true,
  }),
  top: route({
    paths: ['/match/fantasy/top'],
    summary: "Top Fantasy Points: the sides' players by points in earlier matches (all, last five, at the venue, against the opponent)",
    tags: ['match centre'],
    querystring: topFantasyQuery,
    response: envelope(topFantasy),
    notFound: true,
  }),
};
