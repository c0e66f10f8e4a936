// The home card per match status, rendered by Astro's container API. Completed cards are
// also covered end to end on real data; live and upcoming states cannot come from Cricsheet
// archives, so their match objects are built here.
import { getContainerRenderer as reactRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { describe, expect, it } from 'vitest';
import MatchCard from '../../../src/components/home/MatchCard.astro';
import type { LiveState, MatchObject } from '../../../src/server/services/match-object.ts';

function match(overrides: Omit<Partial<MatchObject>, 'play'> & { play?: Partial<MatchObject['play']> }): MatchObject {
  const base: MatchObject = {
    match_id: 1,
    match_key: '1',
    tou_key: 'the-ashes-2025-26',
    tou_name: 'The Ashes 2025/26',
    tou_short_name: 'The Ashes',
    sub_title: '5th Test',
    format: 'test',
    status: 'started',
    start_at: Date.parse('2026-01-04T00:00:00Z') / 1000,
    start_time_known: false,
    venue: { name: 'Sydney Cricket Ground', city: 'Sydney' },
    weather: null,
    toss: JSON.stringify({ winner: 'a', elected: 'bat' }),
    team: {
      a: { url: 'england', code: 'ENG', name: 'England' },
      b: { url: 'australia', code: 'AUS', name: 'Australia' },
    },
    play: { innings: {}, result: null, live: null, day_number: null, target: null },
  };
  return { ...base, ...overrides, play: { ...base.play, ...overrides.play } };
}

const score = (runs: number, wickets: number, overs: [number, number], index: number) => ({
  score: { runs, wickets, overs, balls: overs[0] * 6 + overs[1] },
  wickets,
  overs,
  score_str: `${runs}/${wickets} in ${overs[0]}.${overs[1]}`,
  index,
  declared: false,
  forfeited: false,
});

async function render(props: { match: MatchObject; lang?: 'en' | 'hi' }): Promise<string> {
  const container = await AstroContainer.create({ renderers: await loadRenderers([reactRenderer()]) });
  return container.renderToString(MatchCard, { props: { lang: 'en', ...props }, locals: { lang: props.lang ?? 'en' } });
}

describe('home match card', () => {
  it('live Test: both innings joined by &, the day number and the trail text', async () => {
    const html = await render({
      match: match({
        play: {
          innings: { a_1: score(384, 10, [97, 3], 0), b_1: score(567, 10, [133, 5], 1), a_2: score(102, 3, [30, 0], 2) },
          day_number: 4,
        },
      }),
    });
    expect(html).toContain('384 &amp; 102');
    expect(html).toContain('567 (133.5)');
    expect(html).toMatch(/Day\s*4/);
    expect(html).toContain('England trail by 81 runs');
  });

  it('live Test at a break shows Stumps for a day break', async () => {
    const live: LiveState = {
      striker_key: null,
      non_striker_key: null,
      bowler_key: null,
      innings: 'a_2',
      batting_team: 'a',
      bowling_team: 'b',
      score: {
        runs: 102,
        wickets: 3,
        overs: [30, 0],
        balls: 180,
        title: '102/3 in 30.0',
        run_rate: 3.4,
        msg_trail_by: 'England trail by 81 runs',
        msg_lead_by: null,
      },
      required_score: null,
      match_break: { reason: 'day' },
      recent_players: { striker: null, non_striker: null, bowler: null, prev_over_bowler: null },
      recent_overs: [],
      last_ball_key: null,
      recent_overs_repr: [],
    };
    const html = await render({ match: match({ play: { innings: { a_1: score(102, 3, [30, 0], 0) }, live, day_number: 4 } }) });
    expect(html).toContain('Stumps');
    const lunch = await render({ match: match({ play: { innings: {}, live: { ...live, match_break: { reason: 'lunch' } } } }) });
    expect(lunch).toContain('Lunch Break');
  });

  it('live chase: runs needed in balls left', async () => {
    const html = await render({
      match: match({
        format: 't20',
        sub_title: '12th Match',
        play: { innings: { a_1: score(180, 6, [20, 0], 0), b_1: score(150, 4, [16, 4], 1) }, target: { runs: 181, overs: [20, 0], balls: 120, dl_applied: false } },
      }),
    });
    expect(html).toContain('Australia need 31 runs in 20 balls');
  });

  it('live chase in The Hundred: balls left counted in five-ball sets, overs shown as sets', async () => {
    // Set 83 off 100 balls; 40 for 2 after 9 sets and 3 balls (48 balls), so 52 balls are left.
    const set = (runs: number, wickets: number, balls: number, index: number) => ({
      score: { runs, wickets, overs: [Math.floor(balls / 5), balls % 5] as [number, number], balls },
      wickets,
      overs: [Math.floor(balls / 5), balls % 5] as [number, number],
      score_str: `${runs}/${wickets} in ${Math.floor(balls / 5)}.${balls % 5}`,
      index,
      declared: false,
      forfeited: false,
    });
    const html = await render({
      match: match({
        format: 't20',
        play: {
          innings: { a_1: set(83, 10, 100, 0), b_1: set(40, 2, 48, 1) },
          target: { runs: 84, overs: [20, 0], balls: 100, dl_applied: false },
        },
      }),
    });
    expect(html).toContain('40/2 (9.3)');
    expect(html).toContain('Australia need 44 runs in 52 balls');
  });

  it('live first innings of a T20 shows the toss', async () => {
    const html = await render({
      match: match({ format: 't20', play: { innings: { a_1: score(40, 1, [5, 0], 0) } } }),
    });
    expect(html).toContain('England won the toss elected to bat');
  });

  it('upcoming: no scores, a countdown and the start date', async () => {
    const start = Date.now() + 3 * 24 * 3600 * 1000;
    const html = await render({ match: match({ status: 'not_started', start_at: Math.floor(start / 1000) }) });
    expect(html).toContain('class="countdown"');
    expect(html).toContain('<astro-island');
    expect(html).not.toContain('class="score"');
  });

  it('completed: scores and the result message, winner in bold', async () => {
    const html = await render({
      match: match({
        status: 'completed',
        play: {
          innings: { a_1: score(205, 8, [20, 0], 0), b_1: score(175, 9, [20, 0], 1) },
          result: { msg: 'England won by 30 runs', winner: 'a', win_by: 30, result_type: 'runs', pom: [] },
        },
      }),
    });
    expect(html).toContain('England won by 30 runs');
    expect(html).toMatch(/class="team winner[^"]*"/);
    expect(html).not.toContain('<astro-island');
  });
});
