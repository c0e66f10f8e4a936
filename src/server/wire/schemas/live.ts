// The ingest API for other scoring apps (a ball at a time, with a scorer's API token) and the
// scorer's API tokens (docs/decisions/025-live-engine-and-events.md).
import { z } from 'zod';
import { cricsheetBall } from '../../live/cricsheet-ball.ts';
import { MAX_TOKEN_MATCHES } from '../../live/scorer-tokens.ts';
import { action, contract, keyParameter, teamSide } from './common.ts';

const tags = ['Live scoring'] as const;

export const ingestBallBody = z
  .object({
    sequence: z.number().int().min(1).max(100_000).meta({ description: "The app's count of balls sent for this match: 1, 2, 3 ... Sending one again is safe." }),
    innings: z
      .number()
      .int()
      .min(1)
      .max(8)
      .meta({
        description:
          'The innings of the ball (1-based, in match order, super overs after the regular innings): the one in progress, or the next one, which its first ball starts.',
      }),
    previous_innings: z.enum(['declared', 'closed']).optional().meta({
      description:
        "With the first ball of an innings, when the innings before is still in progress (the rules did not end it): how it ended, 'declared' or 'closed' (rain, time, a forfeit). Without it such a ball is refused (409).",
    }),
    batting_team: teamSide.optional().meta({
      description:
        "With the first ball of an innings: the side batting, when not the rules' (the other side; the toss's for the first innings; after a tie, the side that batted last). A follow-on names it.",
    }),
    ball: cricsheetBall.meta({ description: "Cricsheet's delivery fields with players named by their keys; fielders by key or name; optional over (0-based)." }),
  })
  .strict();

export const matchKeyParams = z.object({ match_key: keyParameter('match_key') });

export const ingestedBall = contract(
  'IngestedBall',
  z.object({
    status: z.literal(true),
    data: z.object({
      sequence: z.number().int().meta({ description: "The app's sequence of the ball." }),
      ball_key: z.string().meta({ description: "The ball's key in the commentary and the live events." }),
      event_sequence: z.number().int().meta({ description: "Sequence of the ball's 'commentory' event." }),
      duplicate: z.boolean().meta({ description: 'This sequence was already written with this ball: nothing changed.' }),
      innings_end: z
        .enum(['all out', 'overs', 'target'])
        .nullable()
        .meta({ description: 'The rules ended the innings with this ball; the next ball starts the next innings.' }),
      match_completed: z.boolean().meta({ description: 'The ball decided the match: it is completed with its result.' }),
    }),
  }),
);

export const tokenBody = z
  .object({
    label: z.string({ error: 'label is required' }).trim().min(1, 'label is required').max(100, 'label is too long (100 characters at most)'),
    match_keys: z
      .array(keyParameter('match_key'))
      .min(1, 'match_keys names at least one match')
      .max(MAX_TOKEN_MATCHES, `match_keys names at most ${MAX_TOKEN_MATCHES} matches`)
      .refine((keys) => new Set(keys).size === keys.length, 'match_keys names a match twice')
      .optional()
      .meta({ description: 'The matches the token may score (made on the console or for ingest). Without it, every such match.' }),
  })
  .strict();

export const tokenIdParams = z.object({ id: z.string().regex(/^[0-9]{1,18}$/, 'id must be a token id') });

const tokenMatches = z.array(z.string()).nullable().meta({ description: 'The matches the token may score; null: every match scored live.' });
const tokenInfo = z.object({ id: z.string(), label: z.string(), match_keys: tokenMatches, created_at: z.string(), last_used_at: z.string().nullable() });

export const createdToken = contract(
  'ScorerTokenCreated',
  z.object({
    status: z.literal(true),
    data: z.object({ id: z.string(), label: z.string(), match_keys: tokenMatches, token: z.string().meta({ description: 'Shown this once: only its hash is kept.' }) }),
  }),
);
export const tokenList = contract('ScorerTokens', z.object({ status: z.literal(true), data: z.array(tokenInfo) }));
export const tokenRevoked = contract('ScorerTokenRevoked', z.object({ status: z.literal(true), message: z.string() }));

export const liveRoutes = {
  ingestBall: action({
    paths: ['/live/:match_key/balls'],
    methods: ['POST'],
    summary:
      "Adds the next ball of a match (Authorization: Bearer <scorer API token>); the first ball of an innings starts it, and the rules close an innings and complete the match. Idempotent by sequence; a sequence out of order is refused with expected_sequence, a ball for an innings that cannot take it with innings_in_progress.",
    tags,
    body: ingestBallBody,
    response: ingestedBall,
    errors: [401, 403, 404, 409, 413, 429],
    signedIn: true,
  }),
  createToken: action({
    paths: ['/scorer/tokens'],
    methods: ['POST'],
    summary:
      'Makes an API token for a scoring app (scorer or admin role), for the matches named or every match scored live; the token is in this answer only.',
    tags,
    body: tokenBody,
    response: createdToken,
    errors: [401, 403, 409],
    signedIn: true,
    roles: ['scorer', 'admin'],
  }),
  listTokens: action({
    paths: ['/scorer/tokens'],
    methods: ['GET'],
    summary: "The signed-in scorer's live API tokens (never the tokens themselves).",
    tags,
    response: tokenList,
    errors: [401, 403],
    signedIn: true,
    roles: ['scorer', 'admin'],
  }),
  revokeToken: action({
    paths: ['/scorer/tokens/:id'],
    methods: ['DELETE'],
    summary: 'Revokes one of your API tokens.',
    tags,
    response: tokenRevoked,
    errors: [401, 403, 404],
    signedIn: true,
    roles: ['scorer', 'admin'],
  }),
};
