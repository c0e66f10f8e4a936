// Players (spec §3 Player overview, Player info; §7 player/info, player/overview).
import { z } from 'zod';
import { contract, envelope, format, formatType, gender, keyParameter, optionalParameter, overs, route } from './common.ts';

const playerKey = keyParameter('player_key').meta({ description: 'The player key (Cricsheet registry id, 8 hex digits).' });

export const playerInfoQuery = z.object({ player_key: playerKey });

export const playerOverviewQuery = z.object({
  player_key: playerKey,
  // The spec sends the lowercased association code ('ind'); accepted, not used to filter.
  ass_key: optionalParameter(
    z.string({ error: 'ass_key must be a single value' }).regex(/^[a-z]{2,10}$/, 'ass_key must be 2 to 10 lowercase letters'),
  ).meta({ description: 'Lowercased association code as the spec sends it; accepted, not used to filter.' }),
});

// ---------- overview ----------

/** The domain's career figures (src/server/domain/types.ts) in the provider's names. */
export const careerBatting = z.object({
  matches: z.number().int(),
  innings: z.number().int(),
  runs: z.number().int(),
  high_score: z.string().meta({ description: "e.g. '158*'" }),
  hundreds: z.number().int(),
  fifties: z.number().int(),
  strike_rate: z.number(),
  average: z.number().nullable().meta({ description: 'null when never dismissed.' }),
  fours: z.number().int(),
  sixes: z.number().int(),
  ducks: z.number().int(),
  not_outs: z.number().int(),
  balls: z.number().int(),
});

export const careerBowling = z.object({
  matches: z.number().int(),
  innings: z.number().int(),
  wickets: z.number().int(),
  best_str: z.string().nullable().meta({ description: "Best figures in an innings, e.g. '5/27'." }),
  overs: z.union([z.string(), overs]).meta({
    description:
      "Legal balls as six-ball overs, whatever the length of the overs bowled: '514.5' in a t20 entry, [514, 5] in the others, as the provider's client reads them (it prints a t20 entry's whole and the others' overs[0], decision 061).",
  }),
  runs: z.number().int(),
  economy: z.number().nullable(),
  average: z.number().nullable(),
  strike_rate: z.number().nullable(),
  three_wickets: z.number().int(),
  five_wickets: z.number().int(),
  ten_wickets: z.number().int().meta({ description: 'Ten or more wickets in a match.' }),
  maidens: z.number().int(),
  balls: z.number().int(),
});

export const playerOverview = contract(
  'PlayerOverview',
  z.object({
    stats: z
      .array(
        z.object({
          formet: format,
          format_type: formatType.meta({
            description:
              'Addition: the career this entry is, as the record books keep them: first_class includes Tests, list_a ODIs, t20 T20Is. Entries come Test, ODI, T20I, first-class, List A, T20, The Hundred, so the first of each formet is the international career.',
          }),
          first_match: z.string().meta({ description: "Addition: 'YYYY-MM-DD', the first day of his first match counted." }),
          last_match: z.string().meta({ description: "Addition: 'YYYY-MM-DD', the first day of his last match counted." }),
          held_since: z.string().meta({
            description:
              "Addition: 'YYYY-MM-DD', the first day of the earliest match of this kind the site holds (Cricsheet's Tests begin in December 2001): the figures cover only matches held here.",
          }),
          batting: careerBatting,
          bowling: careerBowling,
        }),
      )
      .meta({ description: 'One entry per career the player has, in the order Test, ODI, T20I, first-class, List A, T20, The Hundred.' }),
    player: z.object({
      player_key: z.string(),
      player_name: z.string(),
      image: z.string().nullable(),
      date_of_birth: z.string().nullable(),
      nationality: z
        .object({ name: z.string(), code: z.string() })
        .nullable()
        .meta({ description: 'The international side the player has represented most, when any.' }),
      teams: z.array(z.object({ name: z.string(), url: z.string() })),
      gender,
      full_name: z.string().nullable().meta({ description: "Addition: the player's full name from his profile ('Virat Kohli' for 'V Kohli'); null without a profile." }),
      profile: z
        .object({
          full_name: z.string().nullable(),
          known_as: z.string().nullable(),
          date_of_birth: z.string().nullable().meta({ description: "'YYYY-MM-DD'." }),
          birthplace: z.string().nullable(),
          country: z.string().nullable(),
          batting_style: z.string().nullable().meta({ description: "'Right-hand bat' or 'Left-hand bat'." }),
          bowling_style: z.string().nullable().meta({ description: "'Right-arm fast-medium', 'Slow left-arm orthodox', ... (several joined by ', ')." }),
          playing_role: z.string().nullable().meta({ description: "'Top-order batter', 'Wicketkeeper-batter', 'All-rounder', 'Bowler', ..." }),
          name_hi: z.string().nullable().meta({ description: 'The name in Devanagari, from the profile.' }),
          photo: z
            .object({ url: z.string(), licence: z.string(), author: z.string().nullable(), page: z.string().nullable() })
            .nullable()
            .meta({ description: 'A photo whose licence allows showing it, with its author and licence (credit them).' }),
          source: z.string().meta({ description: "Where every fact of the profile comes from ('Wikidata Q213854', a file)." }),
        })
        .nullable()
        .meta({ description: 'Addition: who the player is (decision 055); null when no profile is held.' }),
      role: z
        .object({ label: z.string(), codes: z.array(z.enum(['bt', 'bo', 'ar', 'wc'])), derived: z.boolean() })
        .nullable()
        .meta({ description: "Addition: the profile's playing role, or (derived: true) the role the matches held show: batter, bowler, all-rounder, wicketkeeper where he made stumpings." }),
    }),
  }),
  'Career batting and bowling per format, and the player.',
);

// ---------- info ----------

export const playerInfoMatch = z.object({
  match_key: z.string(),
  name: z.string(),
  start_at: z.number().int(),
  format,
  format_type: formatType,
  score: z.object({
    score: z
      .record(
        z.string(),
        z.object({
          batting: z.object({ score: z.object({ runs: z.number().int(), balls: z.number().int(), not_out: z.boolean() }) }).optional(),
          bowling: z.object({ score: z.object({ wickets: z.number().int(), runs: z.number().int(), overs }) }).optional(),
        }),
      )
      .meta({ description: 'score.score[index].batting.score and/or .bowling.score.' }),
  }),
});

export const playerInfoTournament = contract(
  'PlayerInfoTournament',
  z.object({
    tou_key: z.string(),
    tou_name: z.string(),
    imgURl: z.string().nullable(),
    formats: z.array(format),
    format_types: z.array(formatType).meta({ description: 'Addition: the types of the matches he played in it.' }),
    start_date: z.number().int(),
    last_scheduled_match_date: z.number().int(),
    countries: z.array(z.string()),
    totalMatch: z.number().int(),
    totalRun: z.number().int(),
    totalstrike_rate: z.number(),
    totalRunAvg: z.number().nullable(),
    wickets: z.number().int(),
    match: z.array(playerInfoMatch),
  }),
);

export const playerInfo = contract('PlayerInfo', z.object({ finalData: z.array(playerInfoTournament) }));

// ---------- routes ----------

export const playerRoutes = {
  info: route({
    paths: ['/player/info'],
    summary: "A player's matches grouped by tournament",
    tags: ['players'],
    querystring: playerInfoQuery,
    // The spec reads finalData at the top level; data mirrors the other resources.
    response: envelope(playerInfo, {
      finalData: z.array(playerInfoTournament).meta({ description: 'Same as data.finalData (the spec reads it at the top level).' }),
    }),
    notFound: true,
  }),
  overview: route({
    paths: ['/player/overview'],
    summary: 'Career batting and bowling per format, and the player',
    tags: ['players'],
    querystring: playerOverviewQuery,
    response: envelope(playerOverview),
    notFound: true,
  }),
};
