// The match summary built from database rows (units, toss, situation, result) and the provider's
// match object presented from it, held to the API schema.
import { describe, expect, it } from 'vitest';
import { presentMatchObject } from '../../../src/server/wire/presenters/match.ts';
import { matchObject } from '../../../src/server/wire/schemas/match.ts';
import { summariseMatch, type InningsRow, type MatchRow } from '../../../src/server/services/match-summary.ts';
import { expectToMatchSchema } from '../../helpers/api-contract.ts';

function row(overrides: Partial<MatchRow> = {}): MatchRow {
  return {
    id: 7,
    match_key: '1234',
    format: 't20',
    format_type: 't20',
    status: 'completed',
    match_type: 'T20',
    gender: 'male',
    team_type: 'international',
    balls_per_over: 6,
    overs_limit: 20,
    event_match_number: 12,
    event_stage: null,
    event_group: null,
    toss_winner: 'b',
    toss_decision: 'field',
    winner: 'b',
    result: null,
    win_by_runs: null,
    win_by_wickets: 6,
    win_by_innings: false,
    method: null,
    eliminator: null,
    bowl_out: null,
    team_a_name: 'Mumbai Indians',
    team_b_name: 'Chennai Super Kings',
    dates: ['2026-04-12'],
    start_date: '2026-04-12',
    start_at: null,
    play_status: 'result',
    is_replay: false,
    live_sequence: 0,
    break_reason: null,
    day_number: null,
    revised_target_runs: null,
    void_replayed_by: null,
    tou_key: 'ipl-2026',
    tou_name: 'Indian Premier League 2026',
    tou_short_name: 'IPL 2026',
    tou_sides: 10,
    tou_type_matches: { t20: 74 },
    a_key: 'mumbai-indians',
    a_code: 'MI',
    b_key: 'chennai-super-kings',
    b_code: 'CSK',
    venue_name: 'Wankhede Stadium',
    venue_city: 'Mumbai',
    ...overrides,
  };
}

function inn(inningsNo: number, side: 'a' | 'b', runs: number, wickets: number, legalBalls: number, extra: Partial<InningsRow> = {}): InningsRow {
  return {
    match_id: 7,
    innings_no: inningsNo,
    batting_team: side,
    super_over: false,
    runs,
    wickets,
    legal_balls: legalBalls,
    called_balls: legalBalls,
    target_runs: null,
    target_balls: null,
    declared: false,
    forfeited: false,
    ...extra,
  };
}

describe('match summary', () => {
  it('a completed chase: innings in balls, toss as side and decision, result and no situation', () => {
    const innings = [inn(1, 'a', 180, 6, 120), inn(2, 'b', 181, 4, 116, { target_runs: 181, target_balls: 120 }), inn(3, 'b', 9, 0, 6, { super_over: true })];
    const summary = summariseMatch(row(), innings, ['RD Gaikwad'], 'en');
    expect(summary.innings).toEqual([
      { side: 'a', number: 1, runs: 180, wickets: 6, legalBalls: 120, calledBalls: 120, declared: false, forfeited: false },
      { side: 'b', number: 1, runs: 181, wickets: 4, legalBalls: 116, calledBalls: 116, declared: false, forfeited: false },
    ]);
    expect(summary.toss).toEqual({ winner: 'b', decision: 'field' });
    expect(summary.result).toEqual({
      text: 'Chennai Super Kings won by 6 wickets (with 4 balls remaining)',
      winner: 'b',
      margin: { kind: 'wickets', wickets: 6 },
      outcome: null,
      playersOfMatch: ['RD Gaikwad'],
    });
    expect(summary.situation).toBeNull();
    expect(summary.startsAt).toBe(Date.parse('2026-04-12T00:00:00Z'));
  });

  it('a chase in progress in The Hundred: what is needed, in balls of five-ball sets', () => {
    const hundred = row({ status: 'started', balls_per_over: 5, overs_limit: 20, winner: null, win_by_wickets: null, toss_winner: null, toss_decision: null });
    const innings = [inn(1, 'a', 83, 10, 100), inn(2, 'b', 40, 2, 48, { target_runs: 84, target_balls: 100 })];
    const summary = summariseMatch(hundred, innings, [], 'en');
    expect(summary.situation).toEqual({ kind: 'need', team: 'b', runs: 44, balls: 52 });
    expect(summary.toss).toBeNull();
    expect(summary.result).toBeNull();
    expect(presentMatchObject(summary).play.innings.b_1).toMatchObject({ overs: [9, 3], score: { balls: 48 } });
  });

  it('a Test in progress: the side batting trails on first innings totals, the day number counts days', () => {
    const test = row({ format: 'test', status: 'started', overs_limit: null, winner: null, win_by_wickets: null, dates: ['2026-01-04', '2026-01-05', '2026-01-06'] });
    const innings = [inn(1, 'a', 384, 10, 583), inn(2, 'b', 567, 10, 803), inn(3, 'a', 102, 3, 180)];
    const summary = summariseMatch(test, innings, [], 'en');
    expect(summary.situation).toEqual({ kind: 'trail', team: 'a', runs: 81 });
    expect(summary.innings.map((i) => `${i.side}${i.number}`)).toEqual(['a1', 'b1', 'a2']);
    expect(summary.dayNumber).toBe(3);
  });
});

describe('match object presenter', () => {
  it('presents the summary as the provider sends it, valid against the schema', () => {
    const innings = [inn(1, 'a', 180, 6, 120), inn(2, 'b', 181, 4, 116, { target_runs: 181, target_balls: 120 })];
    const object = presentMatchObject(summariseMatch(row(), innings, ['RD Gaikwad'], 'en'));
    expectToMatchSchema(matchObject, object, 'match object');
    expect(object).toMatchObject({
      // The key again: the provider's client opens a match from match_id (decision 061).
      match_id: '1234',
      match_key: '1234',
      tou_key: 'ipl-2026',
      sub_title: 'Match 12',
      format_type: 't20',
      start_at: Date.parse('2026-04-12T00:00:00Z') / 1000,
      venue: { name: 'Wankhede Stadium', city: 'Mumbai' },
      toss: JSON.stringify({ winner: 'b', elected: 'field' }),
      team: { a: { url: 'mumbai-indians', code: 'MI', name: 'Mumbai Indians' } },
    });
    expect(object.play.innings).toEqual({
      a_1: { score: { runs: 180, wickets: 6, overs: [20, 0], balls: 120 }, wickets: 6, overs: [20, 0], score_str: '180/6 in 20.0', index: 0, declared: false, forfeited: false },
      b_1: { score: { runs: 181, wickets: 4, overs: [19, 2], balls: 116 }, wickets: 4, overs: [19, 2], score_str: '181/4 in 19.2', index: 1, declared: false, forfeited: false },
    });
    expect(object.play.result).toEqual({
      msg: 'Chennai Super Kings won by 6 wickets (with 4 balls remaining)',
      winner: 'b',
      win_by: 6,
      result_type: 'wickets',
      pom: ['RD Gaikwad'],
    });
    expect(object.play.target).toEqual({ runs: 181, overs: [20, 0], balls: 120, dl_applied: false });
    expect(object.play.day_number).toBeNull();
  });

  it('names the margin as the provider does: an innings, one run, a tie without a margin', () => {
    const present = (overrides: Partial<MatchRow>) => presentMatchObject(summariseMatch(row(overrides), [], [], 'en')).play.result;
    expect(present({ win_by_wickets: null, win_by_runs: 45, win_by_innings: true })).toMatchObject({ result_type: 'innings', win_by: 45 });
    expect(present({ win_by_wickets: null, win_by_runs: 1 })).toMatchObject({ result_type: 'run', win_by: 1 });
    expect(present({ win_by_wickets: null, winner: null, result: 'tie', eliminator: 'a' })).toMatchObject({ result_type: 'tie', win_by: null, winner: 'a' });
  });
});
