// The home card per match status, rendered by Astro's container API. Completed cards are
// also covered end to end on real data; live and upcoming states cannot come from Cricsheet
// archives, so their match objects are built here.
import { getContainerRenderer as reactRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { describe, expect, it } from 'vitest';
import MatchCard from '../../../src/components/home/MatchCard.astro';
import type { MatchSummary } from '../../../src/server/services/match-summary.ts';
import { liveChase } from '../../helpers/live-state.ts';
import { inningsSummary, matchSummary } from '../../helpers/match-summary.ts';

/** A live Test between England and Australia unless told otherwise. */
function match(overrides: Partial<MatchSummary>): MatchSummary {
  return matchSummary({
    key: '1',
    tournament: { key: 'the-ashes-2025-26', name: 'The Ashes 2025/26', shortName: 'The Ashes' },
    title: '5th Test',
    format: 'test',
    status: 'started',
    startsAt: Date.parse('2026-01-04T00:00:00Z'),
    dates: ['2026-01-04'],
    venue: { name: 'Sydney Cricket Ground', city: 'Sydney' },
    toss: { winner: 'a', decision: 'bat' },
    teams: {
      a: { key: 'england', code: 'ENG', name: 'England' },
      b: { key: 'australia', code: 'AUS', name: 'Australia' },
    },
    ...overrides,
  });
}

async function render(props: { match: MatchSummary; lang?: 'en' | 'hi' }): Promise<string> {
  const container = await AstroContainer.create({ renderers: await loadRenderers([reactRenderer()]) });
  return container.renderToString(MatchCard, { props: { lang: 'en', ...props }, locals: { lang: props.lang ?? 'en' } });
}

describe('home match card', () => {
  it('live Test: both innings joined by &, the day number and the situation the summary carries', async () => {
    const html = await render({
      match: match({
        innings: [
          inningsSummary('a', 1, { runs: 384, wickets: 10, legalBalls: 583 }),
          inningsSummary('b', 1, { runs: 567, wickets: 10, legalBalls: 803 }),
          inningsSummary('a', 2, { runs: 102, wickets: 3, legalBalls: 180 }),
        ],
        dayNumber: 4,
        situation: { kind: 'trail', team: 'a', runs: 81 },
      }),
    });
    expect(html).toContain('384 &amp; 102');
    expect(html).toContain('567 (133.5)');
    expect(html).toMatch(/Day\s*4/);
    expect(html).toContain('England trail by 81 runs');
  });

  it('live Test at a break shows Stumps for a day break', async () => {
    const live = liveChase({ inningsNumber: 2, required: null, lead: -81, breakReason: 'day', recentOvers: [], lastBall: null });
    const html = await render({ match: match({ innings: [inningsSummary('a', 1, { runs: 102, wickets: 3, legalBalls: 180 })], live, dayNumber: 4 }) });
    expect(html).toContain('Stumps');
    const lunch = await render({ match: match({ live: { ...live, breakReason: 'lunch' } }) });
    expect(lunch).toContain('Lunch Break');
  });

  it('live chase in The Hundred: overs shown as five-ball sets, the need in balls as the summary says', async () => {
    const html = await render({
      match: match({
        format: 't20',
        ballsPerOver: 5,
        innings: [inningsSummary('a', 1, { runs: 83, wickets: 10, legalBalls: 100 }), inningsSummary('b', 1, { runs: 40, wickets: 2, legalBalls: 48 })],
        situation: { kind: 'need', team: 'b', runs: 44, balls: 52 },
      }),
    });
    expect(html).toContain('40/2 (9.3)');
    expect(html).toContain('Australia need 44 runs in 52 balls');
  });

  it('overs as the umpires called them, as the scorecard shows them', async () => {
    // 301 legal balls, but the umpires called 50 overs: the card says 50, not 50.1.
    const html = await render({
      match: match({
        format: 'oneday',
        status: 'completed',
        innings: [inningsSummary('a', 1, { runs: 280, wickets: 7, legalBalls: 301, calledBalls: 300 })],
      }),
    });
    expect(html).toContain('280/7 (50)');
  });

  // The domain's toss sentence, as on the match page (the spec's card text drops the 'and').
  it('live first innings without a situation shows the toss', async () => {
    const html = await render({
      match: match({ format: 't20', innings: [inningsSummary('a', 1, { runs: 40, wickets: 1, legalBalls: 30 })] }),
    });
    expect(html).toContain('England won the toss and elected to bat');
    const fielding = await render({ match: match({ format: 't20', toss: { winner: 'b', decision: 'field' } }) });
    expect(fielding).toContain('Australia won the toss and elected to field');
  });

  it('upcoming: no scores, a countdown and the start date', async () => {
    const start = Date.now() + 3 * 24 * 3600 * 1000;
    const html = await render({ match: match({ status: 'not_started', startsAt: start }) });
    expect(html).toContain('class="countdown"');
    expect(html).toContain('<astro-island');
    expect(html).not.toContain('class="score"');
  });

  it('completed: scores and the result message, winner in bold', async () => {
    const html = await render({
      match: match({
        status: 'completed',
        innings: [inningsSummary('a', 1, { runs: 205, wickets: 8, legalBalls: 120 }), inningsSummary('b', 1, { runs: 175, wickets: 9, legalBalls: 120 })],
        result: { text: 'England won by 30 runs', winner: 'a', margin: { kind: 'runs', runs: 30 }, outcome: null, playersOfMatch: [] },
      }),
    });
    expect(html).toContain('England won by 30 runs');
    expect(html).toMatch(/class="team winner[^"]*"/);
    expect(html).not.toContain('<astro-island');
  });

  it("a replayed match says 'Replay' on its card, and the card carries what the live script updates", async () => {
    const replay = await render({ match: match({ isReplay: true }) });
    expect(replay).toMatch(/class="replay-tag[^"]*"[^>]*>Replay</);
    expect(replay).toContain('data-match-key="1"');
    expect(replay).toMatch(/data-side="a"/);
    expect(await render({ match: match({}) })).not.toContain('Replay');
    expect(await render({ match: match({ isReplay: true }), lang: 'hi' })).toContain('रीप्ले');
  });
});
