// Search (issue 10 §4; docs/decisions/033-search-and-records.md): players, teams, tournaments
// and venues by name.
import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '../../domain/search-terms.ts';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from '../../services/search.ts';
import { contract, envelope, gender, langParameter, optionalParameter, route } from './common.ts';

export const searchQuery = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'q is required' : 'q must be a single value') })
    .trim()
    .min(1, 'q is required')
    .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`)
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'q must not contain control characters')
    .meta({ description: "What to look for: a name or part of one ('kohli', 'V Kohli', 'virat kohli', 'mumbai indians', 'ashes')." }),
  limit: optionalParameter(
    z.coerce
      .number({ error: 'limit must be an integer' })
      .int('limit must be an integer')
      .min(1, `limit must be between 1 and ${MAX_SEARCH_LIMIT}`)
      .max(MAX_SEARCH_LIMIT, `limit must be between 1 and ${MAX_SEARCH_LIMIT}`),
  )
    .transform((value) => value ?? DEFAULT_SEARCH_LIMIT)
    .meta({ description: `How many hits at most (default ${DEFAULT_SEARCH_LIMIT}).` }),
  lang: langParameter.meta({ description: "Language of each hit's name (Devanagari in 'hi' where one is known) and url." }),
});

export const searchHit = contract(
  'SearchHit',
  z.object({
    kind: z.enum(['player', 'team', 'tournament', 'venue']),
    key: z.string().meta({ description: 'player_key, team key, tou_key, or the venue id.' }),
    name: z.string().meta({ description: "The name in the asked language: a player's full name when his profile is held ('Virat Kohli'), in Devanagari for lang=hi where known ('विराट कोहली'), else as Cricsheet writes it." }),
    full_name: z.string().nullable().meta({ description: "Addition: a player's full name from his profile; null without one." }),
    scorecard_name: z.string().nullable().meta({ description: "Addition: a player's name as scorecards write it ('V Kohli')." }),
    detail: z.string().nullable().meta({ description: "A player's latest team; a venue's city." }),
    gender: gender.nullable(),
    matches: z.number().int().meta({ description: 'Matches held here: what ranks hits of the same kind.' }),
    last_date: z.string().nullable().meta({ description: "'YYYY-MM-DD' of the latest of them." }),
    typo: z.boolean().meta({ description: "Addition: found by forgiving a typo in the query ('kholi' for 'kohli'); such hits come after the others." }),
    url: z.string().meta({ description: "The site's page for it: a player's page, a team's squad in its latest tournament, a series, a venue's latest match." }),
  }),
  'One thing found by name.',
);

export const searchRoutes = {
  search: route({
    paths: ['/search'],
    summary: 'Players, teams, tournaments and venues by name',
    tags: ['search'],
    querystring: searchQuery,
    response: envelope(z.array(searchHit).meta({ description: 'Best first: the name as asked, then every word as a word (not as an initial), then prominence (a player: matches held, international caps counting twice; a tournament: its series over every season), the latest first; then what forgiving a typo found.' })),
    notFound: false,
  }),
};
