// The match object (spec §3 Match), the shape every listing, the match detail, the Info tab and
// the 'score' socket event share. Field names are the spec's; where the spec is loose the
// provider's v5 objects decide, and their fields sit beside ours (docs/decisions/014).
import { z } from 'zod';
import { PLAY_STATUSES } from '../../domain/live.ts';
import { contract, format, formatType, matchStatus, overs, teamSide } from './common.ts';

export const inningsScore = contract(
  'InningsScore',
  z.object({
    score: z.object({
      runs: z.number().int(),
      wickets: z.number().int(),
      overs,
      /** v5: legal balls bowled. */
      balls: z.number().int(),
    }),
    /** v5 carries these at the innings level too (a_1.wickets, a_1.overs). */
    wickets: z.number().int(),
    overs,
    /** v5: '270/10 in 46.4'. */
    score_str: z.string(),
    index: z.number().int().meta({ description: 'Position of the innings in the match (0-based).' }),
    declared: z.boolean(),
    forfeited: z.boolean(),
  }),
  'One innings of a side: a_1.score.runs, a_1.wickets, a_1.overs [whole, balls], a_1.index.',
);

export const inningsKey = z.enum(['a_1', 'a_2', 'b_1', 'b_2']);

const batterStats = z.object({
  runs: z.number().int(),
  balls: z.number().int(),
  fours: z.number().int(),
  sixes: z.number().int(),
  strike_rate: z.number(),
});

const bowlerStats = z.object({
  wickets: z.number().int(),
  overs,
  runs: z.number().int(),
  economy: z.number(),
  /** Ours: maiden overs (the live centre's O M R W Econ). */
  maidens: z.number().int(),
});

/** Ours (the live centre, decision 073): the innings' latest wicket. */
const lastWicket = z.object({
  key: z.string(),
  name: z.string(),
  runs: z.number().int(),
  balls: z.number().int(),
  /** Cricsheet's kind ('caught', 'run out'); with the bowler and fielders the page words it as a scorecard does. */
  kind: z.string(),
  bowler: z.string().nullable(),
  fielders: z.array(z.object({ name: z.string().nullable(), substitute: z.boolean() })),
  /** The team's runs when it fell; its wicket number is score.wickets (it is the latest). */
  team_runs: z.number().int(),
  /** When it fell, as the fall of wickets prints it: [14, 2] is 14.2. */
  overs,
});

const livePlayer = <T extends z.ZodType>(stats: T) => z.object({ key: z.string(), name: z.string(), stats });

/** One recent over as the provider sends it: by ball keys (v5), and by ball symbols ('r4', 'w', 'e1,wd'). */
const overByBallKeys = z.object({ overnumber: z.number().int(), ball_keys: z.array(z.string()) });
const overByBallSymbols = z.object({ overnumber: z.number().int(), ball_repr: z.array(z.string()) });

export const liveState = contract(
  'LiveState',
  z.object({
    striker_key: z.string().nullable(),
    non_striker_key: z.string().nullable(),
    /** v5: the bowler of the ball in progress. */
    bowler_key: z.string().nullable(),
    /** v5: the innings in progress ('b_1'). */
    innings: inningsKey,
    batting_team: teamSide,
    bowling_team: teamSide,
    score: z.object({
      runs: z.number().int(),
      wickets: z.number().int(),
      overs,
      /** v5: legal balls, and the score as one line ('266/9 in 47.0'). */
      balls: z.number().int(),
      title: z.string(),
      run_rate: z.number(),
      msg_trail_by: z.string().nullable(),
      msg_lead_by: z.string().nullable(),
    }),
    /** null when no chase is on; runs and balls are v5's beside the spec's title and rate. */
    required_score: z
      .object({
        runs: z.number().int(),
        balls: z.number().int().nullable().meta({ description: "Balls left; null in a Test's fourth innings (no limit)." }),
        title: z.string(),
        run_rate: z.number().nullable().meta({ description: "Runs an over needed; null in a Test's fourth innings." }),
      })
      .nullable(),
    /**
     * The need, lead or trail as figures (the titles above are worded in the answer's language;
     * socket events are in English): a page words them in its own. null when none applies.
     */
    situation: z
      .object({
        kind: z.enum(['need', 'lead', 'trail', 'level']),
        team: teamSide,
        runs: z.number().int().nullable().meta({ description: "null for 'level'." }),
        balls: z.number().int().nullable().meta({ description: "Balls left in a chase; null otherwise or without a limit." }),
      })
      .nullable(),
    /** 'day' (stumps), 'lunch', 'tea', 'innings', ... while play is halted. */
    match_break: z.object({ reason: z.string() }).nullable(),
    recent_players: z.object({
      striker: livePlayer(batterStats).nullable(),
      non_striker: livePlayer(batterStats).nullable(),
      bowler: livePlayer(bowlerStats).nullable(),
      prev_over_bowler: livePlayer(bowlerStats).nullable(),
    }),
    /** v5: the latest overs by ball key, and the key of the latest ball. */
    recent_overs: z.array(overByBallKeys),
    last_ball_key: z.string().nullable(),
    recent_overs_repr: z.array(overByBallSymbols),
    /** Ours (decision 073): the stand at the crease, runs (extras included) and legal balls; null before the first ball and when all out. */
    partnership: z.object({ runs: z.number().int(), balls: z.number().int() }).nullable(),
    last_wicket: lastWicket.nullable(),
    /** Ours (decision 073): the innings' limit in legal balls (its overs, a chase's revised ones, a super over's one); null in a Test. */
    limit_balls: z.number().int().nullable(),
  }),
  'play.live: the state of a match in progress (filled by the live engine).',
);

export const matchTeam = z.object({ url: z.string().meta({ description: 'Team key' }), code: z.string(), name: z.string() });

export const matchResult = z.object({
  msg: z.string(),
  winner: teamSide.nullable(),
  win_by: z.number().int().nullable(),
  result_type: z.string().nullable(),
  pom: z.array(z.string()).meta({ description: 'Player(s) of the match by name' }),
});

export const matchTarget = z.object({
  runs: z.number().int(),
  overs,
  /** v5: the target's balls, and whether a rain rule (DLS) set it. */
  balls: z.number().int(),
  dl_applied: z.boolean(),
});

export const matchObject = contract(
  'Match',
  z.object({
    match_id: z
      .string()
      .meta({ description: "The match key again: the provider's client links the player page with match_id and opens the match from it as a match_key." }),
    match_key: z.string(),
    tou_key: z.string(),
    tou_name: z.string(),
    tou_short_name: z.string(),
    sub_title: z.string().meta({ description: "The match's title as fans write it: '2nd Test', '1st T20I', 'Match 23', 'Final', 'Only Test'." }),
    format,
    format_type: formatType,
    status: matchStatus,
    play_status: z
      .enum(PLAY_STATUSES)
      .meta({ description: "Where play stands (the provider's play_status): scheduled, pre_match, in_play, a break, result, abandoned." }),
    is_replay: z.boolean().meta({ description: 'A stored match played again as if live (shown as Replay), never real play.' }),
    start_at: z.number().int().meta({ description: 'Epoch seconds: the start time when known (start_time_known), else midnight UTC of the first day.' }),
    start_time_known: z.boolean(),
    venue: z.object({ name: z.string(), city: z.string() }).meta({ description: "Empty strings when not recorded (a scorer's fixture without one)." }),
    weather: z.null(),
    toss: z.string().nullable().meta({ description: 'JSON string { winner: "a"|"b", elected: "bat"|"field" }' }),
    team: z.object({ a: matchTeam, b: matchTeam }),
    play: z.object({
      innings: z
        .object({ a_1: inningsScore.optional(), a_2: inningsScore.optional(), b_1: inningsScore.optional(), b_2: inningsScore.optional() })
        .meta({ description: 'Keys a_1, a_2, b_1, b_2 in batting order; super overs left out.' }),
      result: matchResult.nullable(),
      live: liveState.nullable(),
      day_number: z.number().int().nullable(),
      target: matchTarget.nullable(),
    }),
  }),
  'A match (spec §3 Match).',
);
