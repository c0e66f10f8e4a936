// Builds small, valid Cricsheet match documents for tests, and writes them as files.
// Balls are written in a compact code so a test reads like a scorebook:
//   '0'..'6' runs off the bat, 'wd' a wide (1), 'nb' / 'nb4' a no-ball (+ runs off the bat),
//   'lb1' / 'b4' leg byes / byes, 'W' bowled, 'W:caught:Fielder' caught by Fielder,
//   'W:run out' the striker run out.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

type Json = Record<string, unknown>;

export interface InningsSpec {
  team: string;
  /** Batting order: the first two open. */
  batters: string[];
  /** Bowlers, taking alternate overs. */
  bowlers: string[];
  balls: string[];
  ballsPerOver?: number;
  /** Extra innings keys (target, super_over, declared, powerplays, ...). */
  extra?: Json;
}

export function registryId(name: string): string {
  return createHash('sha1').update(name).digest('hex').slice(0, 8);
}

/** The eleven players of a team: 'India 1' ... 'India 11'. */
export function squad(team: string): string[] {
  return Array.from({ length: 11 }, (_, index) => `${team} ${index + 1}`);
}

function delivery(code: string, batter: string, nonStriker: string, bowler: string) {
  const extras: Record<string, number> = {};
  let runsBatter = 0;
  let wicket: Json | undefined;
  const [kind, ...rest] = code.split(':');
  if (code === 'wd') extras.wides = 1;
  else if (code.startsWith('nb')) {
    extras.noballs = 1;
    runsBatter = Number(code.slice(2) || 0);
  } else if (code.startsWith('lb')) extras.legbyes = Number(code.slice(2));
  else if (code.startsWith('b')) extras.byes = Number(code.slice(1));
  else if (kind === 'W') {
    const how = rest[0] ?? 'bowled';
    wicket = { kind: how, player_out: batter, ...(rest[1] ? { fielders: [{ name: rest[1] }] } : {}) };
  } else runsBatter = Number(code);
  const extraRuns = Object.values(extras).reduce((sum, runs) => sum + runs, 0);
  const ball: Json = {
    batter,
    bowler,
    non_striker: nonStriker,
    runs: { batter: runsBatter, extras: extraRuns, total: runsBatter + extraRuns },
  };
  if (extraRuns > 0) ball.extras = extras;
  if (wicket) ball.wickets = [wicket];
  return { ball, legal: !extras.wides && !extras.noballs, out: wicket !== undefined, runs: runsBatter + (extras.byes ?? 0) + (extras.legbyes ?? 0) };
}

/** One innings from ball codes: strike rotates on odd runs and at the end of each over. */
export function innings(spec: InningsSpec): Json {
  const ballsPerOver = spec.ballsPerOver ?? 6;
  let [striker, nonStriker] = [spec.batters[0]!, spec.batters[1]!];
  let nextBatter = 2;
  let legalInOver = 0;
  const overs: { over: number; deliveries: Json[] }[] = [];
  for (const code of spec.balls) {
    let current = overs.at(-1);
    if (!current || legalInOver === ballsPerOver) {
      if (current) [striker, nonStriker] = [nonStriker, striker];
      current = { over: overs.length, deliveries: [] };
      overs.push(current);
      legalInOver = 0;
    }
    const bowler = spec.bowlers[current.over % spec.bowlers.length]!;
    const { ball, legal, out, runs } = delivery(code, striker, nonStriker, bowler);
    current.deliveries.push(ball);
    if (legal) legalInOver += 1;
    if (out) striker = spec.batters[nextBatter++]!;
    else if (runs % 2 === 1) [striker, nonStriker] = [nonStriker, striker];
  }
  return { team: spec.team, ...(overs.length > 0 ? { overs } : {}), ...spec.extra };
}

export interface MatchSpec {
  teams?: [string, string];
  version?: '1.0.0' | '1.1.0' | '1.2.0';
  revision?: number;
  season?: string | number;
  dates?: string[];
  event?: Json | null;
  matchType?: string;
  gender?: 'male' | 'female';
  teamType?: 'international' | 'club';
  ballsPerOver?: number;
  overs?: number;
  outcome?: Json;
  innings?: Json[];
  /** Extra info keys, merged last. */
  info?: Json;
}

/** A complete, valid match: by default a T20 club match that team A wins by 5 runs. */
export function cricsheetMatch(spec: MatchSpec = {}): Json {
  const [teamA, teamB] = spec.teams ?? ['Alpha Strikers', 'Beta Kings'];
  const playersA = squad(teamA);
  const playersB = squad(teamB);
  const officials = { umpires: ['Umpire One', 'Umpire Two'], match_referees: ['Referee One'] };
  const everyone = [...playersA, ...playersB, ...officials.umpires, ...officials.match_referees];
  const inningsList = spec.innings ?? [
    innings({ team: teamA, batters: playersA, bowlers: [playersB[10]!, playersB[9]!], balls: ['1', '4', '0', '6', 'W', '2', 'wd', '1', '0', '0', '1', 'lb1', '2'] }),
    innings({ team: teamB, batters: playersB, bowlers: [playersA[10]!, playersA[9]!], balls: ['0', '1', 'W:caught:' + playersA[3], '4', '0', '2', '1', '0', '0', '1', '1', '0'] }),
  ];
  return {
    meta: { data_version: spec.version ?? '1.1.0', created: '2024-06-01', revision: spec.revision ?? 1 },
    info: {
      balls_per_over: spec.ballsPerOver ?? 6,
      city: 'Testville',
      dates: spec.dates ?? ['2024-05-01'],
      ...(spec.event === null ? {} : { event: spec.event ?? { name: 'Test Premier League', match_number: 1 } }),
      gender: spec.gender ?? 'male',
      match_type: spec.matchType ?? 'T20',
      officials,
      outcome: spec.outcome ?? { winner: teamA, by: { runs: 5 } },
      overs: spec.overs ?? 20,
      player_of_match: [playersA[0]],
      players: { [teamA]: playersA, [teamB]: playersB },
      registry: { people: Object.fromEntries(everyone.map((name) => [name, registryId(name)])) },
      season: spec.season ?? '2024',
      team_type: spec.teamType ?? 'club',
      teams: [teamA, teamB],
      toss: { winner: teamA, decision: 'bat' },
      venue: 'Test Ground',
      ...spec.info,
    },
    innings: inningsList,
  };
}

/** Writes files into a folder; string contents are written as they are, objects as JSON. */
export async function writeMatchFolder(folder: string, files: Record<string, Json | string>): Promise<string> {
  await mkdir(folder, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    await writeFile(path.join(folder, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return folder;
}
