// Player overview and player info (spec §3), shared by the provider API and the player page.
// Everything about a player comes from four indexed queries (the person, the matches played,
// the batting and bowling innings), loaded once and cached until the data changes; both
// answers are derived from that one load.
import { sql, type Kysely } from 'kysely';
import type { Database, MatchFormat, TeamSide } from '../db/schema.ts';
import { careerBatting, careerBowling, type BattingInnings, type BowlingInnings } from '../domain/career.ts';
import { beyondInternational, broadFormatOf, careerTypesOf, FORMAT_TYPES, orderedFormatTypes, WIDER_CAREER, type FormatType } from '../domain/format-type.ts';
import { isTeamWicket } from '../domain/scorecard.ts';
import type { DismissalKind, PlayerProfileFacts } from '../domain/types.ts';
import { playerRoles, roleLabel } from '../domain/player-role.ts';
import { isPlayingRole, roleCodesOf } from '../domain/player-styles.ts';
import { tags } from '../feed/tags.ts';
import type { TaggedCache } from './cache.ts';
import type { HeldSince, PlayerInfo, PlayerInfoMatch, PlayerInfoTournament, PlayerMatchInnings, PlayerOverview, TypeCareer } from './match-centre-types.ts';
import { displayTeamName, subTitle } from './match-summary.ts';
import { groupBy } from './match-rows.ts';

/** The provider's formats in the spec's order. */
export const BROAD_FORMATS: readonly MatchFormat[] = ['t20', 'oneday', 'test'];

/** One match the player was named in, with the side he played for. */
interface AppearanceRow {
  match_id: number;
  match_key: string;
  format: MatchFormat;
  format_type: FormatType;
  gender: string;
  start_date: string;
  balls_per_over: number;
  match_type: string;
  event_stage: string | null;
  event_match_number: number | null;
  event_group: string | null;
  team_a_name: string;
  team_b_name: string;
  side: TeamSide;
  tou_key: string;
  tou_name: string;
  tou_sides: number;
  tou_type_matches: Partial<Record<FormatType, number>>;
  tou_start_date: string | null;
  tou_end_date: string | null;
  team_id: number;
  team_key: string;
  team_current_name: string;
  team_code: string;
  team_type: 'international' | 'club';
}

interface BattingRow {
  match_id: number;
  innings_no: number;
  position: number;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  dismissal_kind: string | null;
}

interface BowlingRow {
  match_id: number;
  innings_no: number;
  legal_balls: number;
  called_balls: number;
  maidens: number;
  runs: number;
  wickets: number;
}

/** Everything the answers are derived from; appearances newest first, innings in playing order. */
interface PlayerRecord {
  key: string;
  name: string;
  appearances: AppearanceRow[];
  batting: BattingRow[];
  bowling: BowlingRow[];
  profile: PlayerProfileFacts | null;
  /** Batters he stumped in the matches held: the one sure sign he kept wicket (player-role.ts). */
  stumpings: number;
}

export class PlayerService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
  ) {}

  /** Career batting and bowling per type of cricket, and who the player is; null for an unknown key. */
  overview(playerKey: string): Promise<PlayerOverview | null> {
    return this.cache.get(`player:overview:${playerKey}`, [tags.player(playerKey)], async () => {
      const record = await this.load(playerKey);
      return record && toOverview(record);
    });
  }

  /**
   * Per gender and career type, the first day of the earliest match held here that counts in it
   * (a Test counts in first-class careers too): Cricsheet's ball-by-ball records of Tests begin
   * in December 2001, so a career before then is not all here.
   */
  heldSince(): Promise<HeldSince> {
    return this.cache.get('players:held-since', [tags.players], async () => {
      const rows = await this.db
        .selectFrom('counted_matches')
        .select(['gender', 'format_type', sql<string>`min(start_date)::text`.as('first_day')])
        .groupBy(['gender', 'format_type'])
        .execute();
      const held: HeldSince = { male: {}, female: {} };
      for (const row of rows) {
        const byType = held[row.gender === 'female' ? 'female' : 'male'];
        for (const type of careerTypesOf(row.format_type)) {
          const known = byType[type];
          if (known === undefined || row.first_day < known) byType[type] = row.first_day;
        }
      }
      return held;
    });
  }

  /** The player's tournaments, newest first, each with its matches and his scores in them. */
  info(playerKey: string): Promise<PlayerInfo | null> {
    return this.cache.get(`player:info:${playerKey}`, [tags.player(playerKey)], async () => {
      const record = await this.load(playerKey);
      return record && toInfo(record);
    });
  }

  private load(playerKey: string): Promise<PlayerRecord | null> {
    return this.cache.get(`player:record:${playerKey}`, [tags.player(playerKey)], async () => {
      const person = await this.db
        .selectFrom('people')
        .select(['id', 'registry_id', 'name'])
        .where('registry_id', '=', playerKey)
        .executeTakeFirst();
      if (!person) return null;
      const [appearances, batting, bowling, profile] = await Promise.all([
        this.appearances(person.id),
        this.battingInnings(person.id),
        this.bowlingInnings(person.id),
        this.profile(person.registry_id),
      ]);
      // Only the role derived without a profile needs them.
      const stumpings = profile?.playingRole ? 0 : await this.stumpings(person.id, appearances.map((row) => row.match_id));
      return { key: person.registry_id, name: person.name, appearances, batting, bowling, profile, stumpings };
    });
  }

  // The counted matches only (decision 059): a replay or a voided match is in no career, form or Matches tab;
  // the innings below count only in these matches (careerOver).
  private appearances(personId: number): Promise<AppearanceRow[]> {
    return this.db
      .selectFrom('match_players as mp')
      .innerJoin('counted_matches as m', 'm.id', 'mp.match_id')
      .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
      .innerJoin('teams as pt', (join) =>
        join.on(sql<boolean>`pt.id = case mp.team when 'a' then m.team_a_id else m.team_b_id end`),
      )
      .select([
        'm.id as match_id',
        'm.match_key',
        'm.format',
        'm.format_type',
        'm.gender',
        'm.start_date',
        'm.balls_per_over',
        'm.match_type',
        'm.event_stage',
        'm.event_match_number',
        'm.event_group',
        'm.team_a_name',
        'm.team_b_name',
        'mp.team as side',
        't.tou_key',
        't.name as tou_name',
        't.sides as tou_sides',
        't.type_matches as tou_type_matches',
        't.start_date as tou_start_date',
        't.end_date as tou_end_date',
        'pt.id as team_id',
        'pt.team_key',
        'pt.name as team_current_name',
        'pt.code as team_code',
        'pt.team_type',
      ])
      .where('mp.person_id', '=', personId)
      .orderBy('m.start_date', 'desc')
      .orderBy('m.id', 'desc')
      .execute();
  }

  private async profile(registryId: string): Promise<PlayerProfileFacts | null> {
    const row = await this.db.selectFrom('player_profiles').selectAll().where('registry_id', '=', registryId).executeTakeFirst();
    if (!row) return null;
    return {
      fullName: row.full_name,
      knownAs: row.known_as,
      dateOfBirth: row.date_of_birth,
      birthplace: row.birthplace,
      country: row.country,
      battingStyle: row.batting_style,
      bowlingStyle: row.bowling_style,
      playingRole: row.playing_role,
      nameHi: row.name_hi,
      photo: row.photo_url && row.photo_licence ? { url: row.photo_url, licence: row.photo_licence, author: row.photo_author, page: row.photo_page } : null,
      source: row.source,
    };
  }

  private async stumpings(personId: number, matchIds: readonly number[]): Promise<number> {
    if (matchIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('batting_innings')
      .select(sql<number>`count(*)::int`.as('stumpings'))
      .where('match_id', 'in', matchIds)
      .where('dismissal_kind', '=', 'stumped')
      .where(sql<boolean>`${personId} = any(fielder_ids)`)
      .executeTakeFirst();
    return row?.stumpings ?? 0;
  }

  // Super overs are left out of career figures, as scorers do.
  private battingInnings(personId: number): Promise<BattingRow[]> {
    return this.db
      .selectFrom('batting_innings as b')
      .innerJoin('innings as i', (join) => join.onRef('i.match_id', '=', 'b.match_id').onRef('i.innings_no', '=', 'b.innings_no'))
      .select(['b.match_id', 'b.innings_no', 'b.position', 'b.runs', 'b.balls', 'b.fours', 'b.sixes', 'b.dismissal_kind'])
      .where('b.person_id', '=', personId)
      .where('i.super_over', '=', false)
      .orderBy('b.match_id')
      .orderBy('b.innings_no')
      .execute();
  }

  private bowlingInnings(personId: number): Promise<BowlingRow[]> {
    return this.db
      .selectFrom('bowling_innings as w')
      .innerJoin('innings as i', (join) => join.onRef('i.match_id', '=', 'w.match_id').onRef('i.innings_no', '=', 'w.innings_no'))
      .select(['w.match_id', 'w.innings_no', 'w.legal_balls', 'w.called_balls', 'w.maidens', 'w.runs', 'w.wickets'])
      .where('w.person_id', '=', personId)
      .where('i.super_over', '=', false)
      .orderBy('w.match_id')
      .orderBy('w.innings_no')
      .execute();
  }
}

// ---------- deriving the answers ----------

/** Midnight UTC of a 'YYYY-MM-DD' day, in epoch seconds (Cricsheet gives days, not times). */
export function epochSeconds(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000);
}

function isNotOut(dismissalKind: string | null): boolean {
  return dismissalKind === null || !isTeamWicket(dismissalKind as DismissalKind);
}

/** Career figures over a set of matches and the innings played in them. */
function careerOver(appearances: readonly AppearanceRow[], batting: readonly BattingRow[], bowling: readonly BowlingRow[]) {
  const played = new Set(appearances.map((appearance) => appearance.match_id));
  const battingHere: BattingInnings[] = batting
    .filter((inn) => played.has(inn.match_id))
    .map((inn) => ({
      matchId: inn.match_id,
      runs: inn.runs,
      balls: inn.balls,
      fours: inn.fours,
      sixes: inn.sixes,
      dismissed: inn.dismissal_kind !== null,
      retiredNotOut: inn.dismissal_kind !== null && isNotOut(inn.dismissal_kind),
    }));
  const bowlingHere: BowlingInnings[] = bowling
    .filter((inn) => played.has(inn.match_id))
    .map((inn) => ({
      matchId: inn.match_id,
      legalBalls: inn.legal_balls,
      runs: inn.runs,
      wickets: inn.wickets,
      maidens: inn.maidens,
    }));
  return {
    batting: careerBatting(battingHere, played.size),
    bowling: careerBowling(bowlingHere, played.size),
  };
}

/** The value that occurs most often; ties go to the one seen first. */
function mostFrequent<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (best === undefined || count > (counts.get(best) ?? 0)) best = value;
  }
  return best;
}

/** His careers per type, a match counting in its own type's and in the wider one (a Test is first-class too). */
function typeCareers(record: PlayerRecord): TypeCareer[] {
  const byCareer = new Map<FormatType, AppearanceRow[]>();
  for (const appearance of record.appearances) {
    for (const type of careerTypesOf(appearance.format_type)) byCareer.set(type, [...(byCareer.get(type) ?? []), appearance]);
  }
  return FORMAT_TYPES.flatMap((formatType) => {
    const appearances = byCareer.get(formatType);
    if (!appearances) return [];
    // An umbrella row only where it holds more than its international row (Kohli's first-class row is not his Tests again).
    const beyond = beyondInternational(formatType, appearances.map((appearance) => appearance.format_type));
    if (beyond === 0) return [];
    const wider = Object.values(WIDER_CAREER).includes(formatType);
    // Appearances are newest first.
    return [
      {
        formatType,
        format: broadFormatOf(formatType),
        domesticMatches: wider ? beyond : null,
        ...careerOver(appearances, record.batting, record.bowling),
        firstMatch: appearances[appearances.length - 1]!.start_date,
        lastMatch: appearances[0]!.start_date,
      },
    ];
  });
}

function toOverview(record: PlayerRecord): PlayerOverview {
  const careers = typeCareers(record);

  // Appearances are newest first, so first-seen order is most-recent order (and breaks ties).
  const teamsById = new Map(record.appearances.map((appearance) => [appearance.team_id, appearance] as const).reverse());
  const recentTeamIds = [...new Set(record.appearances.map((appearance) => appearance.team_id))];
  const nationalTeamId = mostFrequent(
    record.appearances.filter((appearance) => appearance.team_type === 'international').map((appearance) => appearance.team_id),
  );
  const nationalTeam = nationalTeamId === undefined ? undefined : teamsById.get(nationalTeamId);
  const gender = mostFrequent(record.appearances.map((appearance) => appearance.gender)) === 'female' ? 'female' : 'male';

  return {
    careers,
    player: {
      key: record.key,
      name: record.name,
      // Cricsheet has neither photos nor birth dates: they come from the profile, when one is held.
      image: record.profile?.photo?.url ?? null,
      dateOfBirth: record.profile?.dateOfBirth ?? null,
      nationality: nationalTeam
        ? { name: displayTeamName(nationalTeam.team_current_name, gender), code: nationalTeam.team_code }
        : null,
      teams: recentTeamIds.flatMap((id) => {
        const team = teamsById.get(id);
        return team ? [{ key: team.team_key, name: displayTeamName(team.team_current_name, gender) }] : [];
      }),
      gender,
      profile: record.profile,
      role: roleOf(record),
    },
  };
}

/** The profile's role; without one, the role his matches show (player-role.ts), marked derived. */
function roleOf(record: PlayerRecord): PlayerOverview['player']['role'] {
  const stated = record.profile?.playingRole;
  if (stated && isPlayingRole(stated)) return { label: stated, codes: roleCodesOf(stated), derived: false };
  if (record.appearances.length === 0) return null;
  const positions = record.batting.map((inn) => inn.position);
  const codes = playerRoles({
    matches: new Set(record.appearances.map((row) => row.match_id)).size,
    battingInnings: record.batting.length,
    averageBattingPosition: positions.length === 0 ? null : positions.reduce((sum, at) => sum + at, 0) / positions.length,
    bowlingInnings: record.bowling.length,
    ballsBowled: record.bowling.reduce((sum, inn) => sum + inn.legal_balls, 0),
    stumpings: record.stumpings,
  });
  const label = codes[0] === 'wc' ? (codes[1] === 'bt' ? 'Wicketkeeper-batter' : roleLabel('wc')) : roleLabel(codes[0]!);
  return { label, codes, derived: true };
}

function toInfo(record: PlayerRecord): PlayerInfo {
  const battingByMatch = groupBy(record.batting, (inn) => inn.match_id);
  const bowlingByMatch = groupBy(record.bowling, (inn) => inn.match_id);
  // Map order is first-seen order: tournaments come out newest first, like the appearances.
  const byTournament = groupBy(record.appearances, (appearance) => appearance.tou_key);
  const tournaments = [...byTournament.values()].map((appearances): PlayerInfoTournament => {
    const [latest] = appearances as [AppearanceRow, ...AppearanceRow[]];
    const earliest = appearances[appearances.length - 1] ?? latest;
    const { batting, bowling } = careerOver(appearances, record.batting, record.bowling);
    return {
      key: latest.tou_key,
      name: latest.tou_name,
      formats: BROAD_FORMATS.filter((format) => appearances.some((appearance) => appearance.format === format)),
      formatTypes: orderedFormatTypes(appearances.map((appearance) => appearance.format_type)),
      startAt: epochSeconds(latest.tou_start_date ?? earliest.start_date),
      lastMatchAt: epochSeconds(latest.tou_end_date ?? latest.start_date),
      teamsPlayedFor: [...new Set(appearances.map((appearance) => playedFor(appearance)))],
      matchesPlayed: batting.matches,
      runs: batting.runs,
      strikeRate: batting.strikeRate,
      average: batting.average,
      wickets: bowling.wickets,
      matches: appearances.map((appearance) =>
        toInfoMatch(appearance, battingByMatch.get(appearance.match_id) ?? [], bowlingByMatch.get(appearance.match_id) ?? []),
      ),
    };
  });
  return { tournaments };
}

/** The side's name as it was in that match (a franchise may have been renamed since). */
function playedFor(appearance: AppearanceRow): string {
  const name = appearance.side === 'a' ? appearance.team_a_name : appearance.team_b_name;
  return displayTeamName(name, appearance.gender);
}

function toInfoMatch(appearance: AppearanceRow, batting: readonly BattingRow[], bowling: readonly BowlingRow[]): PlayerInfoMatch {
  // His 1st, 2nd... innings of each kind in the match (a second only in two-innings matches).
  const innings = Array.from({ length: Math.max(batting.length, bowling.length) }, (_, index): PlayerMatchInnings => {
    const bat = batting[index];
    const bowl = bowling[index];
    return {
      batting: bat ? { runs: bat.runs, balls: bat.balls, notOut: isNotOut(bat.dismissal_kind) } : null,
      bowling: bowl ? { wickets: bowl.wickets, runs: bowl.runs, calledBalls: bowl.called_balls } : null,
    };
  });
  const teamA = displayTeamName(appearance.team_a_name, appearance.gender);
  const teamB = displayTeamName(appearance.team_b_name, appearance.gender);
  return {
    key: appearance.match_key,
    name: `${teamA} v ${teamB}, ${subTitle(appearance)}`,
    teams: { a: teamA, b: teamB },
    title: { en: subTitle(appearance), hi: subTitle(appearance, 'hi') },
    startAt: epochSeconds(appearance.start_date),
    format: appearance.format,
    formatType: appearance.format_type,
    ballsPerOver: appearance.balls_per_over,
    innings,
  };
}
