// Match detail panels and tabs in the states Cricsheet archives cannot produce (live, upcoming),
// and the commentary sanitising, rendered with Astro's container API; a live match's panel and
// tabs are the live island's server render (what a fan without JavaScript reads).
import { getContainerRenderer as reactRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { describe, expect, it } from 'vitest';
import LiveMatch from '../../../src/islands/LiveMatch.tsx';
import { liveMatchProps, playerNamesIn } from '../../../src/views/live-match-props.ts';
import UpcomingPanel from '../../../src/components/match/UpcomingPanel.astro';
import MatchHeader from '../../../src/components/match/MatchHeader.astro';
import CommentaryTab from '../../../src/components/match/CommentaryTab.astro';
import type { Commentary, CommentaryBall, MatchDetail, Squad } from '../../../src/server/services/match-centre-types.ts';
import { liveChase } from '../../helpers/live-state.ts';
import { inningsSummary, matchSummary } from '../../helpers/match-summary.ts';

function detail(overrides: Partial<MatchDetail>): MatchDetail {
  return {
    ...matchSummary({
      key: 'm1',
      title: 'Final',
      status: 'started',
      tournament: { key: 'ipl-2026', name: 'Indian Premier League 2026', shortName: 'IPL 2026' },
      startsAt: Date.parse('2026-05-31T14:00:00Z'),
      dates: ['2026-05-31'],
      venue: { name: 'Narendra Modi Stadium', city: 'Ahmedabad' },
      toss: { winner: 'a', decision: 'field' },
      teams: {
        a: { key: 'gt', code: 'GT', name: 'Gujarat Titans' },
        b: { key: 'rcb', code: 'RCB', name: 'Royal Challengers Bengaluru' },
      },
      innings: [inningsSummary('b', 1, { runs: 190, wickets: 9, legalBalls: 120 })],
      target: { runs: 191, balls: 120, dlApplied: false },
    }),
    officials: { umpires: [], tvUmpires: [], reserveUmpires: [], matchReferees: [] },
    awards: [],
    tossText: 'Gujarat Titans won the toss and elected to field',
    gender: 'male',
    matchType: 'T20',
    notes: [],
    ...overrides,
  };
}

const live = liveChase();

/** The live island as the match page renders it on the server. */
function renderLive(match: MatchDetail, tab: 'live' | 'commentary' | 'other' = 'other', commentary: Commentary | null = null) {
  return render(LiveMatch, liveMatchProps(match, commentary, tab, 'en'));
}

/** The text of the element with this data-testid (tags dropped, entities as the page shows them). */
function text(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return '';
  const open = html.lastIndexOf('<', start);
  const tag = /^<(\w+)/.exec(html.slice(open))![1]!;
  // The element's end: its closing tag at the same depth.
  let depth = 0;
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  pattern.lastIndex = open;
  let end = html.length;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      end = match.index;
      break;
    }
  }
  return html
    .slice(html.indexOf('>', start) + 1, end)
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");
}

/** The column heads of the live table with this data-testid. */
function columns(html: string, testId: string): string[] {
  const table = html.slice(html.indexOf(`data-testid="${testId}"`));
  return [...table.slice(0, table.indexOf('</thead>')).matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((match) => match[1]!);
}

async function render(component: unknown, props: Record<string, unknown>, lang: 'en' | 'hi' = 'en') {
  const container = await AstroContainer.create({ renderers: await loadRenderers([reactRenderer()]) });
  return container.renderToString(component as Parameters<AstroContainer["renderToString"]>[0], { props, locals: { lang } });
}

describe('live panel', () => {
  it('shows the batting side, rates, need text, toss and recent overs from the live state', async () => {
    const html = await renderLive(detail({ live }));
    expect(html).toContain('120/3');
    expect(html).toContain('(14.2)');
    expect(html).toContain('8.37');
    expect(html).toContain('12.53');
    expect(html).toContain('191');
    expect(html).toContain('Gujarat Titans need 71 runs in 34 balls');
    expect(html).toContain('Gujarat Titans won the toss');
    expect(html).toMatch(/class="ball-dot ball-dot--wicket ball-dot--sm"[^>]*>W</);
    expect(html).toMatch(/class="ball-dot ball-dot--boundary ball-dot--sm"[^>]*>6</);
  });

  it("shows the batting side's badge beside its code", async () => {
    const html = await renderLive(detail({ live }));
    expect(html).toMatch(/class="badge" style="--badge-hue:\d+"[^>]*>GT</);
  });

  it('falls back to the innings scores and an honest note without a live feed', async () => {
    const html = await renderLive(detail({}));
    expect(html).toContain('190/9 (20)');
    expect(html).toContain('Live details appear here once the live feed is running.');
    const chasing = await renderLive(detail({ situation: { kind: 'need', team: 'a', runs: 71, balls: 34 } }));
    expect(chasing).toContain('Gujarat Titans need 71 runs in 34 balls');
  });

  it('a Test shows the day and Stumps on a day break', async () => {
    const html = await renderLive(detail({ format: 'test', live: liveChase({ breakReason: 'day' }), dayNumber: 3 }));
    expect(html).toMatch(/Day\s*3/);
    expect(html).toContain('Stumps');
  });
});

describe('live tab', () => {
  it('batters with the striker marked and the current bowler', async () => {
    const html = await renderLive(detail({ live }), 'live');
    expect(html).toContain('Shubman Gill');
    // Batters R B 4s 6s SR, bowlers O M R W Econ, as everywhere in cricket (issue 26).
    expect(columns(html, 'batters')).toEqual(['Batter', 'R', 'B', '4s', '6s', 'SR']);
    expect(columns(html, 'bowlers')).toEqual(['Bowler', 'O', 'M', 'R', 'W', 'Econ']);
    expect(html).toMatch(/Shubman Gill<\/a>.*?<\/th><td class="strong">55<\/td><td>38<\/td><td>5<\/td><td>2<\/td><td>144.74<\/td>/);
    expect(html).toMatch(/Josh Hazlewood<\/a>.*?<\/th><td>3.2<\/td><td>0<\/td><td>22<\/td><td class="strong">2<\/td><td>6.60<\/td>/);
    expect(html).toContain('144.74');
    expect(html).toContain('on strike');
    expect(html).toContain('Josh Hazlewood');
    expect(html).toContain('3.2');
    expect(html).toContain('/getMatchList/playerInformation/m1?player_key=s1');
  });

  it('the centre of a chase: the stand, the last wicket as a scorecard words it, the required rate against the current, the win probability', async () => {
    const props = liveMatchProps(detail({ live }), null, 'live', 'en', { winProbability: { aWin: 0.372, draw: null } });
    const html = await render(LiveMatch, props);
    const centre = html.slice(html.indexOf('data-testid="live-centre"'));
    expect(text(centre, 'partnership')).toBe('Partnership9 (4)');
    expect(text(centre, 'last-wicket')).toBe('Last wicketVijay Shankar 12 (9) c Virat Kohli b Josh Hazlewood · 111/3 in 13.3 ov');
    expect(text(centre, 'chase-rates')).toBe('The chaseRequired rate12.53Current rate8.37Needs 4.16 an over more than the current rateAt this rate: 167 (target 191)');
    expect(text(centre, 'win-probability')).toBe('Win probabilityGT 37%RCB 63%');
    // A chase shows its rates, not a projection; the first innings stays in the panel.
    expect(centre).not.toContain('data-testid="projected-score"');
    expect(text(html, 'other-innings')).toBe('RCB190/9 (20)');
  });

  it('the centre of a first innings projects its total at the current and the nominated rates; the break says "Innings break"', async () => {
    const first = liveChase({ required: null, score: { runs: 87, wickets: 1, legalBalls: 60, calledBalls: 60, ballsPerOver: 6 } });
    const html = await renderLive(detail({ live: first, innings: [], target: null }), 'live');
    expect(text(html, 'projected-score')).toBe('Projected scoreRun rate8.70*681012Score174147167187207Total if the remaining overs go at each run rate (*: the current one).');
    expect(html).not.toContain('data-testid="other-innings"');
    const atBreak = await renderLive(detail({ live: liveChase({ required: null, breakReason: 'innings' }), innings: [], target: null }), 'live');
    expect(text(atBreak, 'live-status')).toBe('Live· Innings break');
    // Nothing projected or in partnership at the break; the last wicket stays.
    expect(atBreak).not.toContain('data-testid="projected-score"');
    expect(atBreak).not.toContain('data-testid="partnership"');
    expect(atBreak).toContain('data-testid="last-wicket"');
  });

  it('in Hindi: the style guide’s column heads and scorecard notation', async () => {
    const props = liveMatchProps(detail({ live }), null, 'live', 'hi', { winProbability: { aWin: 0.372, draw: null } });
    const html = await render(LiveMatch, props, 'hi');
    expect(columns(html, 'batters')).toEqual(['बल्लेबाज़', 'रन', 'गेंद', 'चौके', 'छक्के', 'स्ट्रा. रे.']);
    expect(columns(html, 'bowlers')).toEqual(['गेंदबाज़', 'ओवर', 'मेडन', 'रन', 'विकेट', 'इकॉनमी']);
    expect(text(html, 'last-wicket')).toBe('पिछला विकेटVijay Shankar 12 (9) का. Virat Kohli बो. Josh Hazlewood · 13.3 ओवर में 111/3');
    expect(text(html, 'partnership')).toBe('साझेदारी9 (4)');
    expect(text(html, 'win-probability')).toBe('जीत की संभावनाGT 37%RCB 63%');
    expect(text(html, 'chase-rates')).toContain('मौजूदा रन रेट से 4.16 प्रति ओवर अधिक चाहिए');
  });

  it('in Hindi: the players the socket names in Latin are written with their Hindi names from the team sheets', async () => {
    const member = (key: string, name: string) => ({ player: { key, name }, roleInMatch: '', captain: false, keeper: false, role: null, photo: null });
    const squad = {
      teams: {
        a: { key: 'gt', code: 'GT', name: 'Gujarat Titans', players: [member('0994d0ae', 'Vijay Shankar'), member('zz', 'Nobody Known')] },
        b: { key: 'rcb', code: 'RCB', name: 'Royal Challengers Bengaluru', players: [member('ba607b88', 'Virat Kohli'), member('03806cf8', 'Josh Hazlewood')] },
      },
    } as unknown as Squad;
    expect(playerNamesIn(squad, 'en')).toEqual({});
    const props = liveMatchProps(detail({ live }), null, 'live', 'hi', { squad });
    expect(props.names).toMatchObject({ '0994d0ae': 'विजय शंकर', 'Josh Hazlewood': 'जोश हेज़लवुड' });
    expect(props.names).not.toHaveProperty('Nobody Known');
    const html = await render(LiveMatch, props, 'hi');
    expect(text(html, 'last-wicket')).toBe('पिछला विकेटविजय शंकर 12 (9) का. कोहली बो. हेज़लवुड · 13.3 ओवर में 111/3');
    expect(columns(html, 'bowlers')).toEqual(['गेंदबाज़', 'ओवर', 'मेडन', 'रन', 'विकेट', 'इकॉनमी']);
    expect(html).toContain('जोश हेज़लवुड</a>');
  });

  it('a note instead of tables until the feed runs', async () => {
    const html = await renderLive(detail({}), 'live');
    expect(html).toContain('Live details appear here once the live feed is running.');
    expect(html).not.toContain('<table');
  });
});

describe('match header', () => {
  it("labels a replayed match 'Replay', never a real one", async () => {
    expect(await render(MatchHeader, { match: detail({ isReplay: true }) })).toMatch(/class="replay-tag[^"]*"[^>]*>Replay</);
    expect(await render(MatchHeader, { match: detail({}) })).not.toContain('Replay');
    // It says which day's match it replays (issue 26).
    expect(await render(MatchHeader, { match: detail({ isReplay: true, replayOfDate: '2025-06-03' }) })).toMatch(/class="replay-tag[^"]*"[^>]*>Replay of 03 Jun 2025</);
  });

  it('offers "Follow this match" (the Notifications page following it) for a fixture and a live match, never a completed one', async () => {
    const followLink = /<a class="follow[^"]*" href="([^"]+)"[^>]*>[\s\S]*?<span[^>]*>([^<]+)<\/span>/;
    for (const status of ['not_started', 'started'] as const) {
      const html = await render(MatchHeader, { match: detail({ status, key: 'ipl-2026 final' }) });
      expect(html.match(followLink)?.slice(1), status).toEqual(['/notification?follow=ipl-2026%20final', 'Follow this match']);
    }
    expect(await render(MatchHeader, { match: detail({ status: 'completed' }) })).not.toMatch(/class="follow|notification\?follow/);
    const hindi = await render(MatchHeader, { match: detail({ status: 'not_started' }) }, 'hi');
    expect(hindi.match(followLink)?.slice(1)).toEqual(['/hi/notification?follow=m1', 'इस मैच को फ़ॉलो करें']);
  });
});

describe('upcoming panel', () => {
  it('both teams and the date, without a time Cricsheet does not know', async () => {
    const html = await render(UpcomingPanel, { match: detail({ status: 'not_started' }) });
    expect(html).toContain('Gujarat Titans');
    expect(html).toContain('RCB');
    expect(html).toContain('31 May 2026');
    expect(html).toContain('start time not announced');
    // What the page's script needs to turn live at the first ball.
    expect(html).toContain('data-match-key="m1"');
    expect(html).toContain('data-sequence="0"');
    expect(html).not.toContain('Automated preview');
  });

  it('links the fixture’s automated preview, labelled, until the first ball (decision 071)', async () => {
    const html = await render(UpcomingPanel, { match: detail({ status: 'not_started' }), preview: { heading: 'Preview: Gujarat Titans v Royal Challengers Bengaluru, T20', href: '/news/preview-abc123' } });
    expect(html).toMatch(/Automated preview<\/span>\s*<a href="\/news\/preview-abc123"[^>]*>Preview: Gujarat Titans v Royal Challengers Bengaluru, T20<\/a>/);
  });
});

describe('commentary tab', () => {
  const ball = (n: number, comment: string): CommentaryBall => ({
    key: `1.0.${n}`,
    sequence: n,
    inningsNo: 1,
    ball: { over: 0, ball: n },
    bowler: { player: { key: 'b1', name: 'Bowler' }, runs: 0 },
    batter: { player: { key: 's1', name: 'Batter' }, runs: 0 },
    runs: 0,
    isFour: false,
    isSix: false,
    isWicket: false,
    wicket: null,
    comment,
    overSummary: null,
    milestone: false,
  });

  it('live: heading Live, read-aloud, newest first, comments sanitised', async () => {
    const html = await renderLive(detail({ live }), 'commentary', {
      balls: [ball(1, 'A to B, no run: <b>beaten</b>'), ball(2, 'A to B, no run: <img src=x onerror=alert(1)>ok')],
    });
    expect(html).toMatch(/<h2[^>]*>Live<\/h2>/);
    expect(html).toContain('Read aloud');
    expect(html).toContain('<b>beaten</b>');
    expect(html).not.toContain('onerror');
    expect(html.indexOf('0.2')).toBeLessThan(html.indexOf('0.1'));
  });

  it('live: one innings at a time, the latest by default, a picker for the others, every ball a link away when they were cut', async () => {
    const innings = (n: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...ball(i + 1, `A to B, no run: ball ${n}.${i + 1}`), key: `${n}.0.${i + 1}`, inningsNo: n, sequence: (n - 1) * 1000 + i + 1 }));
    const commentary = { balls: [...innings(1, 3), ...innings(2, 2)] };
    const chasing = detail({ live });
    chasing.innings = [...chasing.innings, inningsSummary('a', 1, { runs: 120, wickets: 3, legalBalls: 86 })];
    const latest = await renderLive(chasing, 'commentary', commentary);
    expect(latest).toContain('aria-label="Innings"');
    expect(latest).toMatch(/href="\/getMatchList\/m1\?tab=commentary&amp;innings=1"[^>]*>RCB</);
    expect(latest).toMatch(/href="\/getMatchList\/m1\?tab=commentary&amp;innings=2" aria-current="page"[^>]*>GT</);
    expect(latest).toContain('ball 2.2');
    expect(latest).not.toContain('ball 1.1');
    expect(latest).not.toContain('Every ball of this innings');
    // A Test day's innings of more balls than the island keeps: the newest, and a link to all.
    const long = await renderLive(detail({ live }), 'commentary', { balls: innings(1, 320) });
    expect(long.match(/data-ball-key=/g)).toHaveLength(300);
    expect(long).toContain('href="/getMatchList/m1?tab=commentary&amp;innings=1&amp;all=1"');
  });

  it('completed: Highlights (spelt correctly) and no read-aloud', async () => {
    const html = await render(CommentaryTab, {
      match: detail({ status: 'completed' }),
      commentary: { balls: [ball(1, 'A to B: x')] },
      requested: null,
    });
    expect(html).toContain('Highlights');
    expect(html).not.toContain('Read aloud');
  });

  it('completed: Highlights lists boundaries, wickets and milestones only; the full commentary is its own view', async () => {
    const summary = { over: 1, runs: 10, wickets: 1, score: { runs: 10, wickets: 1 }, bowler: { key: 'b1', name: 'Bowler', figures: '1-0-10-1' }, batters: [], balls: ['.', '4', '1', 'W', '1', '4'] };
    const balls = [
      ball(1, 'A to B, no run: a dot'),
      { ...ball(2, 'A to B, FOUR: a four'), isFour: true },
      { ...ball(3, 'A to B, 1 run: fifty up'), milestone: true },
      { ...ball(4, 'A to B, OUT: a wicket'), isWicket: true },
      ball(5, 'A to B, 1 run: a single'),
      { ...ball(6, 'A to B, SIX: a six'), isSix: true, overSummary: summary },
    ];
    const match = detail({ status: 'completed' });
    const highlights = await render(CommentaryTab, { match, commentary: { balls }, requested: null });
    for (const shown of ['a four', 'fifty up', 'a wicket', 'a six']) expect(highlights).toContain(shown);
    for (const hidden of ['a dot', 'a single', '1-0-10-1']) expect(highlights).not.toContain(hidden);
    expect(highlights).toMatch(/href="\/getMatchList\/m1\?tab=commentary&amp;innings=1" aria-current="page"[^>]*>\s*<span class="label"[^>]*>Highlights</);
    expect(highlights).toContain('href="/getMatchList/m1?tab=commentary&amp;innings=1&amp;view=full"');

    const full = await render(CommentaryTab, { match, commentary: { balls }, requested: null, view: 'full' });
    expect(full).toMatch(/<h2[^>]*>Full commentary<\/h2>/);
    for (const shown of ['a dot', 'a four', 'fifty up', 'a wicket', 'a single', 'a six', '1-0-10-1']) expect(full).toContain(shown);
    expect(full).toMatch(/href="\/getMatchList\/m1\?tab=commentary&amp;innings=1&amp;view=full" aria-current="page"/);
  });
});
