// Series, statistics and fixtures resources of the provider API (spec §7): the tournament
// list, one tournament, tournaments by month, fixtures by day, per-tournament player stats,
// plus two small helpers of the fixtures page (years with matches, the team picker).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { ApiError } from './errors.ts';
import { keyParameter, langParameter, parseQuery } from './query.ts';

/** Page size when the caller sends none (the calendar calls the month list without paging). */
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
/** MyMatches sends the picked teams; more than this is not a person's favourites. */
const MAX_TEAMS = 50;

/** An empty query value ('?format=') counts as absent, as the pages' forms send it. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

function integerParameter(name: string, min: number, max: number | undefined, fallback: number) {
  const range = max === undefined ? `${name} must be ${min} or more` : `${name} must be between ${min} and ${max}`;
  const integer = z.coerce
    .number({ error: `${name} must be an integer` })
    .int(`${name} must be an integer`)
    .min(min, range);
  return optional(max === undefined ? integer : integer.max(max, range)).transform((value) => value ?? fallback);
}

const pagingParameters = {
  limit: integerParameter('limit', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  offset: integerParameter('offset', 0, undefined, 0),
  format: optional(z.enum(['t20', 'oneday', 'test'], { error: 'format must be t20, oneday or test' })),
};

const monthQuery = z.object(pagingParameters);

// The spec's filter modal says 'Domestic' where the data says 'club'; both spellings are taken.
const leagueParameter = optional(
  z
    .enum(['international', 'club', 'domestic'], { error: 'league must be international, club or domestic' })
    .transform((league) => (league === 'domestic' ? 'club' : league)),
);

/** team=a,b or team=a&team=b: team keys (MyMatches' favourites). */
const teamsParameter = optional(
  z
    .union([z.string(), z.array(z.string())], { error: 'team must be team keys separated by commas' })
    .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((key) => key.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9-]{1,64}$/, 'team must be team keys separated by commas'))
        .max(MAX_TEAMS, `team takes at most ${MAX_TEAMS} team keys`),
    ),
);

const dateParameter = optional(
  z
    .string({ error: 'date must be a date as YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date as YYYY-MM-DD')
    // Date.parse takes '2024-02-31' (as 2 March): the day must read back unchanged.
    .refine((date) => {
      const time = Date.parse(`${date}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date);
    }, 'date must be a date as YYYY-MM-DD'),
);

const fixturesQuery = z.object({
  ...pagingParameters,
  gender: optional(z.enum(['male', 'female'], { error: 'gender must be male or female' })),
  league: leagueParameter,
  team: teamsParameter,
  date: dateParameter,
  lang: langParameter,
});

const tournamentParams = z.object({ tou_key: keyParameter('tou_key') });
const tournamentQuery = z.object({ lang: langParameter });
const statsQuery = z.object({ tou_key: keyParameter('tou_key') });

const unknownTournament = (key: string) => new ApiError(404, `No tournament with key ${key}`);

export function registerTournamentRoutes(api: FastifyInstance, services: Services): void {
  const tournaments = services.tournaments;

  api.get('/get/all/tournaments', async () => ({ status: true, data: await tournaments.list() }));

  // A static path wins over the parametric one below in Fastify's router, whatever the order;
  // it is registered first all the same, so the intent reads top to bottom.
  api.get('/get/tournament/month', async (request) => {
    const { limit, offset, format } = parseQuery(monthQuery, request.query);
    const { groups, hasMore } = await tournaments.months({ limit, offset }, { format });
    return { status: true, data: groups, hasMore };
  });

  api.get('/get/tournament/:tou_key', async (request) => {
    const { tou_key } = parseQuery(tournamentParams, request.params);
    const { lang } = parseQuery(tournamentQuery, request.query);
    const detail = await tournaments.detail(tou_key, lang);
    if (!detail) throw unknownTournament(tou_key);
    return { status: true, data: detail };
  });

  api.get('/get/match/fixtures', async (request) => {
    const { limit, offset, format, gender, league, team, date, lang } = parseQuery(fixturesQuery, request.query);
    const { groups, hasMore } = await tournaments.fixtures(
      { limit, offset },
      { format, gender, teamType: league, teams: team, from: date },
      lang,
    );
    return { status: true, data: groups, hasMore };
  });

  api.get('/get/fixture/years', async () => ({ status: true, data: await tournaments.fixtureYears() }));

  api.get('/get/teams', async () => ({ status: true, data: await tournaments.teams() }));

  api.get('/tournamentwise/player/stats', async (request) => {
    const { tou_key } = parseQuery(statsQuery, request.query);
    const stats = await tournaments.playerStats(tou_key);
    if (!stats) throw unknownTournament(tou_key);
    return { status: true, data: stats };
  });
}
