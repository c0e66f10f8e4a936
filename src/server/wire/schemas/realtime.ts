// Payloads of the Socket.IO events (spec §7 Real-time connection), compatible with the provider
// whose back end re-emits its webhooks into a room named after the match key: a client emits
// 'sub' with a match_key and hears 'score' (play.innings and play.live) and 'commentory' (the
// ball just written, or a correction of one) for it; 'sub_home' joins the home list's room,
// which hears 'card' (a match object) after every change. Every match event carries a sequence
// number, consecutive per match: a client that sees a gap, or comes back, emits 'catchup'.
import { z } from 'zod';
import { contract, keyParameter } from './common.ts';
import { commentaryEntry, scorecard, winProbabilityBall } from './match-centre.ts';
import { inningsScore, liveState, matchObject } from './match.ts';

/** Languages other than English that a page may follow a match in ('wording' events). */
export const WORDING_LANGS = ['hi'] as const;
export type WordingLang = (typeof WORDING_LANGS)[number];

/**
 * 'sub' and 'unsub': the match key alone, or { match_key }; one of our pages in another language
 * adds its `lang`, and then hears each new ball's sentence in it ('wording').
 */
export const subscription = z.union([
  keyParameter('match_key'),
  z.object({ match_key: keyParameter('match_key'), lang: z.enum(['en', ...WORDING_LANGS]).optional() }),
]);

/** 'catchup': the events of a match after the last sequence the client saw (0: all). */
export const catchUpRequest = z.object({
  match_key: keyParameter('match_key'),
  after_sequence: z.number().int().min(0).max(2 ** 31 - 1),
});

/** Every event of a match carries its key and a sequence number, so a client can tell a gap. */
const eventHeader = {
  match_key: z.string(),
  sequence: z.number().int().min(1).meta({ description: 'Increases by one per event of this match; a gap means a missed event.' }),
};

/** A ball of a 'commentory' event: get/commentory's entry plus the provider's live fields. */
export const liveBall = contract(
  'LiveBall',
  commentaryEntry.extend({
    batsman: commentaryEntry.shape.batsman.extend({
      is_dot_ball: z.boolean(),
      ball_count: z.number().int().meta({ description: "Balls the batter has faced in the innings, this one included." }),
    }),
    team_score: commentaryEntry.shape.team_score.extend({ wickets: z.number().int().meta({ description: 'Wickets that fell on this ball.' }) }),
    fielders: z.array(z.object({ player_key: z.string().nullable(), name: z.string().nullable(), substitute: z.boolean() })),
    ball_type: z.enum(['normal', 'wide', 'no_ball', 'bye', 'leg_bye']),
    updated_time: z.number().int().meta({ description: 'Epoch milliseconds of the event that sent this version of the ball.' }),
    is_delete: z.boolean().meta({ description: 'The ball was taken back (undo): clients remove it.' }),
    update_reason: z.string().nullable().meta({ description: "Why a ball is sent again ('undo'); null for a new ball." }),
  }),
  'A delivery as the live feed sends it.',
);


export const scoreEvent = contract(
  'ScoreEvent',
  z.object({
    ...eventHeader,
    innings: z.object({ a_1: inningsScore.optional(), a_2: inningsScore.optional(), b_1: inningsScore.optional(), b_2: inningsScore.optional() }),
    live: liveState.nullable(),
    players: scorecard.meta({ description: "The scorecard as scorecard/ serves it (the provider's client shows it as the Scoreboard tab)." }),
    win_probability: winProbabilityBall
      .nullable()
      .optional()
      .meta({ description: "P(team a wins) after the latest delivery, as match/winprob's last ball; null before the first ball or for a match the model does not cover." }),
  }),
  "Socket event 'score': play.innings and play.live after the change, the scorecard, and the latest win probability.",
);

export const commentoryEvent = contract(
  'CommentoryEvent',
  z.object({
    ...eventHeader,
    /** The ball this event is about (one per event). */
    commentory: z.array(liveBall).length(1),
    live: liveState.nullable(),
    last_ball_key: liveBall
      .nullable()
      .meta({ description: "The latest ball itself, as the spec and the provider's client read it (team_score.is_wicket, wicket.wicket_type, batsman.runs); null when the event takes a ball back or corrects an older one. Its key is live.last_ball_key." }),
  }),
  "Socket event 'commentory': a new ball, or a correction (is_delete) of one.",
);

/** Balls an app's 'commentory' carries at most: the latest ten overs of the innings in play. */
export const APP_COMMENTORY_BALLS = 60;

export const appCommentoryEvent = contract(
  'AppCommentoryEvent',
  z.object({
    ...eventHeader,
    commentory: z
      .array(liveBall)
      .max(APP_COMMENTORY_BALLS)
      .meta({
        description: `The innings' latest balls (at most ${APP_COMMENTORY_BALLS}), oldest first, the event's own ball included (or, taken back, left out): the provider's client replaces its list with each event.`,
      }),
    live: liveState.nullable(),
    last_ball_key: commentoryEvent.shape.last_ball_key,
  }),
  "Socket event 'commentory' as a socket of an API origin (API_CORS_ORIGINS) hears it: a complete snapshot of the innings' latest balls (decision 061).",
);

export const cardEvent = contract(
  'CardEvent',
  z.object({
    match_key: z.string(),
    sequence: z.number().int().min(0).meta({ description: "The match's last event sequence (0 before any)." }),
    match: matchObject,
  }),
  "Socket event 'card' (room of 'sub_home'): a match of the home list after a change.",
);

export const reloadEvent = contract(
  'ReloadEvent',
  z.object({ match_key: z.string(), sequence: z.number().int().min(0).meta({ description: "The match's last event sequence." }) }),
  "Socket event 'reload': the answer to a 'catchup' that missed more events than one catch-up sends; the client loads the match again.",
);

export const wordingEvent = contract(
  'WordingEvent',
  z.object({
    match_key: z.string(),
    key: commentaryEntry.shape.key,
    lang: z.enum(WORDING_LANGS),
    comment: commentaryEntry.shape.comment,
    over_summary: commentaryEntry.shape.over_summary,
  }),
  "Socket event 'wording' (sockets that sent 'sub' with a lang): a ball's sentence, and its over's summary, in that language, just after its 'commentory'. The ball is the key's; a ball taken back has none.",
);

export const socketEvents = { score: scoreEvent, commentory: commentoryEvent, card: cardEvent, reload: reloadEvent, wording: wordingEvent } as const;
export type ScoreEvent = z.output<typeof scoreEvent>;
export type CommentoryEvent = z.output<typeof commentoryEvent>;
export type AppCommentoryEvent = z.output<typeof appCommentoryEvent>;
export type CardEvent = z.output<typeof cardEvent>;
export type WordingEvent = z.output<typeof wordingEvent>;
export type LiveBallObject = z.output<typeof liveBall>;
