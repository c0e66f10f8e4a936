// The win probability's reliability diagram (issue 26) rendered with Astro's container API: a dot
// per band, its consistency band behind it, a band outside drawn as a hollow square (not colour
// alone), and the figures as a table.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ReliabilityDiagram from '../../../src/components/charts/ReliabilityDiagram.astro';
import type { ReliabilityBand } from '../../../src/server/domain/winprob-model.ts';
import { winProbStrings } from '../../../src/i18n/winprob.ts';

const words = winProbStrings.en;
const BANDS: ReliabilityBand[] = [
  { band: '0-10%', balls: 100, matches: 40, predicted: 0.04, observed: 0.05, low: 0.01, high: 0.08, inside: true },
  { band: '40-50%', balls: 80, matches: 30, predicted: 0.45, observed: 0.3, low: 0.35, high: 0.55, inside: false },
];

async function render(bands: ReliabilityBand[]) {
  const container = await AstroContainer.create();
  return container.renderToString(ReliabilityDiagram, {
    props: {
      bands,
      percent: (value: number) => `${(value * 100).toFixed(1)}%`,
      words: {
        title: words.diagramTitle, caption: words.diagramCaption, verdict: 'VERDICT', table: words.diagramTable, chanceAxis: words.chanceAxis,
        wonAxis: words.wonAxis, band: words.band, predicted: words.predicted, observed: words.observed, consistencyBand: words.consistencyBand,
        inside: words.inside, yes: words.yes, no: words.no, range: words.range,
      },
    },
  });
}

describe('reliability diagram', () => {
  it('draws each band\'s consistency band and dot, an outside band as a hollow square, and a table of the figures', async () => {
    const html = await render(BANDS);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="chart-reliability-title"');
    expect(html.match(/class="consistency"/g)).toHaveLength(2);
    expect(html.match(/<circle class="dot"/g)).toHaveLength(1);
    expect(html.match(/class="dot outside"/g)).toHaveLength(1);
    // The consistency band of 0-10% runs from 1% to 8%: y from 268 − 0.08 × 248 = 248.2 to
    // 268 − 0.01 × 248 = 265.5, at x = 44 + 0.04 × 264 − 4 = 50.6.
    expect(html).toMatch(/class="consistency" x="50\.6" y="248\.2" width="8" height="17\.3"/);
    // The band outside: a hollow square at (44 + 0.45 × 264 − 4, 268 − 0.3 × 248 − 4).
    expect(html).toMatch(/class="dot outside" x="158\.8" y="189\.6"/);
    expect(html).toContain('VERDICT');
    const cells = html.replace(/ data-astro-cid-\w+/g, '');
    expect(cells).toContain('<td>1.0% to 8.0%</td>');
    expect(cells).toContain('<td>No</td>');
  });
});
