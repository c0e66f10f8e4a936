// The contract tests' path/type checker (tests/helpers/wire-shape.ts) finds each kind of answer
// that blanks the provider client's page, and passes the shapes it reads.
import { describe, expect, it } from 'vitest';
import { shapeProblems } from '../../helpers/wire-shape.ts';

const INNINGS = { 'data[].play.innings.a_1?.overs': 'overs', 'data[].toss': 'toss|null', 'data[].start_at': 'epoch-s' };

describe('wire shape checker', () => {
  it('passes a list whose optional innings are absent or complete', () => {
    const data = [
      { play: { innings: {} }, toss: null, start_at: 1_700_000_000 },
      { play: { innings: { a_1: { overs: [19, 4] } } }, toss: '{"winner":"a","elected":"bat"}', start_at: 1_700_000_000 },
    ];
    expect(shapeProblems({ data }, INNINGS)).toEqual([]);
  });

  it('names every place that would crash the client', () => {
    const data = [
      { play: { innings: { a_1: { score: { runs: 5 } } } }, toss: '', start_at: 1_700_000_000_000 },
      { play: { innings: { a_1: { overs: [19] } } }, toss: { winner: 'a' } },
    ];
    expect(shapeProblems({ data }, INNINGS)).toEqual([
      'data[0].play.innings.a_1.overs: expected overs, got undefined',
      'data[1].play.innings.a_1.overs: expected overs, got [19]',
      'data[0].toss: expected toss|null, got ""',
      'data[1].toss: expected toss|null, got {"winner":"a"}',
      'data[0].start_at: expected epoch-s, got 1700000000000',
      'data[1].start_at: expected epoch-s, got undefined',
    ]);
  });

  it('wants arrays where the client slices or sorts, and a step before a bare dot', () => {
    expect(shapeProblems({ data: { items: [] } }, { data: 'array' })).toEqual(['data: expected array, got {"items":[]}']);
    expect(shapeProblems({ data: [null] }, { 'data[]': 'object' })).toEqual(['data[0]: expected object, got null']);
    expect(shapeProblems({ teamsDetails: { matches: [] } }, { 'teamsDetails.tournamentPoints': 'array' })).toEqual([
      'teamsDetails.tournamentPoints: expected array, got undefined',
    ]);
    expect(shapeProblems({ play: { result: null } }, { 'play.result?.pom': 'string[]', 'team.a.name': 'string' })).toEqual(['team: missing']);
    expect(shapeProblems({ created_at: 'not a date', stats: [{ high_score: { value: 5 } }] }, { created_at: 'date', 'stats[].high_score': 'primitive' })).toEqual([
      'created_at: expected date, got "not a date"',
      'stats[0].high_score: expected primitive, got {"value":5}',
    ]);
  });
});
