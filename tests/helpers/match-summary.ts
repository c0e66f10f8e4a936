// Match summaries for component and view tests: live and upcoming states cannot come from
// Cricsheet archives, so tests build the read model the services would return.
import type { TeamSide } from '../../src/server/db/schema.ts';
import type { InningsSummary, MatchSummary } from '../../src/server/services/match-summary.ts';

export function matchSummary(overrides: Partial<MatchSummary> = {}): MatchSummary {
  return {
    id: 1,
    key: '1',
    format: 't20',
    formatType: 't20',
    status: 'completed',
    playStatus: 'result',
    isReplay: false,
    liveSequence: 0,
    lang: 'en',
    title: 'Match 1',
    tournament: { key: 'indian-premier-league-2026', name: 'Indian Premier League 2026', shortName: 'IPL 2026' },
    startsAt: Date.parse('2026-04-01T00:00:00Z'),
    startTimeKnown: false,
    dates: ['2026-04-01'],
    dayNumber: null,
    venue: null,
    teams: {
      a: { key: 'a', code: 'A', name: 'A' },
      b: { key: 'b', code: 'B', name: 'B' },
    },
    toss: null,
    ballsPerOver: 6,
    innings: [],
    target: null,
    result: null,
    situation: null,
    live: null,
    ...overrides,
  };
}

/** An innings as played: called balls equal legal balls unless given. */
export function inningsSummary(
  side: TeamSide,
  number: number,
  score: { runs: number; wickets: number; legalBalls: number; calledBalls?: number; declared?: boolean; forfeited?: boolean },
): InningsSummary {
  const { calledBalls = score.legalBalls, declared = false, forfeited = false, ...rest } = score;
  return { side, number, ...rest, calledBalls, declared, forfeited };
}
