// Points tables of a tournament, from its matches' results and innings totals.
//
// Playing conditions applied (those of the IPL and of ICC events; stated here because Cricsheet
// does not record a competition's own conditions):
// - Only a league stage has a table: a bilateral series (two sides) has a result instead
//   (series-result.ts), and a tournament of knockout matches alone has none.
// - Points: 2 for a win, 0 for a loss, 1 each for a no result and a tie not settled by a super
//   over or bowl-out.
// - A tie settled by a super over or bowl-out (Cricsheet's `eliminator` / `bowl_out`) is a win for
//   the side that won the eliminator and a loss for the other; the Tied column stays 0, as IPL
//   tables have shown it since 2009. A tie without an eliminator goes in Tied.
// - A multi-day league (first-class, Tests) has no points and no net run rate: its competitions
//   award bonus points that ball-by-ball data does not settle, and net run rate is not a
//   multi-day measure. Its table counts won, lost, drawn and tied, ordered by wins, then fewer
//   losses, then draws. A draw is a draw, never a no result.
// - A match without any outcome yet (in progress or not recorded) is left out of the table.
// - A match declared void and replayed in full (a correction: Cricsheet keeps the void match as a
//   no result) is left out of every table; its replay counts. A match abandoned without a ball
//   bowled (a correction: Cricsheet has no file for it) is a no result, 1 point each.
// - Net run rate (limited-overs leagues), as the ICC playing conditions define it: runs scored per
//   over faced minus runs conceded per over bowled, over the round's matches with a result (no
//   results excluded, ties included, super overs excluded):
//   · a side bowled out is charged its full quota of overs: the scheduled overs, or the revised
//     overs of that innings when the target was revised;
//   · when the target was revised (DLS, or overs reduced), the side batting first is credited with
//     (revised target − 1) runs off the revised overs; the chasing side keeps what it scored off
//     the balls it faced (its quota if bowled out);
//   · overs are counted in legal balls, never as the 'O.B' decimal, and as the umpires called them:
//     an over they miscounted stands as one over (Law 17.5), so a five-ball over counts six balls
//     and a seven-ball over six, as on the official scorecard (the innings' calledBalls, from the
//     scorecard's own fold);
//   · rates are runs per six balls, The Hundred's five-ball sets included (overs.ts RATE_BALLS);
//   · a side with no match that counts shows +0.000.
// - Limited-overs rows are ordered by points, net run rate, wins, then name; positions are 1-based.
// - Knockout matches (finals, qualifiers, eliminators, semi and quarter finals, place play-offs)
//   are not in the league table: each forms its own round, in the order Final, Qualifiers,
//   Eliminator, place play-offs, listing the teams that played it with their record there.
//   Stages that are league phases of their own (Super Eight, Qualifying Group, …) form rounds of
//   their own, grouped by Cricsheet group, after the league round.
import { runRate } from './overs.ts';
import { isAllOut } from './scorecard.ts';
import { isBilateral, sidesIn } from './series-result.ts';

type Side = 'a' | 'b';

/** A team as the table shows it; `key` identifies it across matches. */
export interface LeagueTeam {
  key: string;
  code: string;
  name: string;
}

/** One team's line in a table. */
export interface Standing {
  team: LeagueTeam;
  played: number;
  won: number;
  lost: number;
  tied: number;
  noResult: number;
  drawn: number;
  /** null in a multi-day league (bonus points are not computed). */
  points: number | null;
  /** Unrounded (formatNetRunRate shows it as the tables print it); null in a multi-day league. */
  netRunRate: number | null;
  /** 1-based place in the group. */
  position: number;
}

export interface StandingsGroup {
  name: string;
  standings: Standing[];
}

/** A round of a tournament's table (League, Super Eight, Final, …), with its groups. */
export interface StandingsRound {
  name: string;
  /** Multi-day matches: won, lost, drawn and tied only (no points, no net run rate). */
  multiDay: boolean;
  groups: StandingsGroup[];
}

/** One innings' totals, as the innings table stores them. */
export interface LeagueInnings {
  battingTeam: Side;
  superOver: boolean;
  runs: number;
  /** Team wickets (retirements not counted). */
  wickets: number;
  /** Legal balls as the umpires called the overs (InningsSummary.calledBalls). */
  calledBalls: number;
  /** The target set to this innings (revised when DLS applied); null for the side batting first. */
  targetRuns: number | null;
  targetBalls: number | null;
  /** Batters absent hurt: the side is all out when the other batters are out. Default 0. */
  absentBatters?: number;
}

export interface LeagueMatch {
  matchId: string | number;
  teams: [LeagueTeam, LeagueTeam];
  winner: Side | null;
  result: 'tie' | 'no result' | 'draw' | null;
  /** Winner of the super over or bowl-out that settled a tie. */
  eliminator: Side | null;
  /** Cricsheet event.stage ('Final', 'Qualifier 1', 'Super Eight', …); null in the league. */
  stage: string | null;
  /** Cricsheet event.group ('A', '1', 'Group B'); null when the stage has no groups. */
  group: string | null;
  innings: LeagueInnings[];
  ballsPerOver: number;
  /** Scheduled legal balls per innings; null when not limited (multi-day). */
  oversLimitBalls: number | null;
  format: 't20' | 'oneday' | 'test';
  /** Declared void and replayed: in no table. Default false. */
  voided?: boolean;
}

/** Run and ball totals behind a side's net run rate; balls are legal balls. */
export interface RunRateTotals {
  runsScored: number;
  ballsFaced: number;
  runsConceded: number;
  ballsBowled: number;
}


/** Runs per over scored minus runs per over conceded; 0 for a side with no balls either way. */
export function netRunRate(totals: RunRateTotals): number {
  return runRate(totals.runsScored, totals.ballsFaced) - runRate(totals.runsConceded, totals.ballsBowled);
}

/**
 * Signed, to three decimals: '+0.809', '-1.012', '+0.000'. Halves round away from zero
 * (0.0005 → '+0.001', -0.0005 → '-0.001'); the product is first cut to 12 significant digits so
 * binary noise (0.0125 computed as 0.01249999…) does not decide the rounding.
 */
export function formatNetRunRate(value: number): string {
  const thousandths = Math.round(Number((Math.abs(value) * 1000).toPrecision(12)));
  if (thousandths === 0) return '+0.000';
  return `${value < 0 ? '-' : '+'}${(thousandths / 1000).toFixed(3)}`;
}

/** What one innings adds to the batting side's runs and balls (and so to the fielding side's against). */
interface InningsCredit {
  battingTeam: Side;
  runs: number;
  balls: number;
}


/** The chase's target when it is not simply first-innings runs + 1 off the scheduled overs. */
function revisedTarget(
  first: LeagueInnings,
  chase: LeagueInnings,
  oversLimitBalls: number,
): { runs: number; balls: number } | null {
  if (chase.targetRuns === null || chase.targetBalls === null) return null;
  const revised = chase.targetBalls !== oversLimitBalls || chase.targetRuns !== first.runs + 1;
  return revised ? { runs: chase.targetRuns, balls: chase.targetBalls } : null;
}

/** The runs and balls each innings of a match counts for, by the ICC net run rate rules. */
function inningsCredits(match: LeagueMatch): InningsCredit[] {
  const innings = match.innings.filter((entry) => !entry.superOver);
  const limit = match.oversLimitBalls;
  // Multi-day innings have no quota: what was scored off what was bowled.
  if (limit === null) {
    return innings.map((entry) => ({ battingTeam: entry.battingTeam, runs: entry.runs, balls: entry.calledBalls }));
  }

  const [first, chase] = innings;
  const revised = first && chase ? revisedTarget(first, chase, limit) : null;
  return innings.map((entry): InningsCredit => {
    if (entry === first && revised) {
      return { battingTeam: entry.battingTeam, runs: revised.runs - 1, balls: revised.balls };
    }
    // The chase's quota is its (possibly revised) target overs.
    const quota = entry.targetBalls ?? limit;
    return { battingTeam: entry.battingTeam, runs: entry.runs, balls: isAllOut(entry.wickets, entry.absentBatters) ? quota : entry.calledBalls };
  });
}

/** A team's standing while the matches are counted. */
interface Tally extends Pick<Standing, 'team' | 'played' | 'won' | 'lost' | 'tied' | 'noResult' | 'drawn'> {
  points: number;
  totals: RunRateTotals;
}

/** The match has an outcome to count: a winner, or a tie, no result or draw. */
function hasOutcome(match: LeagueMatch): boolean {
  if (match.voided === true) return false;
  return match.winner !== null || match.result !== null;
}

/** The side that won: the declared winner, or the eliminator's winner of a tie. */
function winningSide(match: LeagueMatch): Side | null {
  if (match.winner !== null) return match.winner;
  return match.result === 'tie' ? match.eliminator : null;
}

const other = (side: Side): Side => (side === 'a' ? 'b' : 'a');

function record(standing: Tally, match: LeagueMatch, side: Side): void {
  standing.played += 1;
  const winner = winningSide(match);
  if (winner === side) {
    standing.won += 1;
    standing.points += 2;
  } else if (winner !== null) {
    standing.lost += 1;
  } else if (match.result === 'tie') {
    standing.tied += 1;
    standing.points += 1;
  } else if (match.result === 'draw') {
    standing.drawn += 1;
    standing.points += 1;
  } else {
    standing.noResult += 1;
    standing.points += 1;
  }
}

function countRunRate(standings: Record<Side, Tally>, match: LeagueMatch): void {
  if (match.result === 'no result') return;
  for (const credit of inningsCredits(match)) {
    const batting = standings[credit.battingTeam].totals;
    const fielding = standings[other(credit.battingTeam)].totals;
    batting.runsScored += credit.runs;
    batting.ballsFaced += credit.balls;
    fielding.runsConceded += credit.runs;
    fielding.ballsBowled += credit.balls;
  }
}

/** Multi-day matches have no overs limit. */
const isMultiDay = (match: LeagueMatch): boolean => match.oversLimitBalls === null;

/**
 * The table of a set of matches (one group of one round). Limited overs: ordered by points, net
 * run rate, wins, then name. Multi-day: no points or net run rate, ordered by wins, fewer losses,
 * draws, then name.
 */
export function leagueTable(matches: readonly LeagueMatch[]): Standing[] {
  const standings = new Map<string, Tally>();
  const standingOf = (team: LeagueTeam): Tally => {
    let standing = standings.get(team.key);
    if (!standing) {
      standing = {
        team,
        played: 0,
        won: 0,
        lost: 0,
        tied: 0,
        noResult: 0,
        drawn: 0,
        points: 0,
        totals: { runsScored: 0, ballsFaced: 0, runsConceded: 0, ballsBowled: 0 },
      };
      standings.set(team.key, standing);
    }
    return standing;
  };

  const played = matches.filter(hasOutcome);
  for (const match of played) {
    const sides: Record<Side, Tally> = { a: standingOf(match.teams[0]), b: standingOf(match.teams[1]) };
    record(sides.a, match, 'a');
    record(sides.b, match, 'b');
    countRunRate(sides, match);
  }

  const byName = (x: Tally, y: Tally) => x.team.name.localeCompare(y.team.name, 'en');
  if (played.length > 0 && played.every(isMultiDay)) {
    return [...standings.values()]
      .sort((x, y) => y.won - x.won || x.lost - y.lost || y.drawn - x.drawn || byName(x, y))
      .map(({ totals: _totals, ...standing }, index) => ({ ...standing, points: null, netRunRate: null, position: index + 1 }));
  }
  return [...standings.values()]
    .map((standing) => ({ standing, nrr: netRunRate(standing.totals) }))
    // Equal points: more wins first, then net run rate (the IPL's and the ICC's playing
    // conditions; IPL 2025 put LSG, 6 wins, above KKR, 5 wins and 2 no results, on 12 points).
    .sort((x, y) => y.standing.points - x.standing.points || y.standing.won - x.standing.won || y.nrr - x.nrr || byName(x.standing, y.standing))
    .map(({ standing: { totals: _totals, ...standing }, nrr }, index) => ({ ...standing, netRunRate: nrr, position: index + 1 }));
}

/** Stage names compared without case, spaces or punctuation: 'Semi-final' = 'Semi Final'. */
const stageKey = (stage: string): string => stage.toLowerCase().replace(/[^a-z0-9]/g, '');

type KnockoutRound = 'Final' | 'Qualifiers' | 'Eliminator' | 'Place Play-Offs';

/** Knockout stages in table order: the round they belong to and the group name shown. */
const KNOCKOUT_STAGES: ReadonlyArray<{ round: KnockoutRound; group: string; spellings: string[] }> = [
  { round: 'Final', group: 'Final', spellings: ['Final'] },
  { round: 'Qualifiers', group: 'Qualifier 1', spellings: ['Qualifier 1'] },
  { round: 'Qualifiers', group: 'Qualifier 2', spellings: ['Qualifier 2'] },
  { round: 'Qualifiers', group: 'Qualifier', spellings: ['Qualifier'] },
  { round: 'Qualifiers', group: 'Semi Final', spellings: ['Semi Final', 'Semifinal', 'Semi Finals'] },
  { round: 'Qualifiers', group: 'Quarter Final', spellings: ['Quarter Final', 'Quarterfinal', 'Quarter Finals'] },
  { round: 'Qualifiers', group: 'Preliminary Quarter Final', spellings: ['Preliminary Quarter Final'] },
  { round: 'Qualifiers', group: 'Knockout', spellings: ['Knockout'] },
  { round: 'Eliminator', group: 'Eliminator', spellings: ['Eliminator'] },
  { round: 'Eliminator', group: 'Elimination Final', spellings: ['Elimination Final'] },
  { round: 'Eliminator', group: 'Challenger', spellings: ['Challenger'] },
];

const KNOCKOUT_ROUNDS: readonly KnockoutRound[] = ['Final', 'Qualifiers', 'Eliminator', 'Place Play-Offs'];

const knockoutByKey = new Map(
  KNOCKOUT_STAGES.flatMap((stage, order) =>
    stage.spellings.map((spelling) => [stageKey(spelling), { ...stage, order }] as const),
  ),
);

/** Stage values that mean the main league rather than a phase of its own. */
const LEAGUE_STAGE_KEYS: ReadonlySet<string> = new Set(['league', 'leaguestage', 'group', 'groupstage', 'groups', 'roundrobin']);

/** '3rd Place Play-Off', '5th Place Playoff', ...: ordered by the place. */
const PLACE_PLAY_OFF = /^(\d+)(?:st|nd|rd|th)placeplayoffs?$/;

export interface KnockoutStage {
  round: KnockoutRound;
  group: string;
  /** Order of the group within the knockout rounds. */
  order: number;
}

/** The knockout round a stage belongs to, or null for a league stage. */
export function knockoutStage(stage: string | null): KnockoutStage | null {
  if (stage === null) return null;
  const key = stageKey(stage);
  const known = knockoutByKey.get(key);
  if (known) return { round: known.round, group: known.group, order: known.order };
  const place = PLACE_PLAY_OFF.exec(key);
  if (place) return { round: 'Place Play-Offs', group: stage.trim(), order: KNOCKOUT_STAGES.length + Number(place[1]) };
  return null;
}

/** 'A' → 'Group A'; names that already say what they are stay. */
function groupName(group: string): string {
  return /^(group|pool)\b/i.test(group.trim()) ? group.trim() : `Group ${group.trim()}`;
}

/**
 * Where a group stands among its round's: lettered groups first (A, B, C, D), then numbered ones
 * (1, 2: a Super Eight's), then any other name in order of first appearance (issue 29 §8: the
 * T20 World Cup 2026 listed A, C, B, D, 2, 1 as Cricsheet's files came).
 */
function groupRank(name: string): [number, string, number] {
  const label = /^(?:group|pool)\s+(.+)$/i.exec(name)?.[1]?.trim() ?? name;
  if (/^[A-Z]$/i.test(label)) return [0, label.toUpperCase(), 0];
  if (/^\d+$/.test(label)) return [1, '', Number(label)];
  return [2, '', 0];
}

function compareGroups(a: string, b: string): number {
  const [kindA, letterA, numberA] = groupRank(a);
  const [kindB, letterB, numberB] = groupRank(b);
  return kindA - kindB || letterA.localeCompare(letterB) || numberA - numberB;
}

/** One group per distinct group value (lettered, then numbered, then the rest as they came); ungrouped matches under `fallback`. */
function groupsOf(matches: readonly LeagueMatch[], fallback: string): StandingsGroup[] {
  const byGroup = new Map<string, LeagueMatch[]>();
  for (const match of matches) {
    const name = match.group === null ? fallback : groupName(match.group);
    byGroup.set(name, [...(byGroup.get(name) ?? []), match]);
  }
  return [...byGroup]
    .sort(([a], [b]) => compareGroups(a, b))
    .map(([name, groupMatches]) => ({ name, standings: leagueTable(groupMatches) }));
}

/**
 * Every round of a tournament's table; none for a bilateral series (two sides: series-result.ts)
 * or for knockout matches alone. Pass the matches in playing order: phase rounds come in the
 * order they were first played. The league round is 'League' with one group named after the
 * tournament, or 'Group Stage' with a group per Cricsheet group; then league phases (Super Eight, …)
 * by group; then the knockout rounds Final, Qualifiers, Eliminator and Place Play-Offs, with a group
 * per stage (Qualifier 1, Qualifier 2, Semi Final, …). Rounds without a played match are left out.
 */
export function pointsRounds(matches: readonly LeagueMatch[], tournamentName: string): StandingsRound[] {
  if (isBilateral(sidesIn(matches.map((match) => [match.teams[0].key, match.teams[1].key])))) return [];
  const played = matches.filter(hasOutcome);
  const league: LeagueMatch[] = [];
  const phases = new Map<string, LeagueMatch[]>();
  const knockouts: Array<{ stage: KnockoutStage; match: LeagueMatch }> = [];

  for (const match of played) {
    const knockout = knockoutStage(match.stage);
    if (knockout) knockouts.push({ stage: knockout, match });
    else if (match.stage === null || LEAGUE_STAGE_KEYS.has(stageKey(match.stage))) league.push(match);
    else {
      const phase = match.stage.trim();
      phases.set(phase, [...(phases.get(phase) ?? []), match]);
    }
  }

  // Knockout matches alone are no league: there is nothing to tabulate.
  if (league.length === 0 && phases.size === 0) return [];
  const rounds: StandingsRound[] = [];
  if (league.length > 0) {
    const grouped = league.some((match) => match.group !== null);
    rounds.push({ name: grouped ? 'Group Stage' : 'League', multiDay: league.every(isMultiDay), groups: groupsOf(league, tournamentName) });
  }
  for (const [phase, phaseMatches] of phases) {
    rounds.push({ name: phase, multiDay: phaseMatches.every(isMultiDay), groups: groupsOf(phaseMatches, phase) });
  }
  for (const round of KNOCKOUT_ROUNDS) {
    const inRound = knockouts.filter((entry) => entry.stage.round === round).sort((x, y) => x.stage.order - y.stage.order);
    if (inRound.length === 0) continue;
    const groupNames = [...new Set(inRound.map((entry) => entry.stage.group))];
    rounds.push({
      name: round,
      multiDay: inRound.every((entry) => isMultiDay(entry.match)),
      groups: groupNames.map((name) => ({
        name,
        standings: leagueTable(inRound.filter((entry) => entry.stage.group === name).map((entry) => entry.match)),
      })),
    });
  }
  return rounds;
}
