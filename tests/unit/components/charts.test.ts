// The server-drawn charts rendered with Astro's container API: the win-probability worm from a
// small input, a worm and a Manhattan from a hand-made story, and the theme colours' contrast.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import WinProbabilityChart from '../../../src/components/charts/WinProbabilityChart.astro';
import WormChart from '../../../src/components/charts/WormChart.astro';
import ManhattanChart from '../../../src/components/charts/ManhattanChart.astro';
import SummaryTab from '../../../src/components/match/SummaryTab.astro';
import MatchHeader from '../../../src/components/match/MatchHeader.astro';
import { matchSummary } from '../../helpers/match-summary.ts';
import { blockSize, figuresText, inningsNames, manhattanGroups, rateLines, winProbLine, wormSeries, type WinProbPoint } from '../../../src/views/match-charts.ts';
import type { MatchDetail, MatchStory, StoryInnings } from '../../../src/server/services/match-centre-types.ts';
import { themes } from '../../../src/styles/themes.ts';
import { localPlayerName } from '../../../src/i18n/names.ts';

async function render(component: unknown, props: Record<string, unknown>, lang: 'en' | 'hi' = 'en') {
  const container = await AstroContainer.create();
  return container.renderToString(component as Parameters<AstroContainer['renderToString']>[0], { props, locals: { lang } });
}

const POINTS: WinProbPoint[] = [
  { innings: 1, over: 0, ball: 1, a_win: 0.5 },
  { innings: 1, over: 0, ball: 2, a_win: 0.62 },
  { innings: 2, over: 0, ball: 1, a_win: 0.7 },
  { innings: 2, over: 0, ball: 2, a_win: 0.25 },
  { innings: 2, over: 1, ball: 1, a_win: 1 },
];

function innings(side: 'a' | 'b', code: string, overs: [number, number][], falls: StoryInnings['falls'] = []): StoryInnings {
  let total = 0;
  let wickets = 0;
  return {
    inningsNo: side === 'a' ? 1 : 2,
    side,
    team: { code, name: code },
    runs: overs.reduce((sum, [runs]) => sum + runs, 0),
    wickets: overs.reduce((sum, [, w]) => sum + w, 0),
    calledBalls: overs.length * 6,
    declared: false,
    target: null,
    overs: overs.map(([runs, w], i) => ({ over: i + 1, runs, wickets: w, total: (total += runs), totalWickets: (wickets += w), legalBalls: (i + 1) * 6 })),
    falls,
    rates: [],
    topBatters: [],
    topBowlers: [],
    partnerships: [],
    collapses: [],
    milestones: [],
  };
}

const STORY: MatchStory = {
  ballsPerOver: 6,
  oversLimit: 5,
  innings: [
    innings('a', 'RR', [[9, 0], [4, 1], [12, 0], [20, 0], [6, 2]], [
      { wicketNumber: 1, player: { key: 'p1', name: 'YBK Jaiswal' }, teamRuns: 11, legalBalls: 9, ball: { over: 1, ball: 3 } },
    ]),
    innings('b', 'MI', [[1, 1], [12, 0], [10, 0]]),
  ],
  awards: [],
};

describe('win-probability worm', () => {
  it('draws team a’s chance after each ball in per cent, innings starts marked', () => {
    expect(winProbLine(POINTS)).toEqual({
      points: [[0, 50], [1, 62], [2, 70], [3, 25], [4, 100]],
      inningsStarts: [{ x: 0, innings: 1 }, { x: 2, innings: 2 }],
    });
  });

  it('renders an SVG line, the even line, a table of over ends and a sentence, with no script', async () => {
    const html = await render(WinProbabilityChart, { points: POINTS, team: 'Rajasthan Royals', inningsNames: { 1: 'RR', 2: 'MI' }, aboutHref: '/winprob' });
    expect(html).toContain('<svg');
    expect(html).not.toContain('<script');
    const path = /<path class="line tone-a[^"]*" d="([^"]+)"/.exec(html)?.[1];
    expect(path?.split(' L')).toHaveLength(5);
    // 50% is a guide across the plot; the second innings starts at the third ball.
    expect(html.match(/class="guide"/g)).toHaveLength(2);
    expect(html).toContain('>MI</text>');
    // Over ends: 0.2 of innings 1, 0.2 and 1.1 of innings 2.
    expect(html.match(/<td>/g)).toHaveLength(3);
    expect(html).toContain('<th scope="row">MI 1.1</th>');
    expect(html).toContain('<td>25%</td>');
    expect(html).toContain('The chance of Rajasthan Royals winning was 50% at the first ball, at most 100% (1.1), at least 25% (0.2), and 100% after the last.');
    expect(html).toContain('href="/winprob"');
  });

  it('draws nothing without points', async () => {
    const html = await render(WinProbabilityChart, { points: [], team: 'Rajasthan Royals' });
    expect(html).not.toContain('<svg');
  });

  it('speaks Hindi on a Hindi page', async () => {
    const html = await render(WinProbabilityChart, { points: POINTS, team: 'राजस्थान' }, 'hi');
    expect(html).toContain('जीत की संभावना');
  });
});

describe('worm and Manhattan', () => {
  it('starts each worm at 0 and places wickets by the balls bowled', () => {
    const [rr, mi] = wormSeries(STORY, false, 'en');
    expect(rr!.points).toEqual([[0, 0], [1, 9], [2, 13], [3, 25], [4, 45], [5, 51]]);
    expect(rr!.marks).toEqual([{ x: 1.5, y: 11, title: 'Wicket 1: YBK Jaiswal, 11/1 at 1.3' }]);
    // On a Hindi page the wicket's batter is named as everywhere else on it.
    expect(wormSeries(STORY, false, 'hi')[0]!.marks[0]!.title).toBe(`विकेट 1: ${localPlayerName({ key: 'p1', name: 'YBK Jaiswal' }, 'hi')}, 1.3 पर 11/1`);
    expect(localPlayerName({ key: 'p1', name: 'YBK Jaiswal' }, 'hi')).not.toBe('YBK Jaiswal');
    expect(mi!.tone).toBe('b');
    expect(mi!.dashed).toBe(false);
  });

  it('groups overs in blocks for long innings and marks overs an innings never reached', () => {
    expect(blockSize(20)).toBe(1);
    expect(blockSize(98)).toBe(5);
    expect(blockSize(250)).toBe(10);
    const groups = manhattanGroups(STORY.innings, 1, 'en');
    expect(groups).toHaveLength(5);
    expect(groups[4]!.bars.map((bar) => [bar.bowled, bar.value, bar.wickets])).toEqual([[true, 6, 2], [false, 0, 0]]);
    // A bar's title says 'run' and 'wicket' for one of each (a screen reader reads it).
    expect(groups[0]!.bars[1]!.title).toBe('MI, over 1: 1 run, 1 wicket');
    expect(groups[1]!.bars.map((bar) => bar.title)).toEqual(['RR, over 2: 4 runs, 1 wicket', 'MI, over 2: 12 runs, 0 wickets']);
    expect(manhattanGroups(STORY.innings, 1, 'hi')[0]!.bars[1]!.title).toContain('1 रन, 1 विकेट');
    // While an innings is being played the axis keeps the allotment.
    expect(manhattanGroups([STORY.innings[1]!], 1, 'en', 20)).toHaveLength(20);
    const blocks = manhattanGroups(STORY.innings, 2, 'en');
    expect(blocks.map((group) => group.bars[0]!.value)).toEqual([13, 32, 6]);
  });

  it('renders the worm with a wicket dot and a table of scores after each over', async () => {
    const html = await render(WormChart, { story: STORY, test: false, names: inningsNames(STORY, false, 'en') });
    expect(html.match(/<path class="line/g)).toHaveLength(2);
    expect(html).toContain('<title>Wicket 1: YBK Jaiswal, 11/1 at 1.3</title>');
    expect(html).toContain('<td>51/3</td>');
    expect(html).toContain('RR 51/3 in 5 overs.');
  });

  it('renders the Manhattan with a bar per innings per over and a dot per wicket', async () => {
    const html = await render(ManhattanChart, { story: STORY, test: false, names: inningsNames(STORY, false, 'en') });
    expect(html.match(/<rect class="bar/g)).toHaveLength(8);
    expect(html.match(/class="wicket-dot"/g)).toHaveLength(4);
    expect(html).toContain('Most runs in an over: 20 (RR, over 4).');
  });
});

describe('figures', () => {
  it('prints batting and bowling as scorecards do', () => {
    expect(figuresText({ batting: [{ runs: 45, balls: 30, notOut: true }], bowling: [{ wickets: 2, runs: 24, calledBalls: 23 }] }, 6)).toEqual(['45* (30)', '2/24 (3.5)']);
    expect(figuresText({ batting: [{ runs: 12, balls: 20, notOut: false }, { runs: 60, balls: 90, notOut: false }], bowling: [] }, 6)).toEqual(['12 (20) & 60 (90)']);
  });
});

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(x: string, y: string): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi! + 0.05) / (lo! + 0.05);
}
/** `over` (rgb(r g b / a) or #hex) laid on an opaque '#rrggbb'. */
function over(colour: string, base: string): string {
  const rgba = /rgb\((\d+) (\d+) (\d+) \/ ([\d.]+)\)/.exec(colour);
  if (!rgba) return colour;
  const alpha = Number(rgba[4]);
  return `#${[1, 2, 3].map((i) => Math.round(Number(rgba[i]) * alpha + Number.parseInt(base.slice(i * 2 - 1, i * 2 + 1), 16) * (1 - alpha)).toString(16).padStart(2, '0')).join('')}`;
}

describe('chart colours', () => {
  it('keep 3:1 against every background colour and surface of every theme (WCAG 1.4.11)', () => {
    for (const theme of themes) {
      const stops = [theme.backgroundColor, ...(theme.vars['--bg-gradient']!.match(/#[0-9a-f]{6}/gi) ?? [])];
      const grounds = stops.flatMap((stop) => [stop, over(theme.vars['--surface']!, stop)]);
      for (const tone of ['--chart-a', '--chart-b']) {
        for (const ground of grounds) expect(contrast(theme.vars[tone]!, ground), `${theme.name} ${tone} on ${ground}`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe('rate lines', () => {
  it('draws the rate a chase required, dashed, stopping the axis at 36 an over', () => {
    const chase: StoryInnings = {
      ...innings('b', 'MI', [[6, 0], [6, 0]]),
      rates: [
        { over: 1, runRate: 6, requiredRate: 60 },
        { over: 2, runRate: 6, requiredRate: 9.5 },
      ],
    };
    const lines = rateLines({ ...STORY, innings: [chase] }, false, 'en');
    expect(lines.map((line) => [line.label, line.dashed])).toEqual([
      ['MI run rate', false],
      ['MI required rate', true],
    ]);
    expect(lines[1]!.points).toEqual([[1, 36], [2, 9.5]]);
  });
});

function detail(overrides: Partial<MatchDetail> = {}): MatchDetail {
  return {
    ...matchSummary({ key: 'm1', dates: ['2026-05-31'], teams: { a: { key: 'rr', code: 'RR', name: 'Rajasthan Royals' }, b: { key: 'mi', code: 'MI', name: 'Mumbai Indians' } } }),
    officials: { umpires: [], tvUmpires: [], reserveUmpires: [], matchReferees: [] },
    awards: [],
    tossText: 'Mumbai Indians won the toss and elected to field',
    gender: 'male',
    matchType: 'T20',
    notes: [],
    ...overrides,
  };
}

describe('the Summary tab', () => {
  const player = (name: string) => ({ key: name.toLowerCase(), name });
  const told: MatchStory = {
    ...STORY,
    innings: [
      {
        ...STORY.innings[0]!,
        topBatters: [
          { player: player('YBK Jaiswal'), runs: 40, balls: 22, fours: 5, sixes: 1, strikeRate: 181.82, dismissal: { text: 'c X b Y', wicketNumber: 1, teamRuns: 11, ball: null } },
          { player: player('Dhruv Jurel'), runs: 11, balls: 6, fours: 1, sixes: 0, strikeRate: 183.33, dismissal: { text: 'not out', wicketNumber: null, teamRuns: null, ball: null } },
        ],
        topBowlers: [{ player: player('JJ Bumrah'), calledBalls: 24, maidens: 0, runs: 20, wickets: 3, economy: 5, wides: 0, noBalls: 0, dots: 12 }],
        collapses: [{ from: { runs: 40, wickets: 1 }, to: { runs: 51, wickets: 3 } }],
        milestones: [{ kind: 'hat-trick', player: player('JJ Bumrah'), value: 3, balls: 14, ball: { over: 2, ball: 2 } }],
      },
      STORY.innings[1]!,
    ],
    awards: [{ player: player('YBK Jaiswal'), side: 'a', batting: [{ runs: 40, balls: 22, notOut: false }], bowling: [] }],
  };

  it('gives the player of the match with figures and a link, the best of each innings, its collapses and milestones', async () => {
    const html = await render(SummaryTab, { match: detail({ status: 'completed' }), story: told });
    expect(html).toMatch(/<h2 id="pom-heading"[^>]*>Player Of The Match<\/h2>/);
    expect(html).toMatch(/href="\/getMatchList\/playerInformation\/m1\?player_key=ybk%20jaiswal"/);
    expect(html).toContain('40 (22)');
    expect(html).toContain('11* (6)');
    expect(html).toContain('3/20 (4)');
    expect(html).toContain('Lost 2 wickets for 11 runs, from 40/1 to 51/3');
    expect(html).toContain('JJ Bumrah took a hat-trick (2.2)');
    expect(html).toContain('No fifty, hundred or big haul in this innings.');
    expect(html).toContain('id="chart-worm"');
    expect(html).not.toContain('chart-winprob');
    expect(html).not.toContain('<script');
  });

  it('draws the win-probability worm when given its points', async () => {
    const html = await render(SummaryTab, { match: detail({ status: 'completed' }), story: told, winProb: POINTS, winProbHref: '/about-winprob' });
    expect(html).toContain('id="chart-winprob"');
    expect(html).toContain('The chance of Rajasthan Royals winning');
  });

  it('says honestly when no ball was bowled, and has no award during play', async () => {
    const empty: MatchStory = { ...STORY, innings: [], awards: [] };
    expect(await render(SummaryTab, { match: detail({ status: 'completed' }), story: empty })).toContain('No ball was bowled in this match.');
    const live = await render(SummaryTab, { match: detail({ status: 'started' }), story: empty });
    expect(live).toContain('No ball has been bowled yet.');
    expect(live).not.toContain('Player Of The Match');
  });

  it("puts a completed match's date and toss in the header", async () => {
    const html = await render(MatchHeader, { match: detail({ status: 'completed' }) });
    expect(html).toContain('31 May 2026');
    expect(html).toContain('Toss: Mumbai Indians won the toss and elected to field');
    expect(await render(MatchHeader, { match: detail({ status: 'started' }) })).not.toContain('Toss:');
  });
});
