// The match centre (spec §3 Scorecard, Commentary entry, Squad; §7 match detail, scorecard,
// commentary, squad) and the Info tab's form, head to head and recent matches.
import { z } from 'zod';
import { FORM_LETTERS } from '../../domain/form.ts';
import type { OverSummary } from '../../domain/types.ts';
import { bySide, contract, envelope, gender, keyParameter, langParameter, overs, playerRef, route, teamSide } from './common.ts';
import { liveState, matchObject } from './match.ts';

export const matchQuery = z.object({
  match_key: keyParameter('match_key').meta({ description: 'The match key (the Cricsheet match id, e.g. 1455615).' }),
  lang: langParameter.meta({ description: 'Language of texts (result, dismissals, commentary, notes).' }),
});

// ---------- match detail ----------

export const matchDetail = contract(
  'MatchDetail',
  matchObject.extend({
    /** Officials by role, as Cricsheet records them. */
    officials: z.object({
      umpires: z.array(playerRef),
      tv_umpires: z.array(playerRef),
      reserve_umpires: z.array(playerRef),
      match_referees: z.array(playerRef),
    }),
    /** Player(s) of the match with keys (play.result.pom keeps the names, as the spec has it). */
    player_of_match: z.array(playerRef),
    toss_text: z.string().nullable().meta({ description: 'Toss in words, in the requested language; null when not recorded.' }),
    association: z
      .object({ code: z.string() })
      .meta({
        description:
          "The provider's governing association. Cricsheet does not record it, so its code is 'cricsheet' (the data's source): the provider's client sends it back lowercased as ass_key, which is accepted and not used.",
      }),
    dates: z.array(z.string()).meta({ description: "Every day the match was played on ('YYYY-MM-DD')." }),
    gender,
    match_type: z.string().meta({ description: 'Cricsheet match type: Test, ODI, T20, IT20, MDM, ODM' }),
    notes: z.array(z.string()).meta({ description: 'Follow-on, declarations, rain rule... one line each.' }),
  }),
  'A match with officials, awards, toss and notes.',
);

// ---------- scorecard ----------

export const battingScore = z.object({
  runs: z.number().int(),
  balls: z.number().int(),
  fours: z.number().int(),
  sixes: z.number().int(),
  /** Runs per 100 balls, two decimals; 0 with no balls faced. */
  strike_rate: z.number(),
});

export const dismissal = z.object({
  msg: z.string().meta({ description: "'c Fielder b Bowler', 'not out', 'retired hurt'..." }),
  wicket_number: z.number().int(),
  team_runs: z.number().int(),
  overs: overs.nullable(),
});

export const scorecardBatter = contract(
  'ScorecardBatter',
  z.object({
    player: playerRef,
    score: z
      .record(
        z.string(),
        z.object({
          batting: z.object({
            score: battingScore,
            dismissal: dismissal
              .nullable()
              .meta({ description: "null for a batter not out (retired hurt, retired not out too): the provider's client lists every other in the fall of wickets." }),
            how_out: z.string().meta({ description: "Addition: how the innings ended or stands, always: 'c Fielder b Bowler', 'not out', 'retired hurt'..." }),
          }),
        }),
      )
      .meta({
        description:
          "Keyed by the innings index ('0'..'3') of this scorecard, and by the batting side's innings number from 1 ('1', '2'), which the provider's client reads; both keys hold the same line.",
      }),
  }),
);

export const bowlingScore = z.object({
  overs,
  maiden_overs: z.number().int(),
  runs: z.number().int(),
  wickets: z.number().int(),
  /** Runs per over, two decimals, computed from balls. */
  economy: z.number(),
  wides: z.number().int(),
  no_balls: z.number().int(),
  dots: z.number().int(),
});

export const scorecardBowler = contract(
  'ScorecardBowler',
  z.object({
    player: playerRef,
    score: z
      .record(z.string(), z.object({ bowling: z.object({ score: bowlingScore }) }))
      .meta({ description: "Keyed by the innings index, and by the batting side's innings number from 1 (as batters' lines)." }),
  }),
);

const runsAndBalls = z.object({ runs: z.number().int(), balls: z.number().int() });

export const partnership = contract(
  'Partnership',
  z.object({
    for_wicket: z.number().int(),
    player_a_key: z.string(),
    player_a_name: z.string(),
    player_a_score: runsAndBalls,
    player_b_key: z.string(),
    player_b_name: z.string(),
    player_b_score: runsAndBalls,
    score: runsAndBalls,
    unbroken: z.boolean(),
  }),
);

export const fallOfWicket = z.object({
  wicket_number: z.number().int(),
  player: playerRef,
  team_runs: z.number().int(),
  overs: overs.nullable().meta({
    description: 'The ball it fell on: [over index, ball number], read "5.6"; null until the match is rebuilt with positions.',
  }),
});

export const scorecardInnings = contract(
  'ScorecardInnings',
  z.object({
    index: z.number().int().meta({ description: 'Position of the innings in the match (0-based; super overs follow the regular innings).' }),
    innings_no: z.number().int(),
    batting_team: teamSide,
    team: z.object({ code: z.string(), name: z.string() }),
    super_over: z.boolean(),
    declared: z.boolean(),
    forfeited: z.boolean(),
    follow_on: z.boolean(),
    total: z.object({ runs: z.number().int(), wickets: z.number().int(), overs, run_rate: z.number() }),
    target: z.object({ runs: z.number().int(), overs }).nullable(),
    batsman: z.array(scorecardBatter),
    did_not_bat: z.array(playerRef),
    bowler: z.array(scorecardBowler),
    extraRun: z.object({
      extra: z.number().int(),
      no_ball: z.number().int(),
      wide: z.number().int(),
      leg_bye: z.number().int(),
      bye: z.number().int(),
      penalty: z.number().int(),
    }),
    fall_of_wickets: z.array(fallOfWicket),
    partnerships: z.array(partnership),
  }),
);

export const scorecard = contract(
  'Scorecard',
  z.object({
    /** One entry per innings tab, in order: team code and the innings score. */
    nationality: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        team: teamSide,
        score: z.object({
          runs: z.number().int(),
          wickets: z.number().int(),
          overs,
          score: z.object({ runs: z.number().int() }).meta({ description: 'The runs again, where the provider\'s client reads them (nationality[i].score.score.runs).' }),
        }),
      }),
    ),
    teamA: scorecardInnings.optional(),
    teamB: scorecardInnings.optional(),
    teamC: scorecardInnings.optional(),
    teamD: scorecardInnings.optional(),
    more: z.array(scorecardInnings).meta({ description: 'Innings beyond the fourth (a second super over).' }),
  }),
  'Innings in playing order (super overs last): teamA..teamD, then more.',
);

// ---------- commentary ----------

/** The domain's over summary (src/server/domain/types.ts), checked against it at compile time. */
export const overSummary: z.ZodType<OverSummary> = contract(
  'OverSummary',
  z.object({
    over: z.number().int().meta({ description: '1-based over number in the innings.' }),
    runs: z.number().int(),
    wickets: z.number().int(),
    score: z.object({ runs: z.number().int(), wickets: z.number().int() }),
    bowler: z.object({ key: z.string(), name: z.string(), figures: z.string() }),
    batters: z.array(z.object({ key: z.string(), name: z.string(), runs: z.number().int(), balls: z.number().int() })),
    balls: z.array(z.string()).meta({ description: "The over as ball symbols: '1', '4', 'W', 'wd', '2nb', ..." }),
  }),
);

export const commentaryEntry = contract(
  'CommentaryEntry',
  z.object({
    /** v5: the ball's key, '{innings}.{over}.{ball}.{entry_time}' (opaque to clients; unique in the match). */
    key: z.string(),
    entry_time: z.number().int().meta({ description: 'Ordering key: position of the ball in the match (Cricsheet has no clock times).' }),
    innings_no: z.number().int(),
    overs: overs.meta({ description: '[over index (0-based), ball number within the over (1-based)].' }),
    bowler: z.object({
      key: z.string(),
      /** v5 names the key player_key. */
      player_key: z.string(),
      name: z.string(),
      is_wicket: z.boolean(),
      runs: z.number().int(),
    }),
    batsman: z.object({
      key: z.string(),
      player_key: z.string(),
      name: z.string(),
      runs: z.number().int(),
      is_four: z.boolean(),
      is_six: z.boolean(),
    }),
    wicket: z
      .object({
        player_key: z.string(),
        player_name: z.string(),
        kind: z.string(),
        /** v5 names the kind wicket_type. */
        wicket_type: z.string(),
      })
      .nullable(),
    /** v5: what the ball did to the team's score. */
    team_score: z.object({ runs: z.number().int(), extras: z.number().int(), is_wicket: z.boolean() }),
    runs: z.number().int().meta({ description: 'Total runs of the delivery (extras included), for the badge.' }),
    comment: z.string().meta({ description: "HTML limited to <b>, <strong>, <em>, <br>: 'Bowler to Batter, outcome: description'." }),
    over_summary: overSummary.nullable(),
  }),
  'One delivery of the commentary (spec §3 Commentary entry).',
);

export const commentary = contract(
  'Commentary',
  z.object({
    related_balls: z.array(commentaryEntry).meta({ description: 'Newest first, as the spec lists them.' }),
    live: liveState
      .nullable()
      .meta({ description: "play.live of a match in play (the provider's client shows the striker's figures from live.recent_players); null otherwise." }),
  }),
);

// ---------- squad ----------

export const squadPlayer = z.object({
  player_key: z.string(),
  player_name: z.string(),
  image: z.string().nullable().meta({ description: 'Cricsheet has no photos; null, and pages show a silhouette.' }),
  role_in_match: z.string().meta({ description: "What the player did in this match, e.g. 'Batted at 3 · Bowled 4 overs'." }),
  captain: z.boolean().meta({ description: "Addition: the side's captain (known for live team sheets; Cricsheet's files do not say)." }),
  keeper: z.boolean().meta({ description: "Addition: the side's wicketkeeper (known for live team sheets)." }),
  role: z
    .object({ codes: z.array(z.enum(['bt', 'bo', 'ar', 'wc'])), label: z.string(), derived: z.boolean() })
    .nullable()
    .meta({ description: "Addition: his profile's role, or (derived: true) the role his matches in this tournament show." }),
  substitution: z
    .object({ kind: z.enum(['in', 'out']), reason: z.string(), player_key: z.string(), player_name: z.string() })
    .nullable()
    .meta({ description: "Addition: 'in' for an impact player (reason 'impact_player') or substitute, naming the player he replaced; 'out' for that player, naming who came in." }),
});

export const squad = contract(
  'Squad',
  z.object({ team: bySide(z.object({ name: z.string(), code: z.string(), url: z.string(), players: z.array(squadPlayer) })) }),
);

/** The squad as the provider's client reads it: at the top level, each side's players under player. */
export const providerSquad = contract(
  'ProviderSquad',
  bySide(z.object({ name: z.string(), code: z.string(), url: z.string(), player: z.array(squadPlayer) })),
  "Both sides at the top level of get/squad, players under player (the provider's client reads team.a.player).",
);

// ---------- match info tab ----------

export const formResult = z.object({
  match_key: z.string(),
  result: z.enum(FORM_LETTERS),
  opponent: z.string(),
  start_date: z.string(),
});

export const matchInfo = contract(
  'MatchInfo',
  z.object({
    venue: z.object({ name: z.string(), city: z.string() }).nullable(),
    form: bySide(z.array(formResult)).meta({ description: 'Last five completed results of each side before this match, newest first.' }),
    head_to_head: z.object({
      played: z.number().int(),
      won: bySide(z.number().int()),
      tied: z.number().int(),
      no_result: z.number().int(),
      drawn: z.number().int(),
      last: z.array(matchObject).meta({ description: 'Last ten meetings before this match, newest first.' }),
    }),
    recent: z.array(matchObject).meta({ description: "Each side's most recent matches before this one (at most 6 in all, newest first)." }),
  }),
);

// ---------- win probability ----------

const probability = z.number().min(0).max(1);

export const winProbabilityBall = contract(
  'WinProbabilityBall',
  z.object({
    innings: z.number().int().meta({ description: 'Innings number, 1-based, super overs left out.' }),
    over: z.number().int().meta({ description: 'Over index, 0 for the first over.' }),
    ball: z.number().int().meta({ description: 'Legal ball of the over, 1-based; a wide or no-ball carries the number of the ball still to come.' }),
    a_win: probability.meta({ description: 'P(team a wins) after this delivery, three decimals.' }),
    draw: probability.nullable().meta({ description: 'Tests: P(draw) after this delivery; null in limited overs.' }),
  }),
);

const preMatchChance = z.object({ a_win: probability, draw: probability.nullable() });

export const winProbability = contract(
  'WinProbability',
  z.object({
    supported: z.boolean().meta({ description: "false for a match the model does not cover (The Hundred's five-ball overs): balls is empty." }),
    balls: z.array(winProbabilityBall).meta({ description: 'Every delivery in ball order (super overs left out).' }),
    pre_match: z
      .object({ a_bats_first: preMatchChance, b_bats_first: preMatchChance })
      .nullable()
      .meta({ description: 'The model before the first ball, with each side batting first.' }),
    batting_first: teamSide.nullable().meta({ description: 'The side batting first when known (first innings, else the toss).' }),
    unrated: z.array(teamSide).meta({ description: 'Sides the model has no rating for in this format: it counts them as average sides.' }),
    trained_through: z.string().meta({ description: 'Last day of the matches the model learnt from (YYYY-MM-DD); later matches were held out to measure it.' }),
  }),
  'P(team a wins) after every delivery, from a model trained on Cricsheet ball-by-ball data and measured on held-out matches (decision 039).',
);

// ---------- routes ----------

const matchCentreRoute = <R extends z.ZodType>(paths: string[], summary: string, data: R) =>
  route({ paths, summary, tags: ['match centre'], querystring: matchQuery, response: envelope(data), notFound: true });

export const matchCentreRoutes = {
  detail: matchCentreRoute(['/match/detail'], 'One match with officials, awards, toss and notes', matchDetail),
  // The spec calls these with a trailing slash; both spellings answer.
  scorecard: matchCentreRoute(['/scorecard/', '/scorecard'], 'Scorecard of every innings', scorecard),
  // 'commentory' is the spec's spelling; data is { related_balls: [...] }.
  commentary: matchCentreRoute(['/get/commentory/', '/get/commentory'], 'Ball-by-ball commentary, newest first', commentary),
  squad: route({
    paths: ['/get/squad'],
    summary: 'Both sides with their players and what each did',
    tags: ['match centre'],
    querystring: matchQuery,
    // The provider's client reads team at the top level, not under data (decision 061).
    response: envelope(squad, { team: providerSquad }),
    notFound: true,
  }),
  info: matchCentreRoute(['/match/info'], 'Info tab: venue, form, head to head, recent matches', matchInfo),
  winProbability: matchCentreRoute(['/match/winprob'], 'Win probability after every delivery, and before the first', winProbability),
};
