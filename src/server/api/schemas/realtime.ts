// Payloads of the Socket.IO events (spec §7 Real-time connection): a client emits 'sub' with a
// match_key and hears 'score' (the match with play.live) and 'commentory' (new balls) for it.
// The live engine builds its payloads against these; a client written for the provider reads
// the same field names as in the HTTP resources.
import { z } from 'zod';
import { contract, keyParameter } from './common.ts';
import { commentaryEntry } from './match-centre.ts';
import { matchObject } from './match.ts';

/** 'sub' and 'unsub': the match key alone, or { match_key }. */
export const subscription = z.union([keyParameter('match_key'), z.object({ match_key: keyParameter('match_key') })]);

/** Every event of a match carries its key and a sequence number, so a client can tell a gap. */
const eventHeader = {
  match_key: z.string(),
  sequence: z.number().int().min(0).meta({ description: 'Increases by one per event of this match; a gap means a missed event.' }),
};

export const scoreEvent = contract(
  'ScoreEvent',
  z.object({ ...eventHeader, data: matchObject }),
  "Socket event 'score': the match object, play.live filled while the match is in progress.",
);

export const commentoryEvent = contract(
  'CommentoryEvent',
  z.object({
    ...eventHeader,
    /** The new balls, newest first, as in get/commentory's related_balls. */
    commentory: z.array(commentaryEntry),
    /** Key of the latest ball (v5 play.live.last_ball_key); that ball is the first of commentory. */
    last_ball_key: z.string().nullable(),
  }),
  "Socket event 'commentory': balls since the previous event, newest first.",
);

export const socketEvents = { score: scoreEvent, commentory: commentoryEvent } as const;
