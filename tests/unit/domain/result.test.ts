import { describe, it, expect } from 'vitest';
import { ballsRemaining, resultText, tossText, type ResultInput } from '../../../src/server/domain/result.ts';
import { isLegalDelivery } from '../../../src/server/domain/overs.ts';
import { hindiStyleProblems } from '../../helpers/hindi-style.ts';
import { readMatch, realInnings, type CricsheetMatch } from './cricket-data.ts';

function match(overrides: Partial<ResultInput>): ResultInput {
  return {
    teamNames: { a: 'Chennai Super Kings', b: 'Mumbai Indians' },
    winner: null,
    result: null,
    winByRuns: null,
    winByWickets: null,
    winByInnings: false,
    method: null,
    eliminator: null,
    bowlOut: null,
    ballsRemaining: null,
    format: 't20',
    ...overrides,
  };
}

describe('resultText in English', () => {
  it('gives wins by wickets with the balls to spare in limited-overs matches', () => {
    expect(resultText(match({ winner: 'a', winByWickets: 6, ballsRemaining: 8 }))).toBe(
      'Chennai Super Kings won by 6 wickets (with 8 balls remaining)',
    );
    expect(resultText(match({ winner: 'a', winByWickets: 1, ballsRemaining: 1 }))).toBe(
      'Chennai Super Kings won by 1 wicket (with 1 ball remaining)',
    );
    expect(resultText(match({ winner: 'b', winByWickets: 3, ballsRemaining: 0, format: 'oneday' }))).toBe(
      'Mumbai Indians won by 3 wickets (off the last ball)',
    );
  });

  it('leaves out balls remaining in a Test, and when unknown', () => {
    expect(resultText(match({ winner: 'a', winByWickets: 7, ballsRemaining: 200, format: 'test' }))).toBe(
      'Chennai Super Kings won by 7 wickets',
    );
    expect(resultText(match({ winner: 'a', winByWickets: 7 }))).toBe('Chennai Super Kings won by 7 wickets');
  });

  it('mentions balls remaining only for wins by wickets', () => {
    expect(resultText(match({ winner: 'a', winByRuns: 20, ballsRemaining: 0 }))).toBe('Chennai Super Kings won by 20 runs');
  });

  it('says run for a one-run win and runs otherwise', () => {
    expect(resultText(match({ winner: 'b', winByRuns: 1 }))).toBe('Mumbai Indians won by 1 run');
    expect(resultText(match({ winner: 'b', winByRuns: 140 }))).toBe('Mumbai Indians won by 140 runs');
  });

  it('gives innings wins', () => {
    const test = { teamNames: { a: 'India', b: 'England' }, format: 'test' as const, winByInnings: true };
    expect(resultText(match({ ...test, winner: 'a', winByRuns: 32 }))).toBe('India won by an innings and 32 runs');
    expect(resultText(match({ ...test, winner: 'b', winByRuns: 1 }))).toBe('England won by an innings and 1 run');
  });

  it('names Duckworth-Lewis-Stern results the DLS method, whether Cricsheet wrote D/L or DLS', () => {
    const rr = { teamNames: { a: 'Rajasthan Royals', b: 'Delhi Capitals' } };
    expect(resultText(match({ ...rr, winner: 'a', winByRuns: 5, method: 'D/L' }))).toBe('Rajasthan Royals won by 5 runs (DLS method)');
    expect(resultText(match({ ...rr, winner: 'a', winByRuns: 5, method: 'DLS' }))).toBe('Rajasthan Royals won by 5 runs (DLS method)');
    expect(resultText(match({ ...rr, winner: 'b', winByWickets: 8, ballsRemaining: 10, method: 'D/L' }))).toBe(
      'Delhi Capitals won by 8 wickets (with 10 balls remaining) (DLS method)',
    );
    expect(resultText(match({ ...rr, result: 'tie', method: 'D/L' }))).toBe('Match tied (DLS method)');
  });

  it('names the VJD method, shows other methods as given, and awarded matches as such', () => {
    expect(resultText(match({ winner: 'a', winByRuns: 12, method: 'VJD' }))).toBe('Chennai Super Kings won by 12 runs (VJD method)');
    expect(resultText(match({ winner: 'a', method: 'Lost fewer wickets' }))).toBe('Chennai Super Kings won (Lost fewer wickets)');
    expect(resultText(match({ winner: 'b', method: 'Awarded' }))).toBe('Mumbai Indians won (match awarded)');
  });

  it('gives ties with the Super Over or bowl-out winner, when there was one', () => {
    const pbks = { teamNames: { a: 'Delhi Capitals', b: 'Kings XI Punjab' } };
    expect(resultText(match({ ...pbks, result: 'tie', eliminator: 'b' }))).toBe('Match tied (Kings XI Punjab won the Super Over)');
    expect(resultText(match({ ...pbks, result: 'tie', bowlOut: 'a' }))).toBe('Match tied (Delhi Capitals won the bowl-out)');
    expect(resultText(match({ ...pbks, result: 'tie' }))).toBe('Match tied');
    expect(resultText(match({ ...pbks, result: 'tie', eliminator: 'a', method: 'D/L' }))).toBe(
      'Match tied (Delhi Capitals won the Super Over) (DLS method)',
    );
  });

  it('gives no result, draws, and a bare win when no margin is known', () => {
    expect(resultText(match({ result: 'no result' }))).toBe('No result');
    expect(resultText(match({ result: 'draw', format: 'test' }))).toBe('Match drawn');
    expect(resultText(match({ winner: 'a' }))).toBe('Chennai Super Kings won');
  });
});

describe('resultText in Hindi (docs/hindi-style-guide.md: the verb agrees with जीत, never with the team)', () => {
  it('writes every win as "X ने ... जीत दर्ज की", masculine country or feminine side alike', () => {
    const csk = { teamNames: { a: 'चेन्नई सुपर किंग्स', b: 'मुंबई इंडियंस' } };
    expect(resultText(match({ ...csk, winner: 'a', winByWickets: 6 }), 'hi')).toBe('चेन्नई सुपर किंग्स ने 6 विकेट से जीत दर्ज की');
    expect(resultText(match({ ...csk, winner: 'a', winByWickets: 6, ballsRemaining: 8 }), 'hi')).toBe(
      'चेन्नई सुपर किंग्स ने 6 विकेट से जीत दर्ज की (8 गेंद शेष)',
    );
    expect(resultText(match({ ...csk, winner: 'b', winByRuns: 1 }), 'hi')).toBe('मुंबई इंडियंस ने 1 रन से जीत दर्ज की');
    expect(resultText(match({ ...csk, winner: 'a', winByWickets: 2, ballsRemaining: 0 }), 'hi')).toBe(
      'चेन्नई सुपर किंग्स ने 2 विकेट से जीत दर्ज की (आख़िरी गेंद पर)',
    );
    const countries = { teamNames: { a: 'इंग्लैंड', b: 'भारत' } };
    expect(resultText(match({ ...countries, winner: 'a', winByRuns: 118 }), 'hi')).toBe('इंग्लैंड ने 118 रन से जीत दर्ज की');
    expect(resultText(match({ ...countries, winner: 'b' }), 'hi')).toBe('भारत ने जीत दर्ज की');
  });

  it('words innings wins, rain rules, ties, no results and draws', () => {
    const test = { teamNames: { a: 'भारत', b: 'इंग्लैंड' }, format: 'test' as const };
    expect(resultText(match({ ...test, winner: 'a', winByInnings: true, winByRuns: 32 }), 'hi')).toBe('भारत ने पारी और 32 रन से जीत दर्ज की');
    expect(resultText(match({ winner: 'a', winByRuns: 5, method: 'D/L' }), 'hi')).toBe('Chennai Super Kings ने 5 रन से जीत दर्ज की (DLS पद्धति)');
    expect(resultText(match({ result: 'tie', eliminator: 'b' }), 'hi')).toBe('मैच टाई रहा (Mumbai Indians ने सुपर ओवर जीता)');
    // Two notes in one bracket, not '(आख़िरी गेंद पर) (DLS पद्धति)'.
    expect(resultText(match({ winner: 'b', winByWickets: 3, ballsRemaining: 0, method: 'D/L' }), 'hi')).toBe('Mumbai Indians ने 3 विकेट से जीत दर्ज की (आख़िरी गेंद पर, DLS पद्धति)');
    expect(resultText(match({ result: 'tie', eliminator: 'b', method: 'D/L' }), 'hi')).toBe('मैच टाई रहा (Mumbai Indians ने सुपर ओवर जीता, DLS पद्धति)');
    expect(resultText(match({ result: 'tie' }), 'hi')).toBe('मैच टाई रहा');
    expect(resultText(match({ result: 'no result' }), 'hi')).toBe('मैच बेनतीजा रहा');
    expect(resultText(match({ ...test, result: 'draw' }), 'hi')).toBe('मैच ड्रॉ रहा');
  });

  it('never puts जीता / जीती / जीते after a team without ने', () => {
    const outcomes: Partial<ResultInput>[] = [
      { winner: 'a', winByRuns: 3 },
      { winner: 'b', winByWickets: 4, ballsRemaining: 2 },
      { winner: 'a', winByInnings: true, winByRuns: null, format: 'test' },
      { winner: 'a', method: 'Awarded' },
      { winner: 'b' },
      { result: 'tie', bowlOut: 'a' },
    ];
    for (const outcome of outcomes) {
      const text = resultText(match({ teamNames: { a: 'इंग्लैंड', b: 'भारत' }, ...outcome }), 'hi');
      expect(hindiStyleProblems(text), text).toEqual([]);
    }
  });
});

describe('tossText', () => {
  it('words the toss in English and Hindi', () => {
    expect(tossText('Mumbai Indians', 'bat', 'en')).toBe('Mumbai Indians won the toss and elected to bat');
    expect(tossText('Mumbai Indians', 'field', 'en')).toBe('Mumbai Indians won the toss and elected to field');
    expect(tossText('मुंबई इंडियंस', 'bat', 'hi')).toBe('मुंबई इंडियंस ने टॉस जीतकर पहले बल्लेबाज़ी चुनी');
    expect(tossText('मुंबई इंडियंस', 'field', 'hi')).toBe('मुंबई इंडियंस ने टॉस जीतकर पहले गेंदबाज़ी चुनी');
  });
});

describe('ballsRemaining', () => {
  it('subtracts the balls the chase took from the (revised) limit', () => {
    expect(ballsRemaining(112, 120)).toBe(8);
    expect(ballsRemaining(120, 120)).toBe(0);
    expect(ballsRemaining(80, 87)).toBe(7); // revised to 14.3 overs
    expect(ballsRemaining(90, 100)).toBe(10); // The Hundred
  });

  it('never goes below zero', () => {
    expect(ballsRemaining(121, 120)).toBe(0);
  });
});

/** Cricsheet's outcome and toss, read the way the importer stores them. */
function fromCricsheet(source: CricsheetMatch, chaseBallsRemaining: number | null): ResultInput {
  const { teams, outcome } = source.info;
  const side = (team: string | undefined) => (team === undefined ? null : team === teams[0] ? 'a' : 'b');
  return match({
    teamNames: { a: teams[0], b: teams[1] },
    winner: side(outcome.winner),
    winByRuns: outcome.by?.runs ?? null,
    winByWickets: outcome.by?.wickets ?? null,
    ballsRemaining: chaseBallsRemaining,
  });
}

describe('against real matches', () => {
  it('words the IPL 2008 opener (Cricsheet 335982): KKR by 140 runs, RCB chose to field', () => {
    const opener = readMatch('335982');
    expect(resultText(fromCricsheet(opener, null))).toBe('Kolkata Knight Riders won by 140 runs');
    const { toss } = opener.info;
    if (!toss) throw new Error('335982 records its toss');
    expect(tossText(toss.winner, toss.decision, 'en')).toBe(
      'Royal Challengers Bangalore won the toss and elected to field',
    );
  });

  it('words the IPL 2008 final (Cricsheet 336040): Rajasthan Royals won off the last ball', () => {
    const final = readMatch('336040');
    const chaseBalls = realInnings(final, 1).deliveries.filter(isLegalDelivery).length;
    const { overs } = final.info;
    if (overs === undefined) throw new Error('336040 records its overs limit');
    const remaining = ballsRemaining(chaseBalls, overs * final.info.balls_per_over);
    expect(remaining).toBe(0);
    expect(resultText(fromCricsheet(final, remaining))).toBe('Rajasthan Royals won by 3 wickets (off the last ball)');
    expect(resultText(fromCricsheet(final, remaining), 'hi')).toBe('Rajasthan Royals ने 3 विकेट से जीत दर्ज की (आख़िरी गेंद पर)');
  });
});
