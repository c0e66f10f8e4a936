import { describe, it, expect } from 'vitest';
import { playerRoles, roleLabel, type PlayerRecord } from '../../../src/server/domain/player-role.ts';

/** Ten matches of nothing; each test fills in what the player did. */
function record(overrides: Partial<PlayerRecord>): PlayerRecord {
  return {
    matches: 10,
    battingInnings: 0,
    averageBattingPosition: null,
    bowlingInnings: 0,
    ballsBowled: 0,
    stumpings: 0,
    ...overrides,
  };
}

describe('playerRoles', () => {
  it('makes a top-order batter who does not bowl a batter', () => {
    expect(playerRoles(record({ battingInnings: 10, averageBattingPosition: 2 }))).toEqual(['bt']);
  });

  it('makes a regular bowler who bats low or rarely a bowler', () => {
    expect(playerRoles(record({ bowlingInnings: 10, ballsBowled: 240, battingInnings: 6, averageBattingPosition: 9.5 }))).toEqual(
      ['bo'],
    );
    expect(playerRoles(record({ bowlingInnings: 10, ballsBowled: 240, battingInnings: 2, averageBattingPosition: 5 }))).toEqual([
      'bo',
    ]);
    expect(playerRoles(record({ bowlingInnings: 10, ballsBowled: 240 }))).toEqual(['bo']);
  });

  it('makes a regular bowler who bats in the top seven an all-rounder', () => {
    expect(playerRoles(record({ bowlingInnings: 8, ballsBowled: 150, battingInnings: 9, averageBattingPosition: 6 }))).toEqual([
      'ar',
    ]);
    // Exactly at the thresholds: 4 of 10 matches, 9 balls a spell, position 7.
    expect(playerRoles(record({ bowlingInnings: 4, ballsBowled: 36, battingInnings: 4, averageBattingPosition: 7 }))).toEqual([
      'ar',
    ]);
  });

  it('does not count part-time bowling', () => {
    // Bowls in most matches but an over at a time.
    expect(playerRoles(record({ bowlingInnings: 8, ballsBowled: 48, battingInnings: 10, averageBattingPosition: 3 }))).toEqual([
      'bt',
    ]);
    // Bowls properly but only in 3 of 10 matches.
    expect(playerRoles(record({ bowlingInnings: 3, ballsBowled: 72, battingInnings: 10, averageBattingPosition: 4 }))).toEqual([
      'bt',
    ]);
    // Just under the thresholds.
    expect(playerRoles(record({ bowlingInnings: 4, ballsBowled: 35, battingInnings: 10, averageBattingPosition: 4 }))).toEqual([
      'bt',
    ]);
  });

  it('makes anyone who stumped a wicket-keeper first, followed by his other role', () => {
    expect(playerRoles(record({ stumpings: 1, battingInnings: 10, averageBattingPosition: 4 }))).toEqual(['wc', 'bt']);
    expect(playerRoles(record({ stumpings: 3, battingInnings: 3, averageBattingPosition: 8 }))).toEqual(['wc', 'bt']);
    expect(
      playerRoles(record({ stumpings: 1, bowlingInnings: 5, ballsBowled: 60, battingInnings: 10, averageBattingPosition: 5 })),
    ).toEqual(['wc', 'ar']);
  });

  it('falls back to batter without matches', () => {
    expect(playerRoles(record({ matches: 0 }))).toEqual(['bt']);
  });

  it('takes a one-match record at its word', () => {
    expect(
      playerRoles({
        matches: 1,
        battingInnings: 0,
        averageBattingPosition: null,
        bowlingInnings: 1,
        ballsBowled: 24,
        stumpings: 0,
      }),
    ).toEqual(['bo']);
  });
});

describe('roleLabel', () => {
  it('names every role in English and Hindi', () => {
    expect((['bt', 'bo', 'ar', 'wc'] as const).map((role) => roleLabel(role))).toEqual([
      'Batter',
      'Bowler',
      'All-rounder',
      'Wicket-keeper',
    ]);
    expect((['bt', 'bo', 'ar', 'wc'] as const).map((role) => roleLabel(role, 'hi'))).toEqual([
      'बल्लेबाज़',
      'गेंदबाज़',
      'ऑलराउंडर',
      'विकेटकीपर',
    ]);
  });
});
