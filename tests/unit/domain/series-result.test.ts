// Series results of real bilateral series (Cricsheet's files: who won each numbered match).
import { describe, expect, it } from 'vitest';
import { isBilateral, seriesResult, sidesIn, type SeriesMatch, type SeriesSide } from '../../../src/server/domain/series-result.ts';

const side = (name: string): SeriesSide => ({ key: name.toLowerCase().replace(/\s+/g, '-'), name });
const INDIA = side('India');
const ENGLAND = side('England');
const SOUTH_AFRICA = side('South Africa');
const NEW_ZEALAND = side('New Zealand');
const AUSTRALIA = side('Australia');

/** Matches numbered in order: a side's name wins it, 'draw', 'tie' or 'nr' (no result); null for one still to play. */
function matches(...outcomes: (SeriesSide | 'draw' | 'tie' | 'nr' | null)[]): SeriesMatch[] {
  return outcomes.map((outcome, index) => ({
    winner: typeof outcome === 'object' && outcome !== null ? outcome.key : null,
    result: outcome === 'draw' ? 'draw' : outcome === 'tie' ? 'tie' : outcome === 'nr' ? 'no result' : null,
    matchNumber: index + 1,
    completed: outcome !== null,
  }));
}

describe('seriesResult', () => {
  it('India tour of England 2025: drawn 2-2 (England, India, England, a draw, India)', () => {
    const result = seriesResult([INDIA, ENGLAND], 'test', matches(ENGLAND, INDIA, ENGLAND, 'draw', INDIA), 'en');
    expect(result).toMatchObject({ state: 'drawn', matches: 5, completed: 5, wins: [2, 2], draws: 1, leader: null });
    expect(result.text).toBe('India and England drew the 5-match Test series 2-2');
    expect(seriesResult([INDIA, ENGLAND], 'test', matches(ENGLAND, INDIA, ENGLAND, 'draw', INDIA), 'hi').text).toBe(
      'India और England के बीच 5 मैचों की टेस्ट सीरीज़ 2-2 से बराबर रही',
    );
  });

  it('South Africa tour of India 2025/26: 2-0 in the Tests, 2-1 to India in the ODIs', () => {
    const tests = seriesResult([SOUTH_AFRICA, INDIA], 'test', matches(SOUTH_AFRICA, SOUTH_AFRICA), 'en');
    expect(tests.text).toBe('South Africa won the 2-match Test series 2-0');
    expect(tests.leader).toEqual(SOUTH_AFRICA);
    const odis = seriesResult([INDIA, SOUTH_AFRICA], 'odi', matches(INDIA, SOUTH_AFRICA, INDIA), 'en');
    expect(odis.text).toBe('India won the 3-match ODI series 2-1');
    expect(seriesResult([INDIA, SOUTH_AFRICA], 'odi', matches(INDIA, SOUTH_AFRICA, INDIA), 'hi').text).toBe('India ने 3 मैचों की वनडे सीरीज़ 2-1 से जीती');
  });

  it('a match abandoned without a ball has no file but keeps its number: the T20Is were a 5-match series, India 3-1', () => {
    // Cricsheet holds T20Is 1, 2, 3 and 5 of the South Africa tour of India 2025/26 (the 4th, at Lucknow, was abandoned).
    const held = matches(INDIA, SOUTH_AFRICA, INDIA, null, INDIA).filter((match) => match.matchNumber !== 4);
    const result = seriesResult([INDIA, SOUTH_AFRICA], 't20i', held, 'en');
    expect(result).toMatchObject({ state: 'won', matches: 5, completed: 4, wins: [3, 1] });
    expect(result.text).toBe('India won the 5-match T20I series 3-1');
  });

  it('New Zealand tour of India 2024/25: a 3-0 whitewash, the winner’s score first', () => {
    const result = seriesResult([INDIA, NEW_ZEALAND], 'test', matches(NEW_ZEALAND, NEW_ZEALAND, NEW_ZEALAND), 'en');
    expect(result.wins).toEqual([0, 3]);
    expect(result.text).toBe('New Zealand won the 3-match Test series 3-0');
  });

  it('India tour of Australia 2025/26 T20Is: two no results are nobody’s win (India 2-1)', () => {
    const result = seriesResult([AUSTRALIA, INDIA], 't20i', matches('nr', AUSTRALIA, INDIA, INDIA, 'nr'), 'en');
    expect(result).toMatchObject({ state: 'won', wins: [1, 2], noResults: 2 });
    expect(result.text).toBe('India won the 5-match T20I series 2-1');
  });

  it('a one-off Test: Zimbabwe tour of England 2025 (unnumbered), and a one-off that nobody won', () => {
    const oneOff = [{ winner: ENGLAND.key, result: null, matchNumber: null, completed: true }];
    expect(seriesResult([ENGLAND, side('Zimbabwe')], 'test', oneOff, 'en').text).toBe('England won the one-off Test');
    expect(seriesResult([ENGLAND, side('Zimbabwe')], 'test', oneOff, 'hi').text).toBe('England ने एकमात्र टेस्ट जीता');
    const drawn = [{ winner: null, result: 'draw' as const, matchNumber: null, completed: true }];
    expect(seriesResult([ENGLAND, side('Zimbabwe')], 'test', drawn, 'en').text).toBe('The one-off Test was drawn');
  });

  it('a tie won in a super over counts as a win; a series in progress is led or level', () => {
    const tied = [{ winner: ENGLAND.key, result: 'tie' as const, matchNumber: 1, completed: true }, ...matches(null, null).map((match, index) => ({ ...match, matchNumber: index + 2 }))];
    const leads = seriesResult([INDIA, ENGLAND], 't20i', tied, 'en');
    expect(leads).toMatchObject({ state: 'leads', wins: [0, 1] });
    expect(leads.text).toBe('England lead the 3-match T20I series 1-0');
    expect(seriesResult([INDIA, ENGLAND], 'odi', matches(INDIA, ENGLAND, null), 'en').text).toBe('The 3-match ODI series is level at 1-1');
    expect(seriesResult([INDIA, ENGLAND], 'odi', matches(null, null, null), 'en').text).toBe('The 3-match ODI series is still to be played');
    const firstInPlay = matches(null, null, null).map((match, index) => ({ ...match, inPlay: index === 0 }));
    expect(seriesResult([INDIA, ENGLAND], 'odi', firstInPlay, 'en')).toMatchObject({ state: 'under_way', text: 'The 3-match ODI series is under way' });
    expect(seriesResult([INDIA, ENGLAND], 'odi', firstInPlay, 'hi').text).toBe('3 मैचों की वनडे सीरीज़ जारी है');
  });
});

describe('isBilateral', () => {
  it('two sides make a bilateral series; a tri-series with a final is a competition', () => {
    expect(isBilateral(sidesIn([['india', 'england'], ['england', 'india']]))).toBe(true);
    // Sri Lanka Women's ODI Tri-Series 2025: India, Sri Lanka, South Africa, and a final.
    expect(isBilateral(sidesIn([['india', 'sri-lanka'], ['sri-lanka', 'south-africa'], ['india', 'south-africa'], ['india', 'sri-lanka']]))).toBe(false);
  });
});
