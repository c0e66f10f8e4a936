// The live panel's status line (issue 26): live while the page's connection holds; once it drops,
// "Reconnecting… score as of 14:05" in place of "Live", in English and Hindi, so a fan does not
// take a stale score for the current one.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { liveLabels } from '../../../src/islands/live/labels.ts';
import { clockText, CommentaryBall, liveNeed, LivePanel, PlayersTables } from '../../../src/islands/live/LiveViews.tsx';
import type { LiveBall, LiveStateObject } from '../../../src/stores/live-match.ts';

const teams = { a: { key: 'gt', code: 'GT', name: 'Gujarat Titans' }, b: { key: 'rcb', code: 'RCB', name: 'Royal Challengers Bengaluru' } };

function status(lang: 'en' | 'hi', reconnectingSince: string | null): string {
  const html = renderToStaticMarkup(
    createElement(LivePanel, { live: null, teams, sideScores: { a: '120/3', b: '190/9' }, target: 191, dayNumber: null, toss: null, situation: null, lang, labels: liveLabels(lang), reconnectingSince }),
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

// Socket events word their titles in English for every fan; a Hindi page words the need from the
// figures beside them (it read "RCB need 12 runs in 9 balls" after the first ball it heard).
describe('the need on a live page', () => {
  const hindiTeams = { a: { ...teams.a, name: 'गुजरात टाइटन्स' }, b: { ...teams.b, name: 'रॉयल चैलेंजर्स बेंगलुरु' } };
  const chase = {
    score: { msg_lead_by: null, msg_trail_by: null },
    required_score: { runs: 12, balls: 9, title: 'Royal Challengers Bengaluru need 12 runs in 9 balls', run_rate: 8 },
    situation: { kind: 'need', team: 'b', runs: 12, balls: 9 },
  } as unknown as LiveStateObject;

  it('is worded in the page language from the figures, whatever language the event was in', () => {
    expect(liveNeed(chase, hindiTeams, 'hi')).toBe('रॉयल चैलेंजर्स बेंगलुरु को 9 गेंदों में 12 रन चाहिए');
    expect(liveNeed(chase, teams, 'en')).toBe('Royal Challengers Bengaluru need 12 runs in 9 balls');
  });

  it("words a Test's lead and level scores too", () => {
    const lead = { ...chase, required_score: null, situation: { kind: 'lead', team: 'a', runs: 45, balls: null } } as unknown as LiveStateObject;
    expect(liveNeed(lead, hindiTeams, 'hi')).toBe('गुजरात टाइटन्स 45 रन से आगे');
    const level = { ...chase, required_score: null, situation: { kind: 'level', team: 'a', runs: null, balls: null } } as unknown as LiveStateObject;
    expect(liveNeed(level, hindiTeams, 'hi')).toBe('स्कोर बराबर');
  });

  it('keeps the title of an event logged before the figures were sent', () => {
    const old = { ...chase, situation: undefined } as unknown as LiveStateObject;
    expect(liveNeed(old, hindiTeams, 'hi')).toBe('Royal Challengers Bengaluru need 12 runs in 9 balls');
  });
});

describe("the Live tab's bowlers", () => {
  const bumrah = { key: 'p-bumrah', name: 'JJ Bumrah', stats: { wickets: 1, overs: [2, 0], runs: 14, economy: 7, maidens: 0 } };
  const tables = (prev: typeof bumrah | null) =>
    renderToStaticMarkup(
      createElement(PlayersTables, {
        live: { recent_players: { striker: null, non_striker: null, bowler: bumrah, prev_over_bowler: prev } } as unknown as LiveStateObject,
        labels: liveLabels('en'),
        playerHref: '/p?player_key=',
      }),
    );

  it('lists a bowler given two overs running once', () => {
    expect(tables(bumrah).match(/JJ Bumrah/g)).toHaveLength(1);
    expect(tables({ ...bumrah, key: 'p-boult', name: 'TA Boult' })).toContain('TA Boult');
  });
});

describe("a wicket's box in the live commentary", () => {
  const ball = {
    key: '1.5',
    entry_time: 5,
    overs: [0, 5],
    comment: 'Chahar to Suryavanshi, out',
    runs: 0,
    team_score: { runs: 0 },
    batsman: { is_four: false, is_six: false },
    wicket: { player_key: '2b8f1f1a', player_name: 'V Suryavanshi', kind: 'bowled', wicket_type: 'bowled' },
  } as unknown as LiveBall;

  it("labels the kind in the page's language, as the server-rendered list does", () => {
    const hi = renderToStaticMarkup(createElement(CommentaryBall, { ball, labels: liveLabels('hi'), playerHref: '/p?player_key=' }));
    expect(hi).toContain('<span class="cm-kind">बोल्ड</span>');
    const en = renderToStaticMarkup(createElement(CommentaryBall, { ball, labels: liveLabels('en'), playerHref: '/p?player_key=' }));
    expect(en).toContain('<span class="cm-kind">bowled</span>');
  });
});
