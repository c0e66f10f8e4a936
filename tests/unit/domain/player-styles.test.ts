// Styles and roles in one vocabulary, whatever the source's spelling: the spellings of the shared
// profiles (ESPNcricinfo's two eras of spelling) and of Wikidata's labels, as real rows write them.
import { describe, expect, it } from 'vitest';
import {
  normaliseBattingStyle,
  normaliseBowlingStyle,
  normalisePlayingRole,
  playingRoleLabel,
  roleCodesOf,
  styleLabel,
} from '../../../src/server/domain/player-styles.ts';

describe('batting style', () => {
  it.each([
    ['Right hand Bat', 'Right-hand bat'], // V Kohli, player_meta.csv
    ['Right-hand bat', 'Right-hand bat'], // AN Lascu
    ['Left hand Bat', 'Left-hand bat'], // S Mandhana
    ['Left-hand bat', 'Left-hand bat'],
    ['right-handedness', 'Right-hand bat'],
    ['RHB', 'Right-hand bat'],
  ])('%s -> %s', (input, expected) => expect(normaliseBattingStyle(input)).toBe(expected));

  it('drops what is no batting style rather than guess (a bowling style in the batting column, as one real row has)', () => {
    expect(normaliseBattingStyle('Right-arm fast')).toBeNull();
    expect(normaliseBattingStyle('')).toBeNull();
    expect(normaliseBattingStyle(null)).toBeNull();
  });
});

describe('bowling style', () => {
  it.each([
    ['Right arm Medium', 'Right-arm medium'], // V Kohli
    ['Right arm Fast', 'Right-arm fast'], // JJ Bumrah
    ['Right arm Offbreak', 'Right-arm off-break'], // RG Sharma, S Mandhana
    ['Right-arm offbreak', 'Right-arm off-break'],
    ['Right arm Fast medium', 'Right-arm fast-medium'],
    ['Right-arm fast-medium', 'Right-arm fast-medium'],
    ['Right arm Medium fast', 'Right-arm medium-fast'],
    ['Right arm Slow medium', 'Right-arm slow-medium'],
    ['Legbreak', 'Right-arm leg-break'],
    ['Legbreak Googly', 'Right-arm leg-break googly'],
    ['Legbreak googly', 'Right-arm leg-break googly'],
    ['Slow Left arm Orthodox', 'Slow left-arm orthodox'],
    ['Slow left-arm orthodox', 'Slow left-arm orthodox'],
    ['Left arm Wrist spin', 'Left-arm wrist-spin'],
    ['Left-arm wrist-spin', 'Left-arm wrist-spin'],
    ['left-arm chinaman', 'Left-arm wrist-spin'],
    ['Left arm Fast medium', 'Left-arm fast-medium'],
    ['Right arm Bowler', 'Right-arm bowler'],
    ['right-arm fast', 'Right-arm fast'], // Wikidata's label (P2545)
    ['right-arm off spin', 'Right-arm off-break'],
  ])('%s -> %s', (input, expected) => expect(normaliseBowlingStyle(input)).toBe(expected));

  it('keeps every style of a player who bowls several, once each', () => {
    expect(normaliseBowlingStyle('Right arm Medium, Right arm Offbreak')).toBe('Right-arm medium, Right-arm off-break');
    expect(normaliseBowlingStyle('Slow Left arm Orthodox, Slow Left arm Orthodox')).toBe('Slow left-arm orthodox');
  });

  it('drops what names no arm or style', () => {
    expect(normaliseBowlingStyle('(Unknown Arm) Slow')).toBeNull();
    expect(normaliseBowlingStyle('spin')).toBeNull();
  });
});

describe('playing role', () => {
  it.each([
    ['Top order Batter', 'Top-order batter'], // V Kohli
    ['Opening Batter', 'Opening batter'], // S Mandhana
    ['Middle order Batter', 'Middle-order batter'],
    ['Wicketkeeper Batter', 'Wicketkeeper-batter'],
    ['wicket-keeper batsman', 'Wicketkeeper-batter'],
    ['Wicketkeeper', 'Wicketkeeper'],
    ['wicket-keeper', 'Wicketkeeper'], // Wikidata's position label (P413)
    ['Allrounder', 'All-rounder'],
    ['Batting Allrounder', 'Batting all-rounder'],
    ['Bowling Allrounder', 'Bowling all-rounder'],
    ['all-rounder', 'All-rounder'],
    ['Bowler', 'Bowler'], // JJ Bumrah
    ['fast bowler', 'Bowler'],
    ['batsman', 'Batter'],
    ['batter', 'Batter'],
  ])('%s -> %s', (input, expected) => expect(normalisePlayingRole(input)).toBe(expected));

  it('reads no role into what is none', () => {
    expect(normalisePlayingRole('captain')).toBeNull();
    expect(normalisePlayingRole('')).toBeNull();
  });

  it('gives the squads their role codes, a keeper first as the derived roles do', () => {
    expect(roleCodesOf('Wicketkeeper-batter')).toEqual(['wc', 'bt']);
    expect(roleCodesOf('Bowling all-rounder')).toEqual(['ar']);
    expect(roleCodesOf('Bowler')).toEqual(['bo']);
    expect(roleCodesOf('Opening batter')).toEqual(['bt']);
  });
});

describe('in Hindi', () => {
  it('names roles and styles of the vocabulary, and leaves anything else as it is', () => {
    expect(playingRoleLabel('Top-order batter', 'hi')).toBe('शीर्ष क्रम बल्लेबाज़');
    expect(playingRoleLabel('Top-order batter', 'en')).toBe('Top-order batter');
    expect(styleLabel('Right-hand bat', 'hi')).toBe('दाएँ हाथ के बल्लेबाज़');
    expect(styleLabel('Right-arm fast-medium, Right-arm off-break', 'hi')).toBe('दाएँ हाथ से तेज़-मध्यम, दाएँ हाथ से ऑफ़ ब्रेक');
    expect(styleLabel('Slow left-arm orthodox', 'hi')).toBe('बाएँ हाथ से धीमी ऑर्थोडॉक्स स्पिन');
    expect(styleLabel('Something else', 'hi')).toBe('Something else');
  });
});
