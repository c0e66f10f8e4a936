// The scorer console's API (issue 9): fixtures made by scorers, then the toss, the playing XIs and
// the match ball by ball. Every route needs the scorer or admin role; with the session cookie a
// write also needs the csrf header. docs/decisions/026-scorer-console.md.
import { z } from 'zod';
import { cricsheetBall } from '../../live/cricsheet-ball.ts';
import { MAX_KEY_LENGTH } from '../../store/naming.ts';
import { INGEST_KEY_PREFIX } from '../../live/ingest-keys.ts';
import { action, contract, envelope, format, forRoles, gender, keyParameter, langParameter, teamSide } from './common.ts';

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const MAX_NAME = 100;
/** A squad is a playing XI plus a few; more than this is not a squad. */
export const MAX_SQUAD = 25;
export const MAX_SEARCH_RESULTS = 20;

const name = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_NAME, `${label} is longer than ${MAX_NAME} characters`)
    .refine((text) => !CONTROL_CHARACTERS.test(text), `${label} must not contain control characters`);

const playerKey = z.string().trim().min(1).max(MAX_KEY_LENGTH);

/** A player already known (by key) or a new one (by name). */
export const playerPick = z.union([z.object({ key: playerKey }).strict(), z.object({ name: name('Player name') }).strict()]);

const matchKeyParams = z.object({ match_key: keyParameter('match_key') });
const ballKeyParams = z.object({ match_key: keyParameter('match_key'), ball_key: keyParameter('ball_key') });

// ---------- bodies ----------

export const createFixtureBody = z
  .object({
    tournament: z.object({ key: playerKey.optional(), name: name('Tournament') }),
    teams: z.tuple([z.object({ name: name('Team A') }), z.object({ name: name('Team B') })]),
    venue: z.object({ name: name('Venue'), city: name('City').optional() }).optional(),
    start_at: z.iso.datetime({ offset: true, error: 'start_at must be an ISO 8601 date and time' }),
    format,
    match_type: name('Match type').optional(),
    overs_limit: z.number().int().min(1).max(100).nullable(),
    balls_per_over: z.number().int().min(4).max(10).default(6),
    gender: gender.default('male'),
    squads: z.object({ a: z.array(playerPick).max(MAX_SQUAD), b: z.array(playerPick).max(MAX_SQUAD) }).optional(),
  })
  .refine((body) => body.teams[0].name.toLowerCase() !== body.teams[1].name.toLowerCase(), { message: 'The two teams must differ', path: ['teams'] })
  .refine((body) => (body.format === 'test') === (body.overs_limit === null), {
    message: 'overs_limit is null for a Test and a number of overs otherwise',
    path: ['overs_limit'],
  });

export const tossBody = z.object({ winner: teamSide, decision: z.enum(['bat', 'field']) });

export const playingXiBody = z
  .object({
    side: teamSide,
    player_keys: z
      .array(playerKey)
      .min(2, 'A playing XI has at least 2 players')
      .max(12, 'A playing XI has at most 12 players (an impact substitute included)')
      .refine((keys) => new Set(keys).size === keys.length, 'A player is named twice'),
    /** The side's captain and wicketkeeper (squads mark them c and †); each one of player_keys. */
    captain_key: playerKey.nullable().optional(),
    keeper_key: playerKey.nullable().optional(),
  })
  .refine((body) => !body.captain_key || body.player_keys.includes(body.captain_key), { message: 'The captain must be in the XI', path: ['captain_key'] })
  .refine((body) => !body.keeper_key || body.player_keys.includes(body.keeper_key), { message: 'The wicketkeeper must be in the XI', path: ['keeper_key'] });

export const startInningsBody = z.object({
  /** By default the rules' side: the other side, the toss's for the first innings, the last side for a super over. Name it for a follow-on. */
  batting_side: teamSide.optional(),
  target: z.object({ runs: z.number().int().min(1).max(2000), overs: z.number().min(0.1).max(200) }).optional(),
});

export const ballBody = z.object({
  /** Made on the scorer's device when the ball was entered; a resend with it is not written twice. */
  idempotency_key: z
    .string()
    .trim()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'idempotency_key must be letters, digits and - _ . :')
    .refine((key) => !key.startsWith(INGEST_KEY_PREFIX), `idempotency_key must not start with ${INGEST_KEY_PREFIX} (the ingest API's keys)`),
  ball: cricsheetBall,
});

export const undoBody = z
  .object({
    /** The match's event sequence the scorer's view is at: refused if the match has moved on since (no double undo). */
    sequence: z.number().int().min(0).optional(),
    /** The last ball of the innings in progress as the scorer saw it: refused if another ball is the last by now. */
    ball_key: z.string().trim().min(1).max(MAX_KEY_LENGTH).optional(),
  })
  .refine((body) => body.sequence !== undefined || body.ball_key !== undefined, 'Send sequence (or ball_key): what the undo takes back must be what you saw last');

export const correctBallBody = z.object({
  /** The match's event sequence the scorer's view is at: refused if the match has moved on since (a correction over another's). */
  sequence: z.number().int().min(0),
  /** The ball as it should have been; its over is the stored ball's. */
  ball: cricsheetBall,
});

export const BREAK_REASONS = ['drinks', 'lunch', 'tea', 'stumps', 'rain', 'bad_light', 'innings'] as const;
export const breakBody = z.object({ reason: z.enum(BREAK_REASONS).nullable() });

export const endInningsBody = z.object({
  declared: z.boolean().default(false),
  /** Batters who cannot bat (absent hurt): the side is all out without them. */
  absent_hurt: z.array(playerKey).max(10).optional(),
});

export const revisedTargetBody = z.object({ runs: z.number().int().min(1).max(2000), overs: z.number().min(0.1).max(200) });

export const penaltyBody = z.object({ side: teamSide, runs: z.number().int().refine((runs) => runs === 5, 'Penalty runs are awarded 5 at a time') });

export const completeBody = z.object({ player_of_match: z.array(playerKey).max(2) });

export const searchQuery = z.object({
  q: z.string().trim().min(2, 'q: type at least 2 letters').max(MAX_NAME, 'q is too long'),
});

// ---------- answers ----------

export const scorerPlayer = contract('ScorerPlayer', z.object({ key: z.string(), name: z.string() }), 'A person, by registry id (key).');

export const scorerMatchListItem = contract(
  'ScorerMatchListItem',
  z.object({
    match_key: z.string(),
    title: z.string(),
    start_at: z.number().int().nullable().meta({ description: 'Epoch seconds.' }),
    status: z.enum(['not_started', 'started', 'completed']),
    play_status: z.string(),
  }),
);

export const scorerBall = contract(
  'ScorerBall',
  z.object({
    key: z.string(),
    over: z.number().int().meta({ description: 'Over index, 0 for the first over.' }),
    ball: z.number().int().meta({ description: 'Legal balls of the over before it, plus one.' }),
    symbol: z.string().meta({ description: "The scoreboard's symbol: '.', '4', 'wd', '1nb', 'W'." }),
    legal: z.boolean(),
    striker: z.string(),
    non_striker: z.string(),
    bowler: z.string(),
  }),
  'A ball of the innings in progress, with who batted and bowled it.',
);

const inningsState = z.object({
  number: z.number().int(),
  batting_side: teamSide,
  super_over: z.boolean(),
  runs: z.number().int(),
  wickets: z.number().int(),
  legal_balls: z.number().int(),
  closed: z.boolean(),
});

export const scorerMatch = contract(
  'ScorerMatch',
  z.object({
    match_key: z.string(),
    title: z.string(),
    status: z.enum(['not_started', 'started', 'completed']),
    play_status: z.string(),
    format,
    balls_per_over: z.number().int(),
    overs_limit: z.number().int().nullable(),
    start_at: z.number().int().nullable(),
    teams: z.object({ a: z.object({ name: z.string(), code: z.string() }), b: z.object({ name: z.string(), code: z.string() }) }),
    players: z.object({ a: z.array(scorerPlayer), b: z.array(scorerPlayer) }).meta({ description: 'The XI (or squad) of each side.' }),
    toss: z.object({ winner: teamSide, decision: z.enum(['bat', 'field']) }).nullable(),
    /** The match's last live event: what an undo is checked against. */
    sequence: z.number().int(),
    /** The result in words once the match is completed (or a tie that a super over may follow). */
    result: z.string().nullable(),
    /** The rules' next innings when none is in progress: its side, a super over or not, its target; null when no innings can follow. */
    next_innings: z
      .object({ batting_side: teamSide, super_over: z.boolean(), target_runs: z.number().int().nullable() })
      .nullable(),
    player_of_match: z.array(z.string()),
    innings: z.array(inningsState),
    current: z
      .object({
        innings: z.number().int(),
        batting_side: teamSide,
        striker: z.string().nullable(),
        non_striker: z.string().nullable(),
        bowler: z.string().nullable(),
        /** Batters out (or retired) in this innings, who cannot come back in. */
        out: z.array(z.string()),
        last_ball_key: z.string().nullable(),
        /** Legal balls of the over in progress (0 at an over's end). */
        balls_in_over: z.number().int(),
        balls: z
          .array(scorerBall)
          .meta({ description: "Every ball of the innings, oldest first: the console shows the latest over from it, and a correction names one by key." }),
      })
      .nullable(),
  }),
  "The match as the scorer console needs it: sides, XIs, toss, innings and who is at the crease.",
);

const ok = z.object({ status: z.literal(true) });
const SCORER = [401, 403, 404, 409, 429];

export const scorerRoutes = forRoles(['scorer', 'admin'], {
  people: action({
    paths: ['/scorer/people'],
    methods: ['GET'],
    summary: 'People whose name contains q (at most 20), to pick for a squad',
    tags: ['scorer'],
    querystring: searchQuery,
    response: envelope(z.array(scorerPlayer)),
    errors: [401, 403],
    signedIn: true,
  }),
  teams: action({
    paths: ['/scorer/teams'],
    methods: ['GET'],
    summary: 'Team names containing q (at most 20)',
    tags: ['scorer'],
    querystring: searchQuery,
    response: envelope(z.array(z.object({ name: z.string() }))),
    errors: [401, 403],
    signedIn: true,
  }),
  list: action({
    paths: ['/scorer/matches'],
    methods: ['GET'],
    summary: 'Matches made on the scorer console, unfinished first',
    tags: ['scorer'],
    response: envelope(z.array(scorerMatchListItem)),
    errors: [401, 403],
    signedIn: true,
  }),
  create: action({
    // Not POST /scorer/matches: one path, one answer shape (the contract checks answers by path).
    paths: ['/scorer/fixtures'],
    methods: ['POST'],
    summary: 'Creates a fixture (not started) with its teams, venue, start time, format and squads',
    tags: ['scorer'],
    body: createFixtureBody,
    response: envelope(z.object({ match_key: z.string() })),
    errors: SCORER,
    signedIn: true,
  }),
  match: action({
    paths: ['/scorer/matches/:match_key'],
    methods: ['GET'],
    summary: 'The match as the console needs it',
    tags: ['scorer'],
    querystring: z.object({ lang: langParameter.meta({ description: 'Language of the result line.' }) }),
    response: envelope(scorerMatch),
    errors: [401, 403, 404],
    signedIn: true,
  }),
  toss: action({ paths: ['/scorer/matches/:match_key/toss'], methods: ['POST'], summary: 'Records the toss', tags: ['scorer'], body: tossBody, response: ok, errors: SCORER, signedIn: true }),
  playingXi: action({
    paths: ['/scorer/matches/:match_key/xi'],
    methods: ['POST'],
    summary: "Sets a side's playing XI",
    tags: ['scorer'],
    body: playingXiBody,
    response: ok,
    errors: SCORER,
    signedIn: true,
  }),
  startInnings: action({
    paths: ['/scorer/matches/:match_key/innings'],
    methods: ['POST'],
    summary: 'Opens the next innings by the rules (a super over after a tie); batting_side names a follow-on',
    tags: ['scorer'],
    body: startInningsBody,
    response: ok,
    errors: SCORER,
    signedIn: true,
  }),
  ball: action({
    paths: ['/scorer/matches/:match_key/balls'],
    methods: ['POST'],
    summary: 'Records a ball; a resend with the same idempotency_key answers the first write (duplicate: true)',
    tags: ['scorer'],
    body: ballBody,
    response: envelope(z.object({ sequence: z.number().int(), ball_key: z.string(), duplicate: z.boolean() })),
    errors: SCORER,
    signedIn: true,
  }),
  correctBall: action({
    paths: ['/scorer/matches/:match_key/balls/:ball_key'],
    methods: ['POST'],
    summary:
      'Corrects a ball of the innings in progress (any one, by its key) from the state the scorer saw: the same over, a legal ball stays legal and a wide or no-ball stays one; fans get the ball again under its key',
    tags: ['scorer'],
    body: correctBallBody,
    response: envelope(z.object({ sequence: z.number().int(), ball_key: z.string() })),
    errors: SCORER,
    signedIn: true,
  }),
  undo: action({
    paths: ['/scorer/matches/:match_key/undo'],
    methods: ['POST'],
    summary:
      'Takes back the last step from the state the scorer saw: the last ball (reopening the innings and the match it ended), an innings started without a ball, or an innings closed by hand',
    tags: ['scorer'],
    body: undoBody,
    response: envelope(z.object({ sequence: z.number().int(), ball_key: z.string().nullable().meta({ description: 'The ball taken back; null when none was.' }) })),
    errors: SCORER,
    signedIn: true,
  }),
  break: action({
    paths: ['/scorer/matches/:match_key/break'],
    methods: ['POST'],
    summary: 'Starts a break (drinks, lunch, tea, stumps, rain, bad light, innings) or, with null, resumes play',
    tags: ['scorer'],
    body: breakBody,
    response: ok,
    errors: SCORER,
    signedIn: true,
  }),
  endInnings: action({
    paths: ['/scorer/matches/:match_key/innings/end'],
    methods: ['POST'],
    summary: 'Closes the innings in progress: declared, stopped, or all out with batters absent hurt (absent_hurt)',
    tags: ['scorer'],
    body: endInningsBody,
    response: ok,
    errors: SCORER,
    signedIn: true,
  }),
  revisedTarget: action({
    paths: ['/scorer/matches/:match_key/revised-target'],
    methods: ['POST'],
    summary: 'Sets a revised (DLS) target',
    tags: ['scorer'],
    body: revisedTargetBody,
    response: ok,
    errors: SCORER,
    signedIn: true,
  }),
  penalty: action({
    paths: ['/scorer/matches/:match_key/penalty'],
    methods: ['POST'],
    summary: 'Awards 5 penalty runs to a side outside any ball',
    tags: ['scorer'],
    body: penaltyBody,
    response: ok,
    errors: SCORER,
    signedIn: true,
  }),
  complete: action({
    paths: ['/scorer/matches/:match_key/complete'],
    methods: ['POST'],
    summary: 'Ends the match: the result is computed, the player of the match named; on a match its deciding ball completed, names the player of the match',
    tags: ['scorer'],
    body: completeBody,
    response: ok,
    errors: SCORER,
    signedIn: true,
  }),
});

export { ballKeyParams, matchKeyParams };
