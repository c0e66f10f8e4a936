import { describe, expect, it } from 'vitest';
import { stageLabel,
  featuredMatches,
  isPlayoff,
  keyHue,
  matchesByDay,
  pickOne,
  pickRound,
  pickTeam,
  pickType,
  playerInfoHref,
  roleKind,
  carouselTournaments,
  rotateToSelected,
  seriesHref,
  squadGroups,
  squadSize,
  statLeaders,
  statsHref,
  statsType,
  tileLetters,
  truncate,
  SERIES_TABS,
} from '../../../src/views/tournament-view.ts';
import type { MatchSummary } from '../../../src/server/services/match-summary.ts';
import type { StandingsRound } from '../../../src/server/domain/points-table.ts';
import type { PlayerStatsEntry, TournamentSquadPlayer, TournamentTeam } from '../../../src/server/services/tournament-types.ts';
import { matchSummary } from '../../helpers/match-summary.ts';

function match(id: number, day: string, title: string, status: MatchSummary['status'] = 'completed'): MatchSummary {
  return matchSummary({ id, key: String(id), title, status, startsAt: Date.parse(`${day}T00:00:00Z`), dates: [day] });
}

function entry(
  name: string,
  batting: { rank: number | null; runs?: number; fours?: number; sixes?: number },
  bowling: { rank: number | null; wickets?: number } = { rank: null },
): PlayerStatsEntry {
  return {
    player: { key: name.toLowerCase(), name },
    team: { key: 'chennai-super-kings', name: 'Chennai Super Kings', code: 'CSK' },
    formatType: 't20',
    batting: { innings: 1, runs: batting.runs ?? 0, balls: 10, fours: batting.fours ?? 0, sixes: batting.sixes ?? 0, rank: batting.rank },
    bowling: { wickets: bowling.wickets ?? 0, runs: 0, balls: 0, maidens: 0, rank: bowling.rank, best: null },
  };
}

const names = (list: { entry: PlayerStatsEntry }[]) => list.map(({ entry: e }) => e.player.name);

describe('tabs and links', () => {
  it('picks a known tab or falls back', () => {
    expect(pickOne('points', SERIES_TABS, 'overview')).toBe('points');
    expect(pickOne('nope', SERIES_TABS, 'overview')).toBe('overview');
    expect(pickOne(null, SERIES_TABS, 'overview')).toBe('overview');
  });

  it('builds series, stats and player links in the page language, dropping empty query values', () => {
    expect(seriesHref('ipl-2008', 'en')).toBe('/series/ipl-2008');
    expect(seriesHref('ipl-2008', 'hi', { tab: 'squads', team: 'mumbai-indians', role: null })).toBe(
      '/hi/series/ipl-2008?tab=squads&team=mumbai-indians',
    );
    expect(statsHref('a b', 'en', { stat: 'sixes' })).toBe('/stats/a%20b?stat=sixes');
    expect(playerInfoHref('ab12', 'hi')).toBe('/hi/getMatchList/playerInformation?player_key=ab12');
  });

  it('picks a type only in a tournament of several, and never adds stats across types', () => {
    const tour = ['test', 'odi', 't20i'] as const;
    expect(pickType(tour, 'odi')).toBe('odi');
    expect(pickType(tour, 'hundred')).toBeNull();
    expect(pickType(tour, 'oneday')).toBeNull();
    expect(pickType(['t20'], 't20')).toBeNull();
    // Without a pick, a tour's stats are its first series'; a tournament of one type needs none.
    expect(statsType(tour, null)).toBe('test');
    expect(statsType(tour, 't20i')).toBe('t20i');
    expect(statsType(['t20'], null)).toBeUndefined();
  });

  it('reads the round index, falling back to the first round', () => {
    const rounds: StandingsRound[] = [
      { name: 'League', multiDay: false, groups: [] },
      { name: 'Final', multiDay: false, groups: [] },
    ];
    expect(pickRound(rounds, '1')).toBe(1);
    expect(pickRound(rounds, '2')).toBe(0);
    expect(pickRound(rounds, '-1')).toBe(0);
    expect(pickRound(rounds, null)).toBe(0);
  });
});

describe('tournament tiles', () => {
  it('truncates by characters with an ellipsis', () => {
    expect(truncate('short', 30)).toBe('short');
    expect(truncate('India tour of Australia 2024/25 extra', 30)).toHaveLength(30);
    expect(truncate('India tour of Australia 2024/25 extra', 30).endsWith('…')).toBe(true);
    expect(truncate('ICC Women’s Championship 2022-2025 season', 30)).toBe('ICC Women’s Championship 2022…');
  });

  it('keeps the year or season that tells one edition from the next', () => {
    expect(truncate('Switzerland tour of Austria 2025', 30)).toBe('Switzerland tour of Aust… 2025');
    expect(truncate('Switzerland tour of Austria 2025', 30)).toHaveLength(30);
    expect(truncate('West Indies Women tour of New Zealand 2024/25', 30)).toBe('West Indies Women tou… 2024/25');
    expect(truncate('ICC Women’s Championship 2022-2025', 30)).toBe('ICC Women’s Champio… 2022-2025');
  });

  it('letters a tile from an abbreviation or the capitalised initials', () => {
    expect(tileLetters('IPL 2008')).toBe('IPL');
    expect(tileLetters('India tour of Australia 2024/25')).toBe('IA');
    expect(tileLetters('ICC World Twenty20 2009')).toBe('ICC');
    expect(tileLetters('Big Bash League 2024/25')).toBe('BBL');
    expect(tileLetters('2024')).toBe('20');
  });

  it('gives a stable hue per key', () => {
    expect(keyHue('ipl')).toBe(keyHue('ipl'));
    expect(keyHue('ipl')).toBeGreaterThanOrEqual(0);
    expect(keyHue('ipl')).toBeLessThan(360);
  });

  it('turns the list so the selected tournament comes first', () => {
    const list = ['a', 'b', 'c', 'd'].map((tou_key) => ({ tou_key }));
    expect(rotateToSelected(list, 'c').map((t) => t.tou_key)).toEqual(['c', 'd', 'a', 'b']);
    expect(rotateToSelected(list, 'a').map((t) => t.tou_key)).toEqual(['a', 'b', 'c', 'd']);
    expect(rotateToSelected(list, 'zz').map((t) => t.tou_key)).toEqual(['a', 'b', 'c', 'd']);
    expect(rotateToSelected(list, null)).not.toBe(list);
  });

  it('shows the most recent tournaments in the carousel, and an older selected one first', () => {
    const list = Array.from({ length: 40 }, (_, i) => ({ tou_key: `t${i}` }));
    expect(carouselTournaments(list, null, 24).map((t) => t.tou_key)).toEqual(list.slice(0, 24).map((t) => t.tou_key));
    const older = carouselTournaments(list, 't33', 24).map((t) => t.tou_key);
    expect(older).toHaveLength(24);
    expect(older[0]).toBe('t33');
    expect(older.slice(1)).toEqual(list.slice(0, 23).map((t) => t.tou_key));
    expect(carouselTournaments(list, 't5', 24).map((t) => t.tou_key).slice(0, 3)).toEqual(['t5', 't6', 't7']);
  });
});

describe('featured matches', () => {
  const league = Array.from({ length: 10 }, (_, i) => match(i + 1, `2008-04-${String(10 + i).padStart(2, '0')}`, `${i + 1}th Match`));
  it('knows the playoff stages', () => {
    expect(isPlayoff(match(1, '2008-06-01', 'Final'))).toBe(true);
    expect(isPlayoff(match(1, '2008-06-01', 'Semi Final'))).toBe(true);
    expect(isPlayoff(match(1, '2008-06-01', 'Qualifier 1'))).toBe(true);
    expect(isPlayoff(match(1, '2008-06-01', 'Eliminator'))).toBe(true);
    expect(isPlayoff(match(1, '2008-06-01', '12th Match, Group A'))).toBe(false);
  });

  it('without playoffs: the latest 6 completed, in playing order', () => {
    expect(featuredMatches(league).map((m) => m.id)).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('playoffs first, then the latest results, shown in playing order', () => {
    const playoffs = [match(11, '2008-05-30', 'Semi Final'), match(12, '2008-05-31', 'Semi Final'), match(13, '2008-06-01', 'Final')];
    expect(featuredMatches([...league, ...playoffs]).map((m) => m.id)).toEqual([8, 9, 10, 11, 12, 13]);
    const many = Array.from({ length: 8 }, (_, i) => match(20 + i, `2008-06-${String(10 + i).padStart(2, '0')}`, 'Quarter Final'));
    expect(featuredMatches([...league, ...many]).map((m) => m.id)).toEqual([22, 23, 24, 25, 26, 27]);
  });

  it('a live match comes first, then upcoming ones fill up', () => {
    const live = match(30, '2008-06-02', '50th Match', 'started');
    const next = [match(31, '2008-06-03', '51st Match', 'not_started'), match(32, '2008-06-04', 'Final', 'not_started')];
    const chosen = featuredMatches([league[0]!, live, ...next]).map((m) => m.id);
    expect(chosen).toEqual([1, 30, 31, 32]);
  });
});

describe('matches by day', () => {
  it('groups by day in playing order, newest last', () => {
    const groups = matchesByDay([match(3, '2008-04-20', 'x'), match(1, '2008-04-18', 'x'), match(2, '2008-04-20', 'y')]);
    expect(groups.map((g) => g.day)).toEqual(['2008-04-18', '2008-04-20']);
    expect(groups[1]!.matches.map((m) => m.id)).toEqual([3, 2]);
  });
});

describe('squads', () => {
  const card = (name: string, roles: string[]): TournamentSquadPlayer => ({ player: { key: name, name }, roles, matches: 1 });
  const team: TournamentTeam = {
    key: 'mumbai-indians',
    name: 'Mumbai Indians',
    code: 'MI',
    players: { bt: [card('A', ['Batsman']), card('B', ['Batsman'])], bo: [card('C', ['Bowler'])], ar: [], wc: [card('D', ['Wicket Keeper'])] },
  };

  it('finds the picked team by its key', () => {
    expect(pickTeam([team], 'mumbai-indians')).toBe(team);
    expect(pickTeam([team], 'nope')).toBeNull();
    expect(pickTeam([team], null)).toBeNull();
  });

  it('groups players in the spec order and filters by role', () => {
    expect(squadGroups(team, 'all').map((g) => [g.role, g.players.length])).toEqual([
      ['bt', 2],
      ['bo', 1],
      ['ar', 0],
      ['wc', 1],
    ]);
    expect(squadGroups(team, 'wk').map((g) => g.role)).toEqual(['wc']);
    expect(squadGroups(team, 'batter')[0]!.players.map((p) => p.player.name)).toEqual(['A', 'B']);
    expect(squadSize(team)).toBe(4);
  });

  it('recognises role words for a translated label', () => {
    expect(roleKind('Batsman')).toBe('bt');
    expect(roleKind('bowler')).toBe('bo');
    expect(roleKind('All Rounder')).toBe('ar');
    expect(roleKind('Wicket Keeper')).toBe('wc');
    expect(roleKind('wk')).toBe('wc');
    expect(roleKind('Captain')).toBeNull();
    expect(roleKind(undefined)).toBeNull();
  });
});

describe('stat leaders', () => {
  const entries = [
    entry('Gambhir', { rank: 2, runs: 534, fours: 68, sixes: 8 }),
    entry('Marsh', { rank: 1, runs: 616, fours: 59, sixes: 26 }),
    entry('Sehwag', { rank: 3, runs: 406, fours: 68, sixes: 19 }),
    entry('Tail', { rank: null, runs: 3, fours: 0, sixes: 0 }, { rank: 1, wickets: 22 }),
    entry('Bowler2', { rank: 4, runs: 10 }, { rank: 2, wickets: 17 }),
    entry('Bowler3', { rank: 5, runs: 9 }, { rank: 2, wickets: 17 }),
  ];

  it('Runs: ranked batters by rank; unranked left out', () => {
    expect(names(statLeaders(entries, 'runs'))).toEqual(['Marsh', 'Gambhir', 'Sehwag', 'Bowler2', 'Bowler3']);
  });

  it('Wickets: ranked bowlers by rank, shared ranks kept', () => {
    const leaders = statLeaders(entries, 'wickets');
    expect(names(leaders)).toEqual(['Tail', 'Bowler2', 'Bowler3']);
    expect(leaders.map((l) => l.rank)).toEqual([1, 2, 2]);
  });

  it("4's and 6's: by value descending, players without one left out, equal values share a rank", () => {
    const fours = statLeaders(entries, 'fours');
    expect(names(fours)).toEqual(['Gambhir', 'Sehwag', 'Marsh']);
    expect(fours.map((l) => l.rank)).toEqual([1, 1, 3]);
    expect(names(statLeaders(entries, 'sixes'))).toEqual(['Marsh', 'Sehwag', 'Gambhir']);
  });

  it('lists a shared rank by fewer balls faced, then name, as the domain ranks it', () => {
    const slower = entry('Aaron', { rank: 1, runs: 50 });
    const quicker = { ...entry('Zak', { rank: 1, runs: 50 }) };
    quicker.batting.balls = 5;
    expect(names(statLeaders([slower, quicker], 'runs'))).toEqual(['Zak', 'Aaron']);
  });

  it('an empty list stays empty', () => {
    expect(statLeaders([], 'runs')).toEqual([]);
  });
});

describe('stageLabel', () => {
  it('names the points-table rounds and groups in Hindi, numbered and lettered ones too', () => {
    expect(['League', 'Final', 'Qualifiers', 'Eliminator'].map((name) => stageLabel(name, 'hi'))).toEqual(['लीग', 'फ़ाइनल', 'क्वालीफ़ायर', 'एलिमिनेटर']);
    expect(stageLabel('Qualifier 1', 'hi')).toBe('क्वालीफ़ायर 1');
    expect(stageLabel('Group B', 'hi')).toBe('ग्रुप B');
    expect(stageLabel('Super 8', 'hi')).toBe('सुपर 8');
    expect(stageLabel('Qualifiers', 'en')).toBe('Qualifiers');
    expect(stageLabel('Round Robin Pool', 'hi')).toBe('Round Robin Pool');
  });
});
