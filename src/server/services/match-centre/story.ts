// The story of a match (the Summary tab): each regular innings over by over from the stored
// deliveries (domain/match-story.ts, the scorecard's own fold), beside the scorecard's best
// figures, partnerships and the players of the match with their figures.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { best, byBatting, byBowling, inningsStory, rateSeries } from '../../domain/match-story.ts';
import { readStoredInnings } from '../../store/stored-deliveries.ts';
import type { AwardFigures, MatchStory, PlayerRef, Scorecard, StoryInnings } from '../match-centre-types.ts';
import { selectPlayerOfMatch } from '../match-rows.ts';
import { people, type MatchCentreRow } from './shared.ts';

/** Batters and bowlers shown per innings. */
export const TOP_PERFORMERS = 3;

export async function buildStory(db: Kysely<Database>, match: MatchCentreRow, scorecard: Scorecard): Promise<MatchStory> {
  const [stored, awards] = await Promise.all([readStoredInnings(db, [match.id]), selectPlayerOfMatch(db, [match.id])]);
  const regular = stored.filter((inn) => !inn.superOver);
  const stories = regular.map((inn) => inningsStory(inn, { oversLimit: match.overs_limit }));
  // Stored deliveries name people by database id.
  const ids = stories.flatMap((story) => [...story.falls.map((fall) => Number(fall.player)), ...story.milestones.map((m) => Number(m.player))]);
  const person = await people(db, ids);
  const allotment = match.overs_limit === null ? null : match.overs_limit * match.balls_per_over;

  const innings = regular.flatMap((inn, index): StoryInnings[] => {
    const card = scorecard.innings.find((entry) => entry.inningsNo === inn.inningsNo);
    const story = stories[index]!;
    if (!card) return [];
    // A limited-overs chase is set its balls (the whole allotment unless revised); a Test's is not.
    const targetBalls = card.target ? (card.target.balls ?? allotment) : null;
    return [
      {
        inningsNo: card.inningsNo,
        side: card.side,
        team: card.team,
        runs: card.runs,
        wickets: card.wickets,
        calledBalls: card.calledBalls,
        declared: card.declared,
        target: card.target && { runs: card.target.runs, balls: targetBalls },
        overs: story.overs,
        falls: story.falls.map((fall) => ({
          wicketNumber: fall.wicketNumber,
          player: person(Number(fall.player)),
          teamRuns: fall.teamRuns,
          legalBalls: fall.legalBalls,
          ball: fall.position,
        })),
        rates: rateSeries(story.overs, card.target && targetBalls !== null ? { runs: card.target.runs, balls: targetBalls } : null),
        topBatters: best(card.batting.filter((line) => line.balls > 0 || line.runs > 0), TOP_PERFORMERS, byBatting),
        topBowlers: best(card.bowling, TOP_PERFORMERS, byBowling),
        partnerships: card.partnerships,
        collapses: story.collapses,
        milestones: story.milestones.map((milestone) => ({
          kind: milestone.kind,
          player: person(Number(milestone.player)),
          value: milestone.value,
          balls: milestone.balls,
          ball: milestone.position,
        })),
      },
    ];
  });

  return {
    ballsPerOver: match.balls_per_over,
    oversLimit: match.overs_limit,
    innings,
    awards: awards.map(({ key, name }) => awardFigures({ key, name }, scorecard)),
  };
}

/** What a player of the match did in each innings of the scorecard (super overs left out). */
export function awardFigures(player: PlayerRef, scorecard: Scorecard): AwardFigures {
  const regular = scorecard.innings.filter((inn) => !inn.superOver);
  const batting = regular.flatMap((inn) =>
    inn.batting
      .filter((line) => line.player.key === player.key)
      .map((line) => ({ side: inn.side, runs: line.runs, balls: line.balls, notOut: line.dismissal.wicketNumber === null })),
  );
  const bowling = regular.flatMap((inn) =>
    inn.bowling
      .filter((line) => line.player.key === player.key)
      .map((line) => ({ side: inn.side === 'a' ? ('b' as const) : ('a' as const), wickets: line.wickets, runs: line.runs, calledBalls: line.calledBalls })),
  );
  const side = batting[0]?.side ?? bowling[0]?.side ?? null;
  return {
    player,
    side,
    batting: batting.map(({ runs, balls, notOut }) => ({ runs, balls, notOut })),
    bowling: bowling.map(({ wickets, runs, calledBalls }) => ({ wickets, runs, calledBalls })),
  };
}
