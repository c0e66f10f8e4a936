// The live panel's status line (issue 26): live while the page's connection holds; once it drops,
// "Reconnecting… score as of 14:05" in place of "Live", in English and Hindi, so a fan does not
// take a stale score for the current one.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { liveLabels } from '../../../src/islands/live/labels.ts';
import { clockText, LivePanel } from '../../../src/islands/live/LiveViews.tsx';

const teams = { a: { key: 'gt', code: 'GT', name: 'Gujarat Titans' }, b: { key: 'rcb', code: 'RCB', name: 'Royal Challengers Bengaluru' } };

function status(lang: 'en' | 'hi', reconnectingSince: string | null): string {
  const html = renderToStaticMarkup(
    createElement(LivePanel, { live: null, teams, sideScores: { a: '120/3', b: '190/9' }, target: 191, dayNumber: null, toss: null, situation: null, labels: liveLabels(lang), reconnectingSince }),
  );
  const status = /<p class="(lp-status[^"]*)"[^>]*>(.*?)<\/p>/.exec(html);
  return `${status![1]}|${status![2]!.replace(/<[^>]+>/g, '')}`;
}

describe('the live status', () => {
  it('says Live while connected', () => {
    expect(status('en', null)).toBe('lp-status|Live');
    expect(status('hi', null)).toBe('lp-status|लाइव');
  });

  it('says it is reconnecting and how old the score is once the connection drops, in both languages', () => {
    expect(status('en', '14:05')).toBe('lp-status lp-status--stale|Reconnecting… score as of 14:05');
    expect(status('hi', '14:05')).toBe('lp-status lp-status--stale|दोबारा जुड़ रहे हैं… स्कोर 14:05 तक का');
    expect(status('en', '14:05')).not.toContain('Live');
  });

  it("gives the time on the fan's clock, 24 hours", () => {
    const at = new Date(2026, 10, 28, 14, 5).getTime();
    expect(clockText(at, 'en')).toBe('14:05');
    expect(clockText(at, 'hi')).toBe('14:05');
  });
});
