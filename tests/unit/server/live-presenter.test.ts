// play.live from the typed live state: the provider's names and v5's fields, validated against
// the wire schema, with the rates, overs, texts and ball symbols the presenter derives.
import { describe, expect, it } from 'vitest';
import { presentLiveState } from '../../../src/server/wire/presenters/live.ts';
import { presentMatchObject } from '../../../src/server/wire/presenters/match.ts';
import { liveState, matchObject } from '../../../src/server/wire/schemas/match.ts';
import { liveBall, liveChase } from '../../helpers/live-state.ts';
import { matchSummary } from '../../helpers/match-summary.ts';

const teamNames = { a: 'Gujarat Titans', b: 'Royal Challengers Bengaluru' };

describe('presentLiveState', () => {
  it('a T20 chase: score, rates, need, players and recent overs in the wire shape', () => {
    const wire = liveState.parse(presentLiveState(liveChase(), teamNames, 'en'));
    expect(wire).toMatchObject({
      striker_key: 's1',
      non_striker_key: 's2',
      bowler_key: 'b1',
      innings: 'a_1',
      batting_team: 'a',
      bowling_team: 'b',
      score: { runs: 120, wickets: 3, overs: [14, 2], balls: 86, title: '120/3 in 14.2', run_rate: 8.37, msg_trail_by: null, msg_lead_by: null },
      required_score: { runs: 71, balls: 34, title: 'Gujarat Titans need 71 runs in 34 balls', run_rate: 12.53 },
      match_break: null,
      last_ball_key: '14.1',
    });
    expect(wire.recent_players.striker).toEqual({
      key: 's1',
      name: 'Shubman Gill',
      stats: { runs: 55, balls: 38, fours: 5, sixes: 2, strike_rate: 144.74 },
    });
    expect(wire.recent_players.bowler).toEqual({ key: 'b1', name: 'Josh Hazlewood', stats: { wickets: 2, overs: [3, 2], runs: 22, economy: 6.6, maidens: 0 } });
    // The live centre's (decision 073): the stand, the last wicket as its parts, the innings' limit.
    expect(wire.partnership).toEqual({ runs: 9, balls: 4 });
    expect(wire.last_wicket).toEqual({
      key: 's3',
      name: 'Vijay Shankar',
      runs: 12,
      balls: 9,
      kind: 'caught',
      bowler: 'Josh Hazlewood',
      fielders: [{ name: 'Virat Kohli', substitute: false }],
      team_runs: 111,
      overs: [13, 3],
    });
    expect(wire.limit_balls).toBe(120);
    // What the live centre adds to play.live, sent twice a ball ('commentory' and 'score'): small.
    const added = JSON.stringify({ partnership: wire.partnership, last_wicket: wire.last_wicket, limit_balls: wire.limit_balls }).length + 2 * ',"maidens":0'.length;
    expect(added).toBeLessThan(300);
    expect(wire.recent_players.prev_over_bowler).toBeNull();
    expect(wire.recent_overs_repr).toEqual([
      { overnumber: 14, ball_repr: ['1', '4', 'W', 'wd', '6', '.', '.'] },
      { overnumber: 15, ball_repr: ['2'] },
    ]);
    expect(wire.recent_overs[0]?.ball_keys).toEqual(['13.1', '13.2', '13.3', '13.4wd', '13.4', '13.5', '13.6']);
  });

  it('a Test at stumps: the trail worded in the language asked, no chase, five-ball sets counted as such', () => {
    const test = liveChase({ inningsNumber: 2, required: null, lead: -81, breakReason: 'day', recentOvers: [], lastBall: null });
    const wire = liveState.parse(presentLiveState(test, { a: 'England', b: 'Australia' }, 'hi'));
    expect(wire.innings).toBe('a_2');
    expect(wire.required_score).toBeNull();
    // The side named in Hindi, as the pages name it.
    expect(wire.score.msg_trail_by).toBe('इंग्लैंड 81 रन से पीछे');
    // The score's title in the guide's words ('120/3 (14.2 ओवर)'), not the English '120/3 in 14.2'.
    expect(wire.score.title).toBe('120/3 (14.2 ओवर)');
    expect(wire.score.msg_lead_by).toBeNull();
    expect(wire.match_break).toEqual({ reason: 'day' });
    expect(wire.last_ball_key).toBeNull();
    const leading = presentLiveState(liveChase({ required: null, lead: 12 }), { a: 'England', b: 'Australia' }, 'en');
    expect(leading.score.msg_lead_by).toBe('England lead by 12 runs');

    const hundred = liveChase({
      score: { runs: 80, wickets: 2, legalBalls: 63, calledBalls: 63, ballsPerOver: 5 },
      recentPlayers: { striker: null, nonStriker: null, bowler: { player: { key: 'b', name: 'B' }, wickets: 0, calledBalls: 0, runs: 3, maidens: 0 }, previousOverBowler: null },
      recentOvers: [{ number: 13, balls: [liveBall(12, 1, { extras: { noballs: 1 }, runs: 4 }), liveBall(12, 1, { extras: { legbyes: 2 }, wicket: true })] }],
    });
    const sets = presentLiveState(hundred, teamNames, 'en');
    expect(sets.score.overs).toEqual([12, 3]);
    expect(sets.score.title).toBe('80/2 in 12.3');
    expect(sets.striker_key).toBeNull();
    // No legal ball yet: the wire's economy is 0, not null.
    expect(sets.recent_players.bowler?.stats).toEqual({ wickets: 0, overs: [0, 0], runs: 3, economy: 0, maidens: 0 });
    expect(sets.recent_overs_repr[0]?.ball_repr).toEqual(['4nb', '2lbW']);
  });

  it('the match object carries the presented live state, worded in the summary language', () => {
    const match = matchSummary({ status: 'started', lang: 'hi', teams: { a: { key: 'gt', code: 'GT', name: 'गुजरात टाइटंस' }, b: { key: 'rcb', code: 'RCB', name: 'RCB' } }, live: liveChase() });
    const wire = matchObject.parse(presentMatchObject(match));
    expect(wire.play.live?.required_score?.title).toBe('गुजरात टाइटंस को 34 गेंदों में 71 रन चाहिए');
    expect(wire.play.live?.score.title).toBe('120/3 (14.2 ओवर)');
    expect(matchObject.parse(presentMatchObject(matchSummary())).play.live).toBeNull();
  });
});
