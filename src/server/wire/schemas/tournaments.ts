// Series, statistics and fixtures (spec §3 Tournament, Player stats entry, Month group, Fixture
// day group; §7 tournaments, month groups, tournament detail, fixtures, player stats), plus two
// helpers of the fixtures page: years with matches and the team picker.
import { z } from 'zod';
import { MAX_KEY_LENGTH } from '../../store/naming.ts';
import { PLAYER_ROLES } from '../../domain/player-role.ts';
import {
  contract,
  envelope,
  format,
  formatParameter,
  formatType,
  formatTypeParameter,
  gender,
  keyParameter,
  langParameter,
  optionalParameter,
  pagingParameters,
  route,
} from './common.ts';
import { matchObject } from './match.ts';
import type { Format, MonthGroup, PlayerRole, TeamOption, TournamentListItem } from '../../services/tournament-types.ts';

export { format };

/** MyMatches sends the picked teams; more than this is not a person's favourites. */
const MAX_TEAMS = 50;

const tournamentKey = () =>
  keyParameter('tou_key').meta({ description: "The tournament key (event and season, e.g. 'indian-premier-league-2007-08')." });

// ---------- queries ----------

export const monthQuery = z.object({
  ...pagingParameters,
  format: formatParameter.meta({ description: 'Only this format.' }),
  format_type: formatTypeParameter.meta({ description: 'Addition: only tournaments with a match of this type (test, odi, t20i, first_class, list_a, t20, hundred).' }),
});

export const fixturesQuery = z.object({
  ...pagingParameters,
  format: formatParameter.meta({ description: 'Only this format.' }),
  format_type: formatTypeParameter.meta({ description: 'Addition: only matches of this type (test, odi, t20i, first_class, list_a, t20, hundred).' }),
  gender: optionalParameter(z.enum(['male', 'female'], { error: 'gender must be male or female' })).meta({
    description: 'Only men’s or women’s matches.',
  }),
  // The spec's filter modal says 'Domestic' where the data says 'club'; both spellings are taken.
  league: optionalParameter(
    z
      .enum(['international', 'club', 'domestic'], { error: 'league must be international, club or domestic' })
      .transform((league) => (league === 'domestic' ? 'club' : league)),
  ).meta({ description: "Addition: only international or club matches ('domestic' means club)." }),
  /** team=a,b or team=a&team=b: team keys (MyMatches' favourites). */
  team: optionalParameter(
    z
      .union([z.string(), z.array(z.string())], { error: 'team must be team keys separated by commas' })
      .transform((value) => [
        ...new Set(
          (Array.isArray(value) ? value : [value])
            .flatMap((part) => part.split(','))
            .map((key) => key.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(z.string().max(MAX_KEY_LENGTH, 'team keys are too long').regex(/^[a-z0-9-]+$/, 'team must be team keys separated by commas'))
          .max(MAX_TEAMS, `team takes at most ${MAX_TEAMS} team keys`),
      ),
  ).meta({ description: 'Addition: matches of any of these team keys, comma separated or repeated (MyMatches).' }),
  date: optionalParameter(
    z
      .string({ error: 'date must be a date as YYYY-MM-DD' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date as YYYY-MM-DD')
      // Date.parse takes '2024-02-31' (as 2 March): the day must read back unchanged.
      .refine((date) => {
        const time = Date.parse(`${date}T00:00:00Z`);
        return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date);
      }, 'date must be a date as YYYY-MM-DD'),
  ).meta({ description: 'Addition: start at this day and go back in time (the calendar jump).' }),
  lang: langParameter,
});

export const tournamentParams = z.object({ tou_key: tournamentKey() });
export const tournamentQuery = z.object({ lang: langParameter });
export const statsQuery = z.object({
  tou_key: tournamentKey(),
  format_type: formatTypeParameter.meta({
    description: "Addition: only this type's figures (a tour's Test, ODI and T20I series are kept apart; without it every type's entries come, each marked).",
  }),
});
const noQuery = z.object({});

// ---------- responses ----------

export const tournamentListItem = contract(
  'Tournament',
  z.object({
    tou_key: z.string(),
    short_name: z.string(),
    imgURl: z.string().nullable().meta({ description: 'Cricsheet has no artwork: null, and pages show a lettered tile.' }),
    name: z.string(),
    start_date: z.number().int().meta({ description: 'Epoch seconds.' }),
    last_scheduled_match_date: z.number().int(),
    /** Additions: formats played and the sides' gender, for filters. */
    formats: z.array(format),
    format_types: z.array(formatType).meta({ description: 'Addition: the types of its matches, in display order (Test, ODI, T20I, first-class, List A, T20, The Hundred).' }),
    gender,
    matches: z.number().int(),
  }),
  'A tournament, list form (spec §3).',
);

export const pointsRow = z.object({
  team: z.object({ name: z.string(), url: z.string(), code: z.string() }),
  played: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  tied: z.number().int(),
  no_result: z.number().int(),
  drawn: z.number().int().meta({ description: 'Addition: drawn matches (multi-day leagues); a draw is never a no result.' }),
  points: z.number().int().nullable().meta({ description: 'null in a multi-day league, whose bonus points are not computed.' }),
  net_run_rate: z
    .string()
    .nullable()
    .meta({ description: "Signed, three decimals, as a string ('+0.809', '-1.012'); null in a multi-day league (no net run rate)." }),
  position: z.number().int().meta({ description: 'Addition: position in the group.' }),
});

export const pointsGroup = z.object({ group: z.object({ name: z.string() }), points: z.array(pointsRow) });

export const pointsRound = contract(
  'PointsRound',
  z.object({
    tournament_round: z.object({ name: z.string() }),
    multi_day: z.boolean().meta({ description: 'Addition: a multi-day round, counted as won, lost, drawn and tied only (no points, no net run rate).' }),
    groups: z.array(pointsGroup),
  }),
);

const seriesSideWins = z.object({ team: z.object({ url: z.string(), name: z.string() }), wins: z.number().int() });

export const seriesResult = contract(
  'SeriesResult',
  z.object({
    text: z.string().meta({ description: "'India and England drew the 5-match Test series 2-2', in the language asked for." }),
    state: z.enum(['won', 'drawn', 'leads', 'level', 'under_way', 'to_come']),
    matches: z.number().int().meta({ description: 'Matches in the series, as far as the data shows (the highest match number, or the matches held).' }),
    completed: z.number().int(),
    wins: z.tuple([seriesSideWins, seriesSideWins]),
    draws: z.number().int(),
    ties: z.number().int(),
    no_results: z.number().int(),
    leader: z.string().nullable().meta({ description: 'The team key of the side that won or leads; null when level or drawn.' }),
  }),
  'The result of a bilateral series of one type.',
);

export const seriesPart = contract(
  'SeriesPart',
  z.object({
    format_type: formatType,
    match_keys: z.array(z.string()).meta({ description: 'Its matches, in playing order.' }),
    result: seriesResult.nullable().meta({ description: 'The series result when the tournament is bilateral; null in a competition.' }),
  }),
  "A tournament's matches of one type: a tour's Test series, ODI series, T20I series.",
);

export const playerRole = z.enum(PLAYER_ROLES);

export const squadPlayerCard = z.object({
  player_key: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: z.array(z.string()).meta({ description: 'Derived roles, most telling first (docs/decisions: player roles).' }),
  matches: z.number().int(),
});

export const tournamentTeam = contract(
  'TournamentTeam',
  z.object({
    url: z.string(),
    name: z.string(),
    code: z.string(),
    players: z.object({ bt: z.array(squadPlayerCard), bo: z.array(squadPlayerCard), ar: z.array(squadPlayerCard), wc: z.array(squadPlayerCard) }),
  }),
);

export const tournamentDetail = contract(
  'TournamentDetail',
  z.object({
    tournamentName: z.string(),
    tournamentKey: z.string(),
    shortName: z.string(),
    startDate: z.number().int(),
    lastScheduledMatchDate: z.number().int(),
    formats: z.array(format),
    format_types: z.array(formatType).meta({ description: 'Addition: the types of its matches, in display order.' }),
    gender,
    bilateral: z.boolean().meta({ description: 'Addition: two sides play all its matches (a tour): each type has a series result, and there is no points table.' }),
    series: z.array(seriesPart).meta({ description: 'Addition: its matches by type, each type a series (with its result when bilateral), in the order Test, ODI, T20I, first-class, List A, T20, The Hundred.' }),
    teamsDetails: z.object({
      matches: z.array(matchObject).meta({ description: 'Every match of the tournament in playing order.' }),
      teams: z.array(tournamentTeam).meta({ description: "The same as teams, where the provider's client reads them." }),
      tournamentPoints: z
        .array(pointsRound)
        .meta({ description: "The same as tournamentPoints, where the provider's client reads it: [] without a table, never absent." }),
    }),
    teams: z.array(tournamentTeam),
    tournamentPoints: z.array(pointsRound).meta({ description: 'Empty when the tournament has no league stage (a bilateral series, or knockout matches only).' }),
  }),
  'One tournament (spec §3 Tournament, detail form).',
);

export const monthGroup = contract('MonthGroup', z.object({ month: z.string().meta({ description: "'YYYY-MM'" }), data: z.array(tournamentListItem) }));

export const fixtureDayGroup = contract(
  'FixtureDayGroup',
  z.object({ date: z.string().meta({ description: "'YYYY-MM-DD'" }), matches: z.array(matchObject) }),
);

const rankedValue = z.object({ rank: z.number().int().nullable(), value: z.number().int() });

export const playerStatsEntry = contract(
  'PlayerStatsEntry',
  z.object({
    player_key: z.string(),
    player_name: z.string(),
    format_type: formatType.meta({ description: 'Addition: the type of the matches these figures are from; a player has an entry per type he played.' }),
    nationality: z
      .object({ name: z.string(), image: z.string().nullable(), code: z.string(), url: z.string() })
      .meta({ description: 'The side the player played for in the tournament (url: the team key).' }),
    performance: z.object({
      batting: z.object({
        most_runs: rankedValue,
        most_fours: z.object({ value: z.number().int() }),
        most_sixes: z.object({ value: z.number().int() }),
        /** Additions for the tables: innings, balls, strike rate. */
        innings: z.number().int(),
        balls: z.number().int(),
        strike_rate: z.number(),
      }),
      bowling: z.object({
        most_wickets: rankedValue,
        best_bowling: z
          .object({ runs: z.number().int(), wickets: z.number().int(), economy: z.number() })
          .meta({ description: "Best figures in one innings (most wickets, then fewest runs) and that innings' economy." }),
        most_maidens: z.object({ value: z.number().int() }),
        /** Additions: runs conceded, overs as 'O.B', economy over the tournament (runs per six balls). */
        runs: z.number().int(),
        /** Legal balls bowled, as called: a player who bowled is on the wickets list even without a wicket. */
        balls: z.number().int(),
        overs: z.string(),
        economy: z.number(),
      }),
    }),
  }),
  'One player of a tournament (spec §3 Player stats entry).',
);

export const teamOption = contract(
  'TeamOption',
  z.object({
    url: z.string(),
    name: z.string(),
    code: z.string(),
    gender,
    teamType: z.enum(['international', 'club']),
  }),
);

// ---------- routes ----------

const hasMore = z.boolean().meta({ description: 'Addition: another page follows.' });

export const tournamentRoutes = {
  list: route({
    paths: ['/get/all/tournaments'],
    summary: 'Every tournament, the one with the latest match day first',
    tags: ['series'],
    querystring: noQuery,
    response: envelope(z.array(tournamentListItem)),
    notFound: false,
  }),
  months: route({
    paths: ['/get/tournament/month'],
    summary: 'Tournaments grouped by the month they started, newest first; paging counts tournaments',
    tags: ['series'],
    querystring: monthQuery,
    response: envelope(z.array(monthGroup), { hasMore }),
    notFound: false,
  }),
  detail: route({
    paths: ['/get/tournament/:tou_key'],
    summary: 'One tournament: matches, squads with derived roles, points table',
    tags: ['series'],
    querystring: tournamentQuery,
    params: tournamentParams,
    response: envelope(tournamentDetail),
    notFound: true,
  }),
  fixtures: route({
    paths: ['/get/match/fixtures'],
    summary: 'Matches grouped by day, newest first; paging counts matches',
    tags: ['fixtures'],
    querystring: fixturesQuery,
    response: envelope(z.array(fixtureDayGroup), { hasMore }),
    notFound: false,
  }),
  fixtureYears: route({
    paths: ['/get/fixture/years'],
    summary: 'Addition: years with matches, newest first (the fixtures calendar)',
    tags: ['fixtures'],
    querystring: noQuery,
    response: envelope(z.array(z.number().int())),
    notFound: false,
  }),
  teams: route({
    paths: ['/get/teams'],
    summary: "Addition: every team by name (MyMatches' team picker)",
    tags: ['fixtures'],
    querystring: noQuery,
    response: envelope(z.array(teamOption)),
    notFound: false,
  }),
  playerStats: route({
    paths: ['/tournamentwise/player/stats'],
    summary: 'Batting and bowling of every player of a tournament, with shared ranks',
    tags: ['series'],
    querystring: statsQuery,
    response: envelope(z.array(playerStatsEntry)),
    notFound: true,
  }),
};

// The read model's list shapes (services/tournament-types.ts) are what these schemas give, exactly:
// a change to either side that the other does not follow fails the type-check here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const readModelShapes: [
  Same<z.output<typeof format>, Format>,
  Same<z.output<typeof playerRole>, PlayerRole>,
  Same<z.output<typeof tournamentListItem>, TournamentListItem>,
  Same<z.output<typeof monthGroup>, MonthGroup>,
  Same<z.output<typeof teamOption>, TeamOption>,
] = [true, true, true, true, true];
void readModelShapes;
