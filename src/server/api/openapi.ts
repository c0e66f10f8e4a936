// The provider API described as an OpenAPI 3.1 document, served at /user/v1/openapi.json.
// Written by hand as a typed object next to the routes; a test checks that every route
// registered under /user/v1 is in it. Schemas follow match-centre-types.ts and
// match-object.ts: the main fields, not every nested detail.
import type { FastifyInstance } from 'fastify';

/** The JSON Schema subset (2020-12, as OpenAPI 3.1 uses it) this document needs. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null' | ('object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null')[];
  $ref?: string;
  description?: string;
  enum?: readonly (string | number | boolean | null)[];
  const?: string | number | boolean;
  default?: string | number | boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: readonly JsonSchema[];
  minItems?: number;
  maxItems?: number;
  oneOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  examples?: readonly unknown[];
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

export interface ResponseObject {
  description: string;
  content?: { 'application/json': { schema: JsonSchema } };
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: ParameterObject[];
  responses: Record<string, ResponseObject | { $ref: string }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string }[];
  paths: Record<string, { get: OperationObject }>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
  };
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string): JsonSchema => ({ type: 'string', ...(description && { description }) });
const int = (description?: string): JsonSchema => ({ type: 'integer', ...(description && { description }) });
const num = (description?: string): JsonSchema => ({ type: 'number', ...(description && { description }) });
const bool = (description?: string): JsonSchema => ({ type: 'boolean', ...(description && { description }) });
const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });
const arrayOf = (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description && { description }) });
const side: JsonSchema = { type: 'string', enum: ['a', 'b'] };
/** An object whose listed properties are all required. */
const object = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  ...(description && { description }),
});
const bySide = (schema: JsonSchema): JsonSchema => object({ a: schema, b: schema });
const format: JsonSchema = { type: 'string', enum: ['t20', 'oneday', 'test'] };

const matchKeyParameter: ParameterObject = {
  name: 'match_key',
  in: 'query',
  required: true,
  description: 'The match key (the Cricsheet match id, e.g. 1455615).',
  schema: { type: 'string', minLength: 1, maxLength: 64 },
};
const langParameter: ParameterObject = {
  name: 'lang',
  in: 'query',
  required: false,
  description: 'Language of texts (result, dismissals, commentary, notes).',
  schema: { type: 'string', enum: ['en', 'hi'], default: 'en' },
};
const playerKeyParameter: ParameterObject = {
  name: 'player_key',
  in: 'query',
  required: true,
  description: 'The player key (Cricsheet registry id, 8 hex digits).',
  schema: { type: 'string', minLength: 1, maxLength: 64 },
};

const tournamentKeyDescription = "The tournament key (event and season, e.g. 'indian-premier-league-2007-08').";
const tournamentKeySchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 64 };
const pagingParameters: ParameterObject[] = [
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: 'Page size.',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 30 },
  },
  {
    name: 'offset',
    in: 'query',
    required: false,
    description: 'How many to skip (the pages step by 30).',
    schema: { type: 'integer', minimum: 0, default: 0 },
  },
  { name: 'format', in: 'query', required: false, description: 'Only this format.', schema: format },
];

/** The success envelope of every resource: { status: true, data }. */
const envelope = (data: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema =>
  object({ status: { const: true, type: 'boolean' }, data, ...extra });

const ok = (description: string, data: JsonSchema, extra?: Record<string, JsonSchema>): ResponseObject => ({
  description,
  content: { 'application/json': { schema: envelope(data, extra) } },
});

const errorResponses = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '500': { $ref: '#/components/responses/ServerError' },
};
const notFound = { '404': { $ref: '#/components/responses/NotFound' } };

const schemas: Record<string, JsonSchema> = {
  Error: object(
    {
      status: { type: 'boolean', const: false },
      message: str('What went wrong, safe to show.'),
      errMsg: str('The same message (the spec reads errMsg).'),
    },
    'The one error shape of the API.',
  ),
  Overs: {
    type: 'array',
    prefixItems: [int('Whole overs'), int('Balls of the over in progress')],
    minItems: 2,
    maxItems: 2,
    description: '[overs, balls]: 118 balls is [19, 4].',
  },
  PlayerRef: object({ key: str('Player key (registry id)'), name: str() }),
  Team: object({ url: str('Team key'), code: str(), name: str() }),
  InningsScore: object({
    score: object({ runs: int(), wickets: int(), overs: ref('Overs') }),
    index: int('Position of the innings in the match'),
    declared: bool(),
    forfeited: bool(),
  }),
  Match: object(
    {
      match_id: int(),
      match_key: str(),
      tou_key: str(),
      tou_name: str(),
      tou_short_name: str(),
      sub_title: str(),
      format,
      status: { type: 'string', enum: ['not_started', 'started', 'completed'] },
      start_at: int('Epoch seconds (midnight UTC of the first day; see start_time_known).'),
      start_time_known: bool(),
      venue: nullable(object({ name: str(), city: str() })),
      weather: { type: 'null' },
      toss: nullable(str('JSON string { winner: "a"|"b", elected: "bat"|"field" }')),
      team: bySide(ref('Team')),
      play: object({
        innings: {
          type: 'object',
          description: 'Keys a_1, a_2, b_1, b_2 in batting order; super overs left out.',
          additionalProperties: ref('InningsScore'),
        },
        result: nullable(
          object({
            msg: str(),
            winner: nullable(side),
            win_by: nullable(int()),
            result_type: nullable(str()),
            pom: arrayOf(str(), 'Player(s) of the match by name'),
          }),
        ),
        live: nullable({ type: 'object', description: 'State of a match in progress (striker, score, required rate, recent overs).' }),
        day_number: nullable(int()),
        target: nullable(object({ runs: int(), overs: ref('Overs') })),
      }),
    },
    'A match (spec §3 Match).',
  ),
  MatchDetail: {
    allOf: [
      ref('Match'),
      object({
        officials: object({
          umpires: arrayOf(ref('PlayerRef')),
          tv_umpires: arrayOf(ref('PlayerRef')),
          reserve_umpires: arrayOf(ref('PlayerRef')),
          match_referees: arrayOf(ref('PlayerRef')),
        }),
        player_of_match: arrayOf(ref('PlayerRef')),
        toss_text: nullable(str()),
        dates: arrayOf(str('YYYY-MM-DD')),
        gender: { type: 'string', enum: ['male', 'female'] },
        match_type: str('Cricsheet match type: Test, ODI, T20, IT20, MDM, ODM'),
        notes: arrayOf(str(), 'Follow-on, declarations, rain rule... one line each.'),
      }),
    ],
  },
  Dismissal: object({
    msg: str("'c Fielder b Bowler', 'not out', 'retired hurt'..."),
    wicket_number: nullable(int()),
    team_runs: nullable(int()),
    overs: nullable(ref('Overs')),
  }),
  ScorecardBatter: object({
    player: ref('PlayerRef'),
    score: {
      type: 'object',
      description: 'Keyed by the innings index of the scorecard.',
      additionalProperties: object({
        batting: object({
          score: object({ runs: int(), balls: int(), fours: int(), sixes: int(), strike_rate: num() }),
          dismissal: ref('Dismissal'),
        }),
      }),
    },
  }),
  ScorecardBowler: object({
    player: ref('PlayerRef'),
    score: {
      type: 'object',
      description: 'Keyed by the innings index of the scorecard.',
      additionalProperties: object({
        bowling: object({
          score: object({
            overs: ref('Overs'),
            maiden_overs: int(),
            runs: int(),
            wickets: int(),
            economy: num(),
            wides: int(),
            no_balls: int(),
            dots: int(),
          }),
        }),
      }),
    },
  }),
  Partnership: object({
    for_wicket: int(),
    player_a_key: str(),
    player_a_name: str(),
    player_a_score: object({ runs: int(), balls: int() }),
    player_b_key: str(),
    player_b_name: str(),
    player_b_score: object({ runs: int(), balls: int() }),
    score: object({ runs: int(), balls: int() }),
    unbroken: bool(),
  }),
  ScorecardInnings: object({
    index: int(),
    innings_no: int(),
    batting_team: side,
    team: object({ code: str(), name: str() }),
    super_over: bool(),
    declared: bool(),
    forfeited: bool(),
    follow_on: bool(),
    total: object({ runs: int(), wickets: int(), overs: ref('Overs'), run_rate: num() }),
    target: nullable(object({ runs: int(), overs: ref('Overs') })),
    batsman: arrayOf(ref('ScorecardBatter')),
    did_not_bat: arrayOf(ref('PlayerRef')),
    bowler: arrayOf(ref('ScorecardBowler')),
    extraRun: object({ extra: int(), no_ball: int(), wide: int(), leg_bye: int(), bye: int(), penalty: int() }),
    fall_of_wickets: arrayOf(object({ wicket_number: int(), player: ref('PlayerRef'), team_runs: int(), overs: ref('Overs') })),
    partnerships: arrayOf(ref('Partnership')),
  }),
  Scorecard: {
    type: 'object',
    description: 'Innings in playing order (super overs last): teamA..teamD, then more.',
    properties: {
      nationality: arrayOf(object({ code: str(), name: str(), team: side, score: object({ runs: int(), wickets: int(), overs: ref('Overs') }) })),
      teamA: ref('ScorecardInnings'),
      teamB: ref('ScorecardInnings'),
      teamC: ref('ScorecardInnings'),
      teamD: ref('ScorecardInnings'),
      more: arrayOf(ref('ScorecardInnings')),
    },
    required: ['nationality', 'more'],
  },
  CommentaryEntry: object({
    entry_time: int('Ordering key: position of the ball in the match.'),
    innings_no: int(),
    overs: ref('Overs'),
    bowler: object({ key: str(), name: str(), is_wicket: bool(), runs: int() }),
    batsman: object({ key: str(), name: str(), runs: int(), is_four: bool(), is_six: bool() }),
    wicket: nullable(object({ player_key: str(), player_name: str(), kind: str() })),
    runs: int(),
    comment: str('HTML limited to <b>, <strong>, <em>, <br>.'),
    over_summary: nullable({ type: 'object', description: 'On the last ball of an over: runs, wickets, score, bowler figures, batters, balls.' }),
  }),
  Commentary: object({ related_balls: arrayOf(ref('CommentaryEntry'), 'Newest first.') }),
  SquadTeam: object({
    name: str(),
    code: str(),
    url: str('Team key'),
    players: arrayOf(
      object({
        player_key: str(),
        player_name: str(),
        image: nullable(str()),
        role_in_match: str("'Batted at 3 · 45 (32) · Bowled 4-0-32-2', 'Did not bat'"),
      }),
    ),
  }),
  Squad: object({ team: bySide(ref('SquadTeam')) }),
  FormResult: object({
    match_key: str(),
    result: { type: 'string', enum: ['W', 'L', 'T', 'NR', 'D'] },
    opponent: str(),
    start_date: str('YYYY-MM-DD'),
  }),
  MatchInfo: object({
    venue: nullable(object({ name: str(), city: str() })),
    form: bySide(arrayOf(ref('FormResult'), 'Last five completed results before this match, newest first.')),
    head_to_head: object({
      played: int(),
      won: bySide(int()),
      tied: int(),
      no_result: int(),
      drawn: int(),
      last: arrayOf(ref('Match'), 'Last ten meetings before this match, newest first.'),
    }),
    recent: arrayOf(ref('Match'), "Both sides' latest matches before this one (at most 6)."),
  }),
  CareerBatting: {
    type: 'object',
    properties: {
      matches: int(), innings: int(), runs: int(), high_score: str("e.g. '158*'"), hundreds: int(), fifties: int(),
      strike_rate: num(), average: nullable(num()), fours: int(), sixes: int(), ducks: int(), not_outs: int(), balls: int(),
    },
  },
  CareerBowling: {
    type: 'object',
    properties: {
      matches: int(), innings: int(), wickets: int(), best_str: nullable(str("e.g. '5/27'")), overs: str(), runs: int(),
      economy: nullable(num()), average: nullable(num()), strike_rate: nullable(num()), three_wickets: int(),
      five_wickets: int(), ten_wickets: int(), maidens: int(), balls: int(),
    },
  },
  PlayerOverview: object({
    stats: arrayOf(object({ formet: format, batting: ref('CareerBatting'), bowling: ref('CareerBowling') })),
    player: object({
      player_key: str(),
      player_name: str(),
      image: nullable(str()),
      date_of_birth: nullable(str()),
      nationality: nullable(object({ name: str(), code: str() })),
      teams: arrayOf(object({ name: str(), url: str() })),
      gender: { type: 'string', enum: ['male', 'female'] },
    }),
  }),
  PlayerInfoTournament: {
    type: 'object',
    properties: {
      tou_key: str(),
      tou_name: str(),
      imgURl: nullable(str()),
      formats: arrayOf(format),
      start_date: int('Epoch seconds'),
      last_scheduled_match_date: int('Epoch seconds'),
      countries: arrayOf(str()),
      totalMatch: int(),
      totalRun: int(),
      totalstrike_rate: num(),
      totalRunAvg: nullable(num()),
      wickets: int(),
      match: arrayOf({
        type: 'object',
        properties: {
          match_key: str(),
          name: str(),
          start_at: int('Epoch seconds'),
          format,
          score: { type: 'object', description: 'score.score[index].batting.score {runs, balls, not_out} and/or .bowling.score {wickets, runs, overs}.' },
        },
      }),
    },
  },
  PlayerInfo: object({ finalData: arrayOf(ref('PlayerInfoTournament')) }),
  Tournament: object(
    {
      tou_key: str(),
      short_name: str(),
      imgURl: nullable(str('Cricsheet has no artwork: always null.')),
      name: str(),
      start_date: int('Epoch seconds (first day)'),
      last_scheduled_match_date: int('Epoch seconds (last day played)'),
      formats: arrayOf(format, 'Addition: formats played, t20 then oneday then test.'),
      gender: { type: 'string', enum: ['male', 'female'] },
      matches: int('Addition: number of matches.'),
    },
    'A tournament, list form (spec §3 Tournament).',
  ),
  PointsRow: object({
    team: object({ name: str(), url: str('Team key'), code: str() }),
    played: int(),
    won: int(),
    lost: int(),
    tied: int(),
    no_result: int('No results, and draws in multi-day leagues.'),
    points: int(),
    net_run_rate: str("Signed, three decimals: '+0.809'."),
    position: int('Addition: 1-based position in the group.'),
  }),
  PointsRound: object({
    tournament_round: object({ name: str("'League', 'Group Stage', 'Super Eight', 'Final', 'Qualifiers', 'Eliminator'...") }),
    groups: arrayOf(object({ group: object({ name: str() }), points: arrayOf(ref('PointsRow')) })),
  }),
  SquadPlayerCard: object({
    player_key: str(),
    name: str(),
    image: nullable(str()),
    role: arrayOf(str(), 'Roles derived from the tournament, most telling first, in the language asked for.'),
    matches: int('Matches played in the tournament.'),
  }),
  TournamentTeam: object({
    url: str('Team key'),
    name: str(),
    code: str(),
    players: object({
      bt: arrayOf(ref('SquadPlayerCard'), 'Batters'),
      bo: arrayOf(ref('SquadPlayerCard'), 'Bowlers'),
      ar: arrayOf(ref('SquadPlayerCard'), 'All-rounders'),
      wc: arrayOf(ref('SquadPlayerCard'), 'Wicket-keepers'),
    }),
  }),
  TournamentDetail: object(
    {
      tournamentName: str(),
      tournamentKey: str(),
      shortName: str(),
      startDate: int('Epoch seconds'),
      lastScheduledMatchDate: int('Epoch seconds'),
      formats: arrayOf(format),
      gender: { type: 'string', enum: ['male', 'female'] },
      teamsDetails: object({ matches: arrayOf(ref('Match'), 'Every match in playing order.') }),
      teams: arrayOf(ref('TournamentTeam')),
      tournamentPoints: arrayOf(ref('PointsRound'), 'Empty when no match has a result yet.'),
    },
    'A tournament, detail form (spec §3 Tournament).',
  ),
  MonthGroup: object({ month: str('YYYY-MM'), data: arrayOf(ref('Tournament'), 'Tournaments that started that month.') }),
  FixtureDayGroup: object({ date: str('YYYY-MM-DD'), matches: arrayOf(ref('Match')) }),
  PlayerStatsEntry: object(
    {
      player_key: str(),
      player_name: str(),
      nationality: object({ name: str('The side played for in the tournament'), image: nullable(str()), code: str(), url: str('The team key') }),
      performance: object({
        batting: object({
          most_runs: object({ rank: nullable(int('Shared on equal runs; null when the player did not bat.')), value: int() }),
          most_fours: object({ value: int() }),
          most_sixes: object({ value: int() }),
          innings: int(),
          balls: int(),
          strike_rate: num(),
        }),
        bowling: object({
          most_wickets: object({ rank: nullable(int('Shared on equal wickets; null without a wicket.')), value: int() }),
          best_bowling: object(
            { runs: int(), wickets: int(), economy: num() },
            'Best figures in one innings (most wickets, then fewest runs) and that innings’ economy.',
          ),
          most_maidens: object({ value: int() }),
          runs: int('Addition: runs conceded'),
          overs: str("Addition: overs bowled, 'O.B'"),
          economy: num('Addition: runs per six balls over the tournament'),
        }),
      }),
    },
    'One player of a tournament (spec §3 Player stats entry); super overs left out.',
  ),
  TeamOption: object({
    url: str('Team key'),
    name: str(),
    code: str(),
    gender: { type: 'string', enum: ['male', 'female'] },
    teamType: { type: 'string', enum: ['international', 'club'] },
  }),
};

const errorContent = { 'application/json': { schema: ref('Error') } };

function matchOperation(operationId: string, summary: string, data: JsonSchema, description?: string): OperationObject {
  return {
      operationId,
      summary,
      ...(description && { description }),
      tags: ['match centre'],
      parameters: [matchKeyParameter, langParameter],
      responses: { '200': ok(summary, data), ...errorResponses, ...notFound },
  };
}

const scorecard = (operationId: string) =>
  matchOperation(operationId, 'Scorecard of every innings', ref('Scorecard'), 'Batting, bowling, extras, fall of wickets and partnerships per innings.');
const commentary = (operationId: string) =>
  matchOperation(operationId, 'Ball-by-ball commentary, newest first', ref('Commentary'));

/** The document for the API mounted at prefix ('/user/v1'). */
export function openApiDocument(prefix: string): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cricket provider API',
      version: '1.0.0',
      description:
        'Matches, match centre, players, series, statistics and fixtures from Cricsheet ball-by-ball data. Every success is { status: true, data }; every error { status: false, message, errMsg } with a matching HTTP status.',
      license: { name: 'Data: Open Data Commons Attribution License (Cricsheet)', identifier: 'ODC-By-1.0' },
    },
    servers: [{ url: prefix }],
    paths: {
      '/get/all/matches': {
        get: {
          operationId: 'listMatches',
          summary: 'Matches for the home page: live, then upcoming, then latest completed (at most 20)',
          tags: ['matches'],
          parameters: [langParameter],
          responses: { '200': ok('The matches', arrayOf(ref('Match'))), ...errorResponses },
        },
      },
      '/match/detail': { get: matchOperation('matchDetail', 'One match with officials, awards, toss and notes', ref('MatchDetail')) },
      '/scorecard/': { get: scorecard('scorecard') },
      '/scorecard': { get: scorecard('scorecardNoSlash') },
      '/get/commentory/': { get: commentary('commentary') },
      '/get/commentory': { get: commentary('commentaryNoSlash') },
      '/get/squad': { get: matchOperation('squad', 'Both sides with their players and what each did', ref('Squad')) },
      '/match/info': {
        get: matchOperation('matchInfo', 'Info tab: venue, form, head to head, recent matches', ref('MatchInfo')),
      },
      '/player/info': {
        get: {
          operationId: 'playerInfo',
          summary: "A player's matches grouped by tournament",
          tags: ['players'],
          parameters: [playerKeyParameter],
          responses: {
            '200': ok('Tournaments with the matches played', ref('PlayerInfo'), { finalData: arrayOf(ref('PlayerInfoTournament'), 'Same as data.finalData (the spec reads it at the top level).') }),
            ...errorResponses,
            ...notFound,
          },
        },
      },
      '/player/overview': {
        get: {
          operationId: 'playerOverview',
          summary: 'Career batting and bowling per format, and the player',
          tags: ['players'],
          parameters: [
            playerKeyParameter,
            {
              name: 'ass_key',
              in: 'query',
              required: false,
              description: 'Lowercased association code as the spec sends it; accepted, not used to filter.',
              schema: { type: 'string', minLength: 2, maxLength: 10 },
            },
          ],
          responses: { '200': ok('The overview', ref('PlayerOverview')), ...errorResponses, ...notFound },
        },
      },
      '/get/all/tournaments': {
        get: {
          operationId: 'listTournaments',
          summary: 'Every tournament, the one with the latest match day first',
          tags: ['series'],
          parameters: [],
          responses: { '200': ok('The tournaments', arrayOf(ref('Tournament'))), ...errorResponses },
        },
      },
      '/get/tournament/month': {
        get: {
          operationId: 'tournamentsByMonth',
          summary: 'Tournaments grouped by the month they started, newest first; paging counts tournaments',
          tags: ['series'],
          parameters: pagingParameters,
          responses: {
            '200': ok('A page of month groups', arrayOf(ref('MonthGroup')), { hasMore: bool('Addition: another page follows.') }),
            ...errorResponses,
          },
        },
      },
      '/get/tournament/{tou_key}': {
        get: {
          operationId: 'tournamentDetail',
          summary: 'One tournament: matches, squads with derived roles, points table',
          tags: ['series'],
          parameters: [
            { name: 'tou_key', in: 'path', required: true, description: tournamentKeyDescription, schema: tournamentKeySchema },
            langParameter,
          ],
          responses: { '200': ok('The tournament', ref('TournamentDetail')), ...errorResponses, ...notFound },
        },
      },
      '/get/match/fixtures': {
        get: {
          operationId: 'fixtures',
          summary: 'Matches grouped by day, newest first; paging counts matches',
          tags: ['fixtures'],
          parameters: [
            ...pagingParameters,
            { name: 'gender', in: 'query', required: false, description: 'Only men’s or women’s matches.', schema: { type: 'string', enum: ['male', 'female'] } },
            {
              name: 'league',
              in: 'query',
              required: false,
              description: "Addition: only international or club matches ('domestic' means club).",
              schema: { type: 'string', enum: ['international', 'club', 'domestic'] },
            },
            {
              name: 'team',
              in: 'query',
              required: false,
              description: 'Addition: matches of any of these team keys, comma separated or repeated (MyMatches).',
              schema: { type: 'string' },
            },
            {
              name: 'date',
              in: 'query',
              required: false,
              description: 'Addition: start at this day and go back in time (the calendar jump).',
              schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
            },
            langParameter,
          ],
          responses: {
            '200': ok('A page of day groups', arrayOf(ref('FixtureDayGroup')), { hasMore: bool('Addition: another page follows.') }),
            ...errorResponses,
          },
        },
      },
      '/get/fixture/years': {
        get: {
          operationId: 'fixtureYears',
          summary: 'Addition: years with matches, newest first (the fixtures calendar)',
          tags: ['fixtures'],
          parameters: [],
          responses: { '200': ok('The years', arrayOf(int())), ...errorResponses },
        },
      },
      '/get/teams': {
        get: {
          operationId: 'teams',
          summary: "Addition: every team by name (MyMatches' team picker)",
          tags: ['fixtures'],
          parameters: [],
          responses: { '200': ok('The teams', arrayOf(ref('TeamOption'))), ...errorResponses },
        },
      },
      '/tournamentwise/player/stats': {
        get: {
          operationId: 'tournamentPlayerStats',
          summary: 'Batting and bowling of every player of a tournament, with shared ranks',
          tags: ['series'],
          parameters: [
            { name: 'tou_key', in: 'query', required: true, description: tournamentKeyDescription, schema: tournamentKeySchema },
          ],
          responses: { '200': ok('The players', arrayOf(ref('PlayerStatsEntry'))), ...errorResponses, ...notFound },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openApi',
          summary: 'This document',
          tags: ['meta'],
          parameters: [],
          responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
    components: {
      schemas,
      responses: {
        BadRequest: { description: "Invalid query, e.g. 'match_key is required'", content: errorContent },
        NotFound: { description: "No such resource, e.g. 'No match with key 123'", content: errorContent },
        ServerError: { description: 'Unexpected failure (logged; no detail sent)', content: errorContent },
      },
    },
  };
}

export function registerOpenApi(api: FastifyInstance): void {
  const document = openApiDocument(api.prefix);
  api.get('/openapi.json', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(document));
}
