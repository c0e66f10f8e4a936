// Fantasy points (docs/decisions/038-fantasy-points.md): the match's Fantasy tab (every listed
// player's points with the breakdown) and the Top Fantasy Points page (the sides' players by
// their average points in earlier completed matches of the same format: all of them, the last
// five, at this venue, against this opponent).
import { sql, type Kysely } from 'kysely';
import type { Database, TeamSide } from '../../db/schema.ts';
import { FANTASY_RULES_VERSION } from '../../domain/fantasy-rules.ts';
import { fantasyFromScorecards } from '../../store/fantasy-rows.ts';
import { LAST_MATCHES, type MatchFantasy, type TopFantasy, type TopFantasyEntry, type TopFantasyTab } from '../match-centre-types.ts';
import { displayTeamName } from '../match-summary.ts';
import { matchPlayers, people, type MatchCentreRow } from './shared.ts';


/**
 * The match's points, from its scorecard rows as they are now (a live match's after its last
 * ball); the stored rows are the same for a match whose innings have closed.
 */
export async function buildFantasy(db: Kysely<Database>, match: MatchCentreRow): Promise<MatchFantasy> {
  if (match.status === 'not_started') return { rules: FANTASY_RULES_VERSION, players: [] };
  const scores = (await fantasyFromScorecards(db, [match.id])).get(match.id) ?? [];
  const person = await people(db, scores.map((score) => score.player));
  return {
    rules: FANTASY_RULES_VERSION,
    players: scores.map((score) => ({ player: person(score.player), team: score.team, points: score.points, lines: score.lines })),
  };
}

interface PastRow {
  person_id: number;
  team: TeamSide;
  points: number;
  match_key: string;
  start_date: string;
  venue_id: number | null;
  team_a_id: number;
  team_b_id: number;
  team_a_name: string;
  team_b_name: string;
  gender: string;
}

/**
 * The Top Fantasy Points page for a match: its listed players (or, before they are named, each
 * side's players of its latest earlier match), ranked on one tab.
 */
export async function buildTopFantasy(db: Kysely<Database>, match: MatchCentreRow, tab: TopFantasyTab): Promise<TopFantasy> {
  const [facts] = await sql<{ venue_id: number | null; start_date: string }>`
    select venue_id, start_date::text as start_date from matches where id = ${match.id} -- uncounted: this match, by id
  `.execute(db).then((result) => result.rows);
  let squad: { team: TeamSide; person_id: number }[] = await matchPlayers(db, match.id);
  let squadFrom: TopFantasy['squadFrom'] = 'match';
  if (squad.length === 0) {
    squad = await latestSquads(db, match);
    squadFrom = 'previous';
  }
  const sideOf = new Map(squad.map((row) => [row.person_id, row.team]));
  const teamIds: Record<TeamSide, number> = { a: match.team_a_id, b: match.team_b_id };
  const past = squad.length === 0 ? [] : await sql<PastRow>`
    select f.person_id, f.team, f.points, m.match_key, m.start_date::text as start_date, m.venue_id, m.team_a_id, m.team_b_id,
      m.team_a_name, m.team_b_name, m.gender
    from fantasy_points f join counted_matches m on m.id = f.match_id
    where f.person_id = any(${[...sideOf.keys()]}::integer[]) and m.format = ${match.format} and m.status = 'completed'
      and m.id <> ${match.id} and m.start_date <= ${facts!.start_date}::date and f.rules = ${FANTASY_RULES_VERSION}
    order by m.start_date desc, m.id desc
  `.execute(db).then((result) => result.rows);

  const byPlayer = new Map<number, PastRow[]>();
  for (const row of past) {
    const side = sideOf.get(row.person_id)!;
    const opponent = row.team === 'a' ? row.team_b_id : row.team_a_id;
    const kept =
      tab === 'all' || tab === 'last' ? true : tab === 'venue' ? facts!.venue_id !== null && row.venue_id === facts!.venue_id : opponent === teamIds[side === 'a' ? 'b' : 'a'];
    if (!kept) continue;
    const list = byPlayer.get(row.person_id) ?? [];
    if (tab === 'last' && list.length >= LAST_MATCHES) continue;
    list.push(row);
    byPlayer.set(row.person_id, list);
  }
  const person = await people(db, [...byPlayer.keys()]);
  const players: TopFantasyEntry[] = [...byPlayer].map(([personId, rows]) => {
    const total = rows.reduce((sum, row) => sum + row.points, 0);
    return {
      player: person(personId),
      team: sideOf.get(personId)!,
      matches: rows.length,
      total,
      average: Math.round((total / rows.length) * 10) / 10,
      best: Math.max(...rows.map((row) => row.points)),
      recent: rows.slice(0, LAST_MATCHES).map((row) => ({
        matchKey: row.match_key,
        startDate: row.start_date,
        opponent: displayTeamName(row.team === 'a' ? row.team_b_name : row.team_a_name, row.gender as 'male' | 'female'),
        points: row.points,
      })),
    };
  });
  players.sort((x, y) => y.average - x.average || y.matches - x.matches || x.player.name.localeCompare(y.player.name));
  return { rules: FANTASY_RULES_VERSION, tab, squadFrom, players };
}

/** Each side's players in its latest match before this one (the sides' squads before the XIs are named). */
async function latestSquads(db: Kysely<Database>, match: MatchCentreRow): Promise<{ team: TeamSide; person_id: number }[]> {
  const squads: { team: TeamSide; person_id: number }[] = [];
  for (const [side, teamId] of [['a', match.team_a_id], ['b', match.team_b_id]] as const) {
    const rows = await sql<{ person_id: number }>`
      select mp.person_id from match_players mp
      where mp.match_id = (
        select m.id from counted_matches m where (m.team_a_id = ${teamId} or m.team_b_id = ${teamId}) and m.id <> ${match.id}
          and m.format = ${match.format} and exists (select 1 from match_players x where x.match_id = m.id)
        order by m.start_date desc, m.id desc limit 1)
      and mp.team = (select case when m.team_a_id = ${teamId} then 'a' else 'b' end from matches m where m.id = mp.match_id) -- uncounted: that match, by id
      order by mp.position
    `.execute(db);
    squads.push(...rows.rows.map((row) => ({ team: side, person_id: row.person_id })));
  }
  return squads;
}
