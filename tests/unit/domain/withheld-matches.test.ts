// What the open data is missing of a tournament (issue 28 §5): gaps in the event's match
// numbers, put on a withheld side only when the other sides' fixtures show an absent side.
import { describe, expect, it } from 'vitest';
import { tournamentGap, WITHHELD_SIDES, type HeldMatch } from '../../../src/server/domain/withheld-matches.ts';

const men = { gender: 'male' as const, teamType: 'international', bilateral: false };

/** A single round robin of `sides`, numbered in order, less the numbers in `skip`. */
function roundRobin(sides: string[], skip: (teams: [string, string]) => boolean): HeldMatch[] {
  const matches: HeldMatch[] = [];
  let number = 0;
  for (let i = 0; i < sides.length; i++) {
    for (let j = i + 1; j < sides.length; j++) {
      number++;
      const teams: [string, string] = [sides[i]!, sides[j]!];
      if (!skip(teams)) matches.push({ number, group: null, stage: null, teams });
    }
  }
  return matches;
}

const SIDES = ['Afghanistan', 'Australia', 'England', 'India', 'Pakistan', 'South Africa'];

describe('tournamentGap', () => {
  it('the withheld list names its source: the archives’ own README', () => {
    expect(WITHHELD_SIDES.map((side) => side.name)).toEqual(['Afghanistan']);
    expect(WITHHELD_SIDES[0]!.source).toContain('README.txt');
  });

  it('puts the gap on the withheld side when the held sides all met: one match against each of them', () => {
    // Numbered first, Afghanistan's matches (1 to 5) leave no gap between the numbers held: nothing to go on.
    expect(tournamentGap(roundRobin(SIDES, (teams) => teams.includes('Afghanistan')), men)).toBeNull();
    const later = roundRobin([...SIDES.slice(1), 'Afghanistan'], (teams) => teams.includes('Afghanistan'));
    expect(tournamentGap(later, men)).toEqual({ side: 'Afghanistan', missing: 5, atLeast: false, others: 0 });
  });

  it('counts its matches from the other sides’ fixtures when the last numbers are not seen', () => {
    // Afghanistan's matches are numbered 3, 8, 12, 15, 16 (sides after Australia, England...): 16 is past the last held number.
    const sides = ['Australia', 'Afghanistan', 'England', 'India', 'Pakistan', 'South Africa'];
    const matches = roundRobin(sides, (teams) => teams.includes('Afghanistan'));
    const gap = tournamentGap(matches, men);
    expect(gap).toEqual({ side: 'Afghanistan', missing: 5, atLeast: false, others: 0 });
  });

  it('tells a washed-out meeting of two held sides apart from the absent side’s matches', () => {
    const matches = roundRobin([...SIDES.slice(1), 'Afghanistan'], (teams) => teams.includes('Afghanistan') || (teams[0] === 'India' && teams[1] === 'Pakistan'));
    expect(tournamentGap(matches, men)).toEqual({ side: 'Afghanistan', missing: 5, atLeast: false, others: 1 });
  });

  it('puts nothing on a side when the missing matches are between held sides, or no withheld side could play', () => {
    const washed = roundRobin(SIDES.slice(1), (teams) => teams[0] === 'England' && teams[1] === 'India');
    expect(tournamentGap(washed, men)).toEqual({ side: null, missing: 1, atLeast: true, others: 0 });
    const women = roundRobin([...SIDES.slice(1), 'Afghanistan'], (teams) => teams.includes('Afghanistan'));
    // Numbers 5, 9 and 12 are skipped between the held ones (14 and 15 are past the last held): at least 3.
    expect(tournamentGap(women, { ...men, gender: 'female' })).toEqual({ side: null, missing: 3, atLeast: true, others: 0 });
  });

  it('says nothing without a gap, without numbers, or for a series between two sides', () => {
    expect(tournamentGap(roundRobin(SIDES, () => false), men)).toBeNull();
    const unnumbered = roundRobin(SIDES, (teams) => teams.includes('Afghanistan')).map((match) => ({ ...match, number: null }));
    expect(tournamentGap(unnumbered, men)).toBeNull();
    const tour: HeldMatch[] = [1, 3].map((number) => ({ number, group: null, stage: null, teams: ['India', 'England'] }));
    expect(tournamentGap(tour, { ...men, bilateral: true })).toBeNull();
  });

  it('in groups: the group whose fixtures fit the gap, else "some"', () => {
    const a = roundRobin(['Australia', 'England', 'India', 'Afghanistan'], (teams) => teams.includes('Afghanistan')).map((match) => ({ ...match, group: 'A' }));
    const b = roundRobin(['Pakistan', 'South Africa', 'Sri Lanka', 'New Zealand', 'Ireland'], () => false).map((match) => ({ ...match, number: match.number! + 6, group: 'B' }));
    expect(tournamentGap([...a, ...b], men)).toEqual({ side: 'Afghanistan', missing: 3, atLeast: false, others: 0 });
  });
});
