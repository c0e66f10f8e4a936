// Match Info's win prediction and the /win-probability page, rendered with Astro's container API:
// the model's figures before the first ball in both languages, the toss's scenario marked, an
// honest line for a match the model does not cover, and the page printing the committed evaluation.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import WinPrediction from '../../../src/components/match/WinPrediction.astro';
import WinProbabilityPage from '../../../src/pages/win-probability.astro';
import { WIN_PROB_EVALUATION } from '../../../src/server/domain/winprob-model.ts';
import type { MatchDetail } from '../../../src/server/services/match-centre-types.ts';
import type { WinProbability } from '../../../src/server/services/match-centre/winprob.ts';
import { matchSummary } from '../../helpers/match-summary.ts';

const match = {
  ...matchSummary({
    key: 'm1',
    title: 'Final',
    status: 'not_started',
    tournament: { key: 'ipl-2026', name: 'Indian Premier League 2026', shortName: 'IPL 2026' },
    startsAt: Date.parse('2026-05-31T14:00:00Z'),
    dates: ['2026-05-31'],
    venue: null,
    toss: { winner: 'a', decision: 'field' },
    teams: { a: { key: 'gt', code: 'GT', name: 'Gujarat Titans' }, b: { key: 'rcb', code: 'RCB', name: 'Royal Challengers Bengaluru' } },
    innings: [],
    target: null,
  }),
  officials: { umpires: [], tvUmpires: [], reserveUmpires: [], matchReferees: [] },
  awards: [],
  tossText: null,
  gender: 'male',
  matchType: 'T20',
  notes: [],
} as unknown as MatchDetail;

const chances: WinProbability = {
  supported: true,
  points: [],
  preMatch: { aBatsFirst: { aWin: 0.561, draw: null }, bBatsFirst: { aWin: 0.472, draw: null } },
  battingFirst: 'b',
  trainedThrough: '2025-06-30',
  ratingsThrough: '2026-05-24',
  unrated: [],
};

async function render(component: unknown, props: Record<string, unknown>, lang: 'en' | 'hi' = 'en') {
  const container = await AstroContainer.create();
  const html = await container.renderToString(component as Parameters<AstroContainer['renderToString']>[0], { props, locals: { lang } });
  return html.replace(/ data-astro-cid-\w+/g, '');
}

describe('win prediction panel', () => {
  it('shows both scenarios with each side\'s chance, marks the toss\'s one and links to the explanation', async () => {
    const html = await render(WinPrediction, { match, chances });
    expect(html).toContain('Gujarat Titans bat first');
    expect(html).toContain('Royal Challengers Bengaluru bat first');
    expect(html).toMatch(/Gujarat Titans <strong>56%<\/strong>/);
    expect(html).toMatch(/Royal Challengers Bengaluru <strong>44%<\/strong>/);
    expect(html).toMatch(/Gujarat Titans <strong>47%<\/strong>/);
    // RCB bat first after the toss: that scenario is the marked one.
    expect(html).toMatch(/<li class="scenario actual"> <p class="label"> Royal Challengers Bengaluru bat first <span class="tag"> · as the toss decided/);
    expect(html).toContain('href="/win-probability"');
    // The sides' results as far as the ratings followed them before the match, not the training's end.
    expect(html).toContain('24 May 2026');
    expect(html).not.toContain('30 Jun 2025');
    expect(html).not.toContain('Coming soon');
  });

  it('says when a side has no rating in the model', async () => {
    const html = await render(WinPrediction, { match, chances: { ...chances, unrated: ['b'] } });
    expect(html).toContain('The model has no results of Royal Challengers Bengaluru in this format');
  });

  it('in Hindi, with the Hindi link', async () => {
    const html = await render(WinPrediction, { match, chances }, 'hi');
    expect(html).toContain('जीत का अनुमान');
    expect(html).toContain('href="/hi/win-probability"');
  });

  it('says plainly when the model does not cover the match', async () => {
    const html = await render(WinPrediction, { match, chances: { ...chances, supported: false, preMatch: null } });
    expect(html).toContain('does not cover this kind of match');
    expect(html).not.toContain('%');
  });

  it('says the same, not "coming soon", when the match has no model input at all (Info tab, issue 29 §6)', async () => {
    for (const [lang, words] of [['en', 'does not cover this kind of match'], ['hi', 'हमारा मॉडल इस तरह के मैच का अनुमान नहीं लगाता']] as const) {
      const html = await render(WinPrediction, { match, chances: null }, lang);
      expect(html).toContain(words);
      expect(html).not.toMatch(/coming soon|जल्द/i);
    }
  });
});

describe('/win-probability', () => {
  it('prints the committed held-out evaluation: every group, its deciles and its calibration bands', async () => {
    const html = await render(WinProbabilityPage, {});
    for (const group of WIN_PROB_EVALUATION.groups) {
      expect(html).toContain(group.name.replace("'", '&#39;'));
      expect(html).toContain(group.model.brier.toFixed(3));
    }
    const headline = WIN_PROB_EVALUATION.groups[0]!;
    // Both cuts of every group: the deciles (named by their range) and the fixed bands, and both worst gaps.
    for (const group of WIN_PROB_EVALUATION.groups) {
      for (const row of [...group.model.deciles.calibration, ...group.model.calibration]) expect(html).toContain(`<th scope="row">${row.band}</th>`);
      expect(html).toContain(`${(group.model.deciles.worstGap * 100).toFixed(1)} points`);
      expect(html).toContain(`${(group.model.worstGap * 100).toFixed(1)} points`);
    }
    for (const band of headline.model.deciles.calibration) expect(html).toContain(`${(band.observed * 100).toFixed(1)}%`);
    expect(html).toContain('with every decile within 3 points');
    // The sampling noise of the first group's deciles (the target's cut), as measured, beside its tables.
    expect(html).toContain(`On ${headline.matches} held-out matches`);
    expect(html).toContain(`worst decile about ${(headline.model.deciles.worstGapNoise.median * 100).toFixed(1)} points off by chance alone`);
    expect(html).toContain(`within 3 points in only ${Math.round(headline.model.deciles.worstGapNoise.withinThreePoints * 100)}% of resamples`);
    expect(html).toContain('cricsheet.org');
  });
});
