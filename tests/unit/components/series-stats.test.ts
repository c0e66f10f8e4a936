// Series and stats pieces rendered with Astro's container API: the leader tables, the squads
// filter and the points table's empty state.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import StatsBoard from '../../../src/components/stats/StatsBoard.astro';
import SquadsTab from '../../../src/components/series/SquadsTab.astro';
import PointsTab from '../../../src/components/series/PointsTab.astro';
import type { StandingsRound } from '../../../src/server/domain/points-table.ts';
import { seriesResult } from '../../../src/server/domain/series-result.ts';
import type {
  PlayerStatsEntry,
  TournamentDetail,
  TournamentSquadPlayer,
  TournamentTeam,
} from '../../../src/server/services/tournament-types.ts';

async function render(component: Parameters<AstroContainer['renderToString']>[0], props: Record<string, unknown>, lang: 'en' | 'hi' = 'en') {
  const container = await AstroContainer.create();
  return container.renderToString(component, { props, locals: { lang } });
}

function entry(name: string, runs: number, rank: number | null, sixes = 0): PlayerStatsEntry {
  return {
    player: { key: `k-${name.toLowerCase()}`, name },
    team: { key: 'rajasthan-royals', name: 'Rajasthan Royals', code: 'RR' },
    formatType: 't20',
    batting: { innings: 3, runs, balls: 400, fours: 0, sixes, rank },
    bowling: { wickets: 0, runs: 0, balls: 0, maidens: 0, rank: null, best: null },
  };
}

const hrefs = { runs: '/stats/x', wickets: '/stats/x?stat=wickets', fours: '/stats/x?stat=fours', sixes: '/stats/x?stat=sixes' };
const allHref = '/stats/x?all=1';

describe('stats board', () => {
  it('Runs: ranked rows with linked players and team badges; unranked left out', async () => {
    const html = await render(StatsBoard, { entries: [entry('Watson', 472, 2), entry('Marsh', 616, 1), entry('Extra', 5, null)], stat: 'runs', hrefs, all: false, allHref });
    expect(html.indexOf('Marsh')).toBeLessThan(html.indexOf('Watson'));
    expect(html).not.toContain('Extra');
    expect(html).toContain('href="/getMatchList/playerInformation?player_key=k-marsh"');
    expect(html).toContain('>RR<');
    // Strike rate from the figures: 616 runs off 400 balls.
    expect(html).toContain('154.00');
    expect(html).toMatch(/aria-current="page"[^>]*>\s*<span class="label"[^>]*>Runs/);
  });

  it('shows the first screen\'s ten leaders and links to every one; with all, every leader and no link', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => entry(`P${i + 1}`, 500 - i, i + 1));
    const rows = (html: string) => html.match(/<tr/g)!.length - 1;
    const first = await render(StatsBoard, { entries, stat: 'runs', hrefs, all: false, allHref });
    expect(rows(first)).toBe(10);
    expect(first).not.toContain('>P11<');
    expect(first).toMatch(/<a href="\/stats\/x\?all=1"[^>]*>Most runs: show all 12 players<\/a>/);
    const every = await render(StatsBoard, { entries, stat: 'runs', hrefs, all: true, allHref });
    expect(rows(every)).toBe(12);
    expect(every).not.toContain('show all');
  });

  it("6's without any sixes, and Wickets without ranked bowlers, say 'Data Not Found'", async () => {
    const entries = [entry('Marsh', 616, 1)];
    expect(await render(StatsBoard, { entries, stat: 'sixes', hrefs, all: false, allHref })).toContain('Data Not Found');
    expect(await render(StatsBoard, { entries, stat: 'wickets', hrefs, all: false, allHref })).toContain('Data Not Found');
  });
});

describe('series squads tab', () => {
  const card = (name: string, role: string): TournamentSquadPlayer => ({ player: { key: `k-${name}`, name }, roles: [role], matches: 3 });
  const team: TournamentTeam = {
    key: 'rajasthan-royals',
    name: 'Rajasthan Royals',
    code: 'RR',
    players: { bt: [card('Smith', 'Batsman')], bo: [card('Tanvir', 'Bowler')], ar: [card('Watson', 'All Rounder')], wc: [] },
  };
  const detail = { key: 'ipl-2008', teams: [team] } as unknown as TournamentDetail;

  it('without a team: the chips and a prompt', async () => {
    const html = await render(SquadsTab, { detail, team: null, role: 'all' });
    expect(html).toContain('href="/series/ipl-2008?tab=squads&amp;team=rajasthan-royals"');
    expect(html).toContain('Pick a team');
  });

  it('a team with the All filter: groups with counts, cards linking to the player page', async () => {
    const html = await render(SquadsTab, { detail, team, role: 'all' });
    expect(html).toMatch(/Batsman\s*<span[^>]*>\(1\)/);
    expect(html).toMatch(/All Rounder\s*<span[^>]*>\(1\)/);
    expect(html).not.toContain('Wicket Keeper');
    expect(html).toContain('href="/getMatchList/playerInformation?player_key=k-Tanvir"');
    expect(html).toContain('&amp;role=wk');
  });

  it('the Wk filter on a team without keepers says Data Not Found; Hindi labels', async () => {
    expect(await render(SquadsTab, { detail, team, role: 'wk' })).toContain('Data Not Found');
    const hi = await render(SquadsTab, { detail, team, role: 'bowler' }, 'hi');
    expect(hi).toContain('गेंदबाज़');
    expect(hi).toContain('href="/hi/getMatchList/playerInformation?player_key=k-Tanvir"');
    expect(hi).not.toContain('Smith');
  });
});

describe('points tab', () => {
  it("no rounds: 'No Points Table'", async () => {
    expect(await render(PointsTab, { detail: { bilateral: false, parts: [], pointsTable: [] }, round: 0 })).toContain('No Points Table');
  });

  it('a round with round tabs and the columns of the spec', async () => {
    const rounds: StandingsRound[] = ['League', 'Playoffs'].map((name) => ({
      name,
      multiDay: false,
      groups: [
        {
          name: '',
          standings: [
            {
              team: { name: 'Rajasthan Royals', key: 'rajasthan-royals', code: 'RR' },
              played: 14, won: 11, lost: 3, tied: 0, noResult: 0, drawn: 0, points: 22, netRunRate: 0.6324, position: 1,
            },
          ],
        },
      ],
    }));
    const html = await render(PointsTab, {
      detail: { bilateral: false, parts: [], pointsTable: rounds },
      round: 1,
      roundHref: (i: number) => `/series/x?tab=points&round=${i}`,
    });
    for (const col of ['Team', 'Mat', 'Won', 'Lost', 'Tied', 'NR', 'Pts', 'NRR']) expect(html).toContain(`>${col}<`);
    expect(html).not.toContain('>Drawn<');
    expect(html).toContain('+0.632');
    expect(html).toMatch(/href="\/series\/x\?tab=points&amp;round=1" aria-current="page"/);
  });

  it('a multi-day league: won, lost, drawn and tied, no points and no net run rate', async () => {
    const rounds: StandingsRound[] = [
      {
        name: 'League',
        multiDay: true,
        groups: [
          {
            name: 'Sheffield Shield',
            standings: [
              {
                team: { name: 'South Australia', key: 'south-australia', code: 'SA' },
                played: 10, won: 6, lost: 2, tied: 0, noResult: 0, drawn: 2, points: null, netRunRate: null, position: 1,
              },
            ],
          },
        ],
      },
    ];
    const html = await render(PointsTab, { detail: { bilateral: false, parts: [], pointsTable: rounds }, round: 0 });
    for (const col of ['Team', 'Mat', 'Won', 'Lost', 'Drawn', 'Tied']) expect(html).toContain(`>${col}<`);
    for (const col of ['NR', 'Pts', 'NRR']) expect(html).not.toContain(`>${col}<`);
    expect(html).toContain('bonus points');
  });

  it('a bilateral series: its results, never a table', async () => {
    const result = seriesResult(
      [{ key: 'india', name: 'India' }, { key: 'england', name: 'England' }],
      'test',
      [
        { winner: 'england', result: null, matchNumber: 1, completed: true },
        { winner: 'india', result: null, matchNumber: 2, completed: true },
        { winner: 'england', result: null, matchNumber: 3, completed: true },
        { winner: null, result: 'draw', matchNumber: 4, completed: true },
        { winner: 'india', result: null, matchNumber: 5, completed: true },
      ],
      'en',
    );
    const html = await render(PointsTab, { detail: { bilateral: true, parts: [{ formatType: 'test', matchKeys: [], result, teams: [] }], pointsTable: [] }, round: 0 });
    expect(html).toContain('India and England drew the 5-match Test series 2-2');
    expect(html).not.toContain('<table');
    expect(html).not.toContain('No Points Table');
  });
});
