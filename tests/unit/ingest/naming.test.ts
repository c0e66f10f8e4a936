import { describe, expect, it } from 'vitest';
import { eventAbbreviation, slug, teamCode, teamKey, tournamentKey } from '../../../src/server/store/naming.ts';
import { canonicalTeamName } from '../../../src/server/ingest/team-aliases.ts';

describe('naming', () => {
  it('slugs names and seasons into URL-safe keys', () => {
    expect(slug("Durban's Super Giants")).toBe('durbans-super-giants');
    expect(slug('2007/08')).toBe('2007-08');
    expect(slug('Bhārat  XI')).toBe('bharat-xi');
  });

  it('gives three letters to one-word names and initials to longer ones, with overrides', () => {
    expect(teamCode('India')).toBe('IND');
    expect(teamCode('Chennai Super Kings')).toBe('CSK');
    expect(teamCode('New Zealand')).toBe('NZ');
    expect(teamCode('Sunrisers Hyderabad')).toBe('SRH');
    expect(teamCode('Punjab Kings')).toBe('PBKS');
    expect(teamCode('Kings XI Punjab')).toBe('KXIP');
    expect(teamCode('United Arab Emirates')).toBe('UAE');
    expect(teamCode('Zimbabwe')).toBe('ZIM');
  });

  it('suffixes women’s teams and tournaments unless the name already says women', () => {
    expect(teamKey('India', 'female')).toBe('india-women');
    expect(teamKey('India', 'male')).toBe('india');
    expect(tournamentKey('Indian Premier League', '2007/08', 'male')).toBe('indian-premier-league-2007-08');
    expect(tournamentKey('ICC Women’s T20 World Cup', '2024', 'female')).toBe('icc-womens-t20-world-cup-2024');
    expect(tournamentKey('Big Bash League', '2024/25', 'female')).toBe('big-bash-league-2024-25-women');
  });

  it('abbreviates league-like events only', () => {
    expect(eventAbbreviation('Indian Premier League')).toBe('IPL');
    expect(eventAbbreviation("Women's Premier League")).toBe('WPL');
    expect(eventAbbreviation('ICC Men’s T20 World Cup')).toBeNull();
  });

  it('maps former franchise names to the current one', () => {
    expect(canonicalTeamName('Delhi Daredevils')).toBe('Delhi Capitals');
    expect(canonicalTeamName('Kings XI Punjab')).toBe('Punjab Kings');
    expect(canonicalTeamName('Royal Challengers Bangalore')).toBe('Royal Challengers Bengaluru');
    expect(canonicalTeamName('Rising Pune Supergiants')).toBe('Rising Pune Supergiant');
    expect(canonicalTeamName('Mumbai Indians')).toBe('Mumbai Indians');
  });
});
