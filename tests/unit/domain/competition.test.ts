import { describe, expect, it } from 'vitest';
import { competitionOf, eventNamesOf } from '../../../src/server/domain/competition.ts';

describe('one competition under its names', () => {
  it('names each of Cricsheet’s earlier event names by the competition’s name now', () => {
    expect(['ICC World Cup', 'World Cup', 'ICC Cricket World Cup'].map(competitionOf)).toEqual(Array(3).fill('ICC Cricket World Cup'));
    expect(['World T20', 'ICC World Twenty20', "ICC Men's T20 World Cup"].map(competitionOf)).toEqual(Array(3).fill("ICC Men's T20 World Cup"));
    expect(["Women's World T20", "ICC Women's World Twenty20"].map(competitionOf)).toEqual(Array(2).fill("ICC Women's T20 World Cup"));
  });

  it('leaves other events alone, qualifiers included', () => {
    expect(competitionOf('Indian Premier League')).toBe('Indian Premier League');
    expect(competitionOf('ICC World Twenty20 Qualifier')).toBe('ICC World Twenty20 Qualifier');
  });

  it('gives every name a competition was played under, from any of them', () => {
    expect(eventNamesOf('World Cup')).toEqual(['ICC Cricket World Cup', 'ICC World Cup', 'World Cup']);
    expect(eventNamesOf('Indian Premier League')).toEqual(['Indian Premier League']);
  });
});
