import { describe, expect, it } from 'vitest';
import {
  ballBadge,
  datesText,
  matchHref,
  oversText,
  partnershipShare,
  pickNumber,
  pickTab,
  playerHref,
  reprKind,
  scoreText,
  tabOrder,
} from '../../../src/views/match-view.ts';

describe('match detail tabs', () => {
  it('orders the tabs by status (spec, Match detail): a completed match opens on its Summary, which replaced its Live tab', () => {
    expect(tabOrder('started')).toEqual(['live', 'summary', 'commentary', 'scoreboard', 'squads', 'info', 'fantasy', 'history']);
    expect(tabOrder('completed')).toEqual(['summary', 'commentary', 'scoreboard', 'squads', 'info', 'fantasy', 'history']);
    expect(tabOrder('not_started')).toEqual(['info', 'fantasy', 'commentary', 'live', 'scoreboard', 'squads', 'history']);
  });

  it('takes ?tab= when valid, else the first tab', () => {
    expect(pickTab('completed', 'squads')).toBe('squads');
    expect(pickTab('completed', null)).toBe('summary');
    // An old link to a finished match's Live tab lands on its Summary.
    expect(pickTab('completed', 'live')).toBe('summary');
    expect(pickTab('not_started', 'summary')).toBe('info');
    expect(pickTab('not_started', 'nonsense')).toBe('info');
  });

  it('accepts only listed numbers from the query', () => {
    expect(pickNumber('2', [0, 1, 2, 3], 0)).toBe(2);
    expect(pickNumber('7', [0, 1], 1)).toBe(1);
    expect(pickNumber('-1', [0, 1], 0)).toBe(0);
    expect(pickNumber('1e1', [10], 0)).toBe(0);
    expect(pickNumber(null, [0], 0)).toBe(0);
  });

  it('builds localized match and player links', () => {
    expect(matchHref('1529312', 'en', { tab: 'scoreboard', inn: 1 })).toBe('/getMatchList/1529312?tab=scoreboard&inn=1');
    expect(matchHref('1529312', 'hi')).toBe('/hi/getMatchList/1529312');
    expect(playerHref('1529312', 'ab 12&', 'hi')).toBe('/hi/getMatchList/playerInformation/1529312?player_key=ab%2012%26');
  });
});

describe('figures', () => {
  it('prints overs, balls and scores', () => {
    expect(oversText([19, 4])).toBe('19.4');
    expect(oversText([20, 0])).toBe('20');
    expect(scoreText(184, 6)).toBe('184/6');
    expect(scoreText(150, 10)).toBe('150');
  });

  it('badges a wicket W in red, fours and sixes green, the rest grey', () => {
    const ball = (runs: number, wicket: unknown, isFour = false, isSix = false) => ({ runs, wicket, isFour, isSix });
    expect(ballBadge(ball(0, { player_key: 'x' }))).toEqual({ label: 'W', kind: 'wicket' });
    expect(ballBadge(ball(4, null, true))).toEqual({ label: '4', kind: 'boundary' });
    expect(ballBadge(ball(6, null, false, true))).toEqual({ label: '6', kind: 'boundary' });
    expect(ballBadge(ball(5, null))).toEqual({ label: '5', kind: 'other' });
    expect(['W', '4', '6', 'wd', '2nb', '4lb', '1'].map(reprKind)).toEqual([
      'wicket', 'boundary', 'boundary', 'other', 'other', 'other', 'other',
    ]);
  });

  it('splits a partnership bar by the batters’ runs', () => {
    expect(partnershipShare(30, 10)).toEqual([75, 25]);
    expect(partnershipShare(0, 0)).toEqual([50, 50]);
    expect(partnershipShare(1, 2)).toEqual([33, 67]);
  });

  it('prints a match’s dates', () => {
    expect(datesText(['2026-01-04'], 'en')).toBe('04 Jan 2026');
    expect(datesText(['2026-01-04', '2026-01-05', '2026-01-08'], 'en')).toBe('04 Jan – 08 Jan 2026');
    expect(datesText(['2025-12-30', '2026-01-02'], 'en')).toBe('30 Dec 2025 – 02 Jan 2026');
    expect(datesText([], 'en')).toBe('');
  });
});
