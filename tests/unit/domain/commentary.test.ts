import { describe, expect, it } from 'vitest';
import {
  ballSymbol,
  commentary,
  escapeHtml,
  type CommentaryBall,
  type CommentaryInnings,
  type CommentaryInput,
} from '../../../src/server/domain/commentary.ts';
import { formatBallPosition, formatOvers } from '../../../src/server/domain/overs.ts';
import { summariseInnings } from '../../../src/server/domain/scorecard.ts';
import type { Delivery, Fielder } from '../../../src/server/domain/types.ts';
import type { Lang } from '../../../src/server/domain/result.ts';
import { hindiStyleProblems } from '../../helpers/hindi-style.ts';
import { ball, innings, overOf, readMatch, realInnings, type BallSpec, type CricsheetMatch } from './cricket-data.ts';

const NAMES: Record<string, string> = { A: 'Gambhir', B: 'Sehwag', C: 'Kohli', X: 'Starc', Y: 'Lyon', F: 'Smith' };
const names = (id: string): string => NAMES[id] ?? id;

/** Commentary input of one innings; every test can override the innings or the match fields. */
function match(deliveries: Delivery[], inningsFields: Partial<CommentaryInnings> = {}, fields: Partial<CommentaryInput> = {}): CommentaryInput {
  const one: CommentaryInnings = { ...innings(deliveries), inningsNo: 1, battingTeamName: 'Delhi', inProgress: false, ...inningsFields };
  return { matchSeed: 7, limitedOvers: true, names, innings: [one], ...fields };
}

function only(deliveries: Delivery[], lang: Lang = 'en', fields: Partial<CommentaryInput> = {}): CommentaryBall {
  const balls = commentary(match(deliveries, {}, fields), lang);
  return balls.at(-1)!;
}

function withFielders(delivery: Delivery, fielders: Fielder[]): Delivery {
  return { ...delivery, wickets: delivery.wickets.map((wicket) => ({ ...wicket, fielders })) };
}

const fielder = (id: string | null, name: string | null, substitute = false): Fielder => ({ id, name, substitute });

/** Words that say the batter played the ball: wrong for a leg bye, a bye or a wide. */
const BATTING_VERBS =
  /\b(shot|drives?|driven|hits?|hit|pull(s|ed)?|cuts?|sweeps?|flick(s|ed)?|glances?|edged?|edges|works?|push(es|ed)?|pushed|clips?|punch(es|ed)?|slog|swing|smash(es|ed)?|timed|bat)\b/i;

describe('commentary: title and outcome', () => {
  it.each<[string, BallSpec, string]>([
    ['dot', {}, 'no run'],
    ['single', { bat: 1 }, '1 run'],
    ['two', { bat: 2 }, '2 runs'],
    ['four', { bat: 4 }, 'FOUR'],
    ['six', { bat: 6 }, 'SIX'],
    ['all-run four', { bat: 4, nonBoundary: true }, '4 runs'],
    ['wide', { wides: 1 }, 'wide'],
    ['wide that ran away', { wides: 3 }, '3 wides'],
    ['no ball', { noballs: 1 }, 'no ball'],
    ['four off a no ball', { noballs: 1, bat: 4 }, 'no ball, FOUR'],
    ['byes off a no ball', { noballs: 1, byes: 2 }, 'no ball, 2 byes'],
    ['leg bye', { legbyes: 1 }, 'leg bye'],
    ['leg byes', { legbyes: 3 }, '3 leg byes'],
    ['bye', { byes: 1 }, 'bye'],
    ['byes', { byes: 4 }, '4 byes'],
    ['penalty', { penalty: 5 }, '5 penalty runs'],
    ['single and a penalty', { bat: 1, penalty: 5 }, '1 run, 5 penalty runs'],
    ['wicket', { out: [['bowled', 'A']] }, 'OUT'],
  ])('%s', (_name, spec, outcome) => {
    const entry = only([ball(0, 'A', 'B', 'X', spec)]);
    expect(entry.title).toBe(`Starc to Gambhir, ${outcome}`);
    expect(entry.comment.startsWith(`Starc to Gambhir, ${outcome}: `)).toBe(true);
    // The title is everything before the first colon of the comment, as the page splits it.
    expect(entry.comment.split(':')[0]).toBe(entry.title);
  });

  it('carries the numbers the commentary entry needs', () => {
    const [four, wide, noBallSix, legBye] = commentary(
      match([
        ball(0, 'A', 'B', 'X', { bat: 4 }),
        ball(0, 'A', 'B', 'X', { wides: 2 }),
        ball(0, 'A', 'B', 'X', { noballs: 1, bat: 6 }),
        ball(0, 'A', 'B', 'X', { legbyes: 2 }),
      ]),
    );
    expect(four).toMatchObject({ runs: 4, batterRuns: 4, bowlerRuns: 4, isFour: true, isSix: false, isWicket: false, wicket: null });
    expect(wide).toMatchObject({ runs: 2, batterRuns: 0, bowlerRuns: 2, isFour: false });
    expect(noBallSix).toMatchObject({ runs: 7, batterRuns: 6, bowlerRuns: 7, isSix: true });
    expect(legBye).toMatchObject({ runs: 2, batterRuns: 0, bowlerRuns: 0 });
    // A wide or no-ball carries the number of the legal ball still to come.
    expect([four, wide, noBallSix, legBye].map((b) => [b?.ball, b?.legalBallsInInnings])).toEqual([
      [1, 1],
      [2, 1],
      [2, 1],
      [2, 2],
    ]);
  });

  it('numbers balls by legal balls of the over (1082591, over 1: . . 4 . 2wd . lb)', () => {
    const over = overOf(0, 'A', 'B', 'X', [{}, {}, { bat: 4 }, {}, { wides: 2 }, {}, { legbyes: 1 }]);
    expect(commentary(match(over)).map((b) => `${b.over}.${b.ball}`)).toEqual(['0.1', '0.2', '0.3', '0.4', '0.5', '0.5', '0.6']);
  });
});

describe('commentary: descriptions never contradict the data', () => {
  const seeds = Array.from({ length: 40 }, (_, seed) => seed);
  const described = (spec: BallSpec, lang: Lang = 'en'): string[] =>
    seeds.map((matchSeed) => only([ball(0, 'A', 'B', 'X', spec)], lang, { matchSeed }).comment.split(': ').slice(1).join(': '));

  it('a leg bye comes off the body: never a shot', () => {
    for (const legbyes of [1, 2, 4]) {
      for (const text of described({ legbyes })) {
        expect(text).not.toMatch(BATTING_VERBS);
        expect(text).toMatch(/pad|body/);
      }
    }
  });

  it('byes go past the keeper, with no shot', () => {
    for (const text of described({ byes: 2 })) {
      expect(text).not.toMatch(BATTING_VERBS);
      expect(text).toMatch(/keeper/);
    }
  });

  it('a wide is not played, and its line is not guessed', () => {
    for (const wides of [1, 5]) {
      for (const text of described({ wides })) {
        expect(text).not.toMatch(BATTING_VERBS);
        expect(text).not.toMatch(/leg side|down leg|outside off/i);
      }
    }
  });

  it('an all-run four is run, never a boundary', () => {
    for (const text of described({ bat: 4, nonBoundary: true })) {
      expect(text).not.toMatch(/boundary|FOUR|four|rope|fence/);
      expect(text).toMatch(/run/);
    }
    expect(only([ball(0, 'A', 'B', 'X', { bat: 4, nonBoundary: true })]).isFour).toBe(false);
  });

  it('runs off a no-ball are described as hit off the no-ball', () => {
    for (const text of described({ noballs: 1, bat: 4 })) expect(text).toMatch(/[Nn]o ball.*Gambhir hits it for four/);
    for (const text of described({ noballs: 1, bat: 1 })) expect(text).toMatch(/Gambhir takes a single off it/);
  });

  it('a boundary four is a boundary, and a six clears the rope', () => {
    for (const text of described({ bat: 6 })) expect(text).not.toMatch(/boundary/);
    for (const text of described({ bat: 4 })) expect(text).not.toMatch(/rope|six|maximum/i);
  });

  it('uses no gendered pronoun for the batter', () => {
    const specs: BallSpec[] = [{}, { bat: 1 }, { bat: 2 }, { bat: 3 }, { bat: 4 }, { bat: 6 }, { out: [['bowled', 'A']] }, { out: [['hit wicket', 'A']] }];
    for (const spec of specs) for (const text of described(spec)) expect(text).not.toMatch(/\b(he|him|his|she|her)\b/i);
  });

  it('HTML is limited to <b> and <br>', () => {
    const balls = commentary(realMatchInput(readMatch('335982')));
    for (const entry of balls) expect(entry.comment.replace(/<\/?b>|<br>/g, '')).not.toMatch(/[<>]/);
  });
});

describe('commentary: free hit', () => {
  it('follows a no-ball in limited-overs cricket, and stays through a wide', () => {
    const balls = commentary(
      match([
        ball(0, 'A', 'B', 'X', { noballs: 1 }),
        ball(0, 'A', 'B', 'X', { wides: 1 }),
        ball(0, 'A', 'B', 'X', { bat: 6 }),
        ball(0, 'A', 'B', 'X', {}),
      ]),
    );
    expect(balls.map((b) => b.comment.includes('Free hit'))).toEqual([false, true, false, false]);
    // The ball after the wide is the same free hit: said so, not announced again in the over.
    expect(balls[2]!.comment).toContain('Still the free hit.');
  });

  it('does not exist in a Test', () => {
    const balls = commentary(match([ball(0, 'A', 'B', 'X', { noballs: 1 }), ball(0, 'A', 'B', 'X', {})], {}, { limitedOvers: false }));
    expect(balls.some((b) => b.comment.includes('Free hit'))).toBe(false);
  });

  it('is in Hindi too', () => {
    const balls = commentary(match([ball(0, 'A', 'B', 'X', { noballs: 1 }), ball(0, 'A', 'B', 'X', {})]), 'hi');
    expect(balls[1]?.comment).toContain('फ़्री हिट');
  });
});

describe('commentary: wickets', () => {
  // Gambhir makes 45 off 32 balls, then is caught by Smith off Starc.
  const run = [
    ...Array.from({ length: 10 }, () => ball(0, 'A', 'B', 'X', { bat: 4 })),
    ...Array.from({ length: 5 }, () => ball(0, 'A', 'B', 'X', { bat: 1 })),
    ...Array.from({ length: 16 }, () => ball(0, 'A', 'B', 'X', {})),
  ].map((delivery, index) => ({ ...delivery, over: Math.floor(index / 6) }));
  const caught = withFielders(ball(5, 'A', 'B', 'X', { out: [['caught', 'A']] }), [fielder('F', 'SPD Smith')]);

  it('names the catcher, prints the scorecard line and the fall of wicket', () => {
    const entry = only([...run, caught]);
    expect(entry.isWicket).toBe(true);
    expect(entry.wicket).toEqual({ playerOut: 'A', kind: 'caught' });
    expect(entry.comment).toContain('Smith');
    expect(entry.comment).toContain('<b>Gambhir c Smith b Starc 45 (32)</b>');
    expect(entry.comment).toContain('Fall of wicket: 45/1 (5.2 ov)');
  });

  it('a substitute catcher is called a substitute', () => {
    const entry = only([withFielders(ball(0, 'A', 'B', 'X', { out: [['caught', 'A']] }), [fielder(null, 'R Sharma', true)])]);
    expect(entry.comment).toContain('substitute R Sharma');
    expect(entry.comment).toContain('Gambhir c sub (R Sharma) b Starc 0 (1)');
  });

  it('each kind reads as that kind', () => {
    const story = (kind: BallSpec['out'], fielders: Fielder[] = []) =>
      only([withFielders(ball(0, 'A', 'B', 'X', { out: kind }), fielders)]).comment;
    expect(story([['bowled', 'A']])).toMatch(/[Bb]owled/);
    expect(story([['lbw', 'A']])).toMatch(/lbw|leg before|pad/);
    expect(story([['caught and bowled', 'A']])).toMatch(/Starc.*(return catch)|Caught and bowled/);
    expect(story([['stumped', 'A']], [fielder('F', 'Smith')])).toMatch(/Smith.*stump|Stumped by Smith/);
    expect(story([['hit wicket', 'A']])).toContain('Hit wicket');
    expect(story([['obstructing the field', 'A']])).toContain('Gambhir is out (obstructing the field).');
    expect(story([['handled the ball', 'A']])).toContain('<b>Gambhir handled the ball 0 (1)</b> Fall of wicket: 0/1');
    // Timed out: the incoming batter is out without facing, so not the striker of the delivery it is recorded on.
    const timedOut = only([ball(0, 'A', 'B', 'X', { out: [['timed out', 'C']] })]);
    expect(timedOut.comment).toContain('Kohli is out (timed out).');
    expect(timedOut.comment).toContain('<b>Kohli timed out 0 (0)</b> Fall of wicket: 0/1');
    expect(timedOut.wicket).toEqual({ playerOut: 'C', kind: 'timed out' });
  });

  it('a run out of the non-striker after a completed run', () => {
    const entry = only([withFielders(ball(0, 'A', 'B', 'X', { bat: 1, out: [['run out', 'B']] }), [fielder('F', 'Smith'), fielder('Y', 'Lyon')])]);
    expect(entry.title).toBe('Starc to Gambhir, Sehwag OUT');
    expect(entry.wicket).toEqual({ playerOut: 'B', kind: 'run out' });
    expect(entry.comment).toContain('Sehwag is run out (Smith/Lyon).');
    expect(entry.comment).toContain('(1 run on this ball)');
    expect(entry.comment).toContain('<b>Sehwag run out (Smith/Lyon) 0 (0)</b> Fall of wicket: 1/1 (0.1 ov)');
  });

  it('a stumping off a wide says it was a wide', () => {
    const entry = only([withFielders(ball(0, 'A', 'B', 'X', { wides: 1, out: [['stumped', 'A']] }), [fielder('F', 'Smith')])]);
    expect(entry.title).toBe('Starc to Gambhir, OUT');
    expect(entry.comment).toContain('(wide on this ball)');
    expect(entry.comment).toContain('Gambhir st Smith b Starc 0 (0)');
  });

  it('a retirement hurt is told but is not a wicket', () => {
    const entry = only([ball(0, 'A', 'B', 'X', { bat: 2, out: [['retired hurt', 'A']] })]);
    expect(entry.isWicket).toBe(false);
    expect(entry.wicket).toBeNull();
    expect(entry.title).toBe('Starc to Gambhir, 2 runs');
    expect(entry.comment).toContain('Gambhir: retired hurt.');
    expect(entry.comment).toContain('<b>Gambhir retired hurt 2 (1)</b>');
    expect(entry.comment).not.toContain('Fall of wicket');
  });
});

describe('commentary: milestones and penalties', () => {
  it('marks the batter reaching 50 and the team reaching 50, on that ball only', () => {
    const deliveries = [
      ...overOf(0, 'A', 'B', 'X', [{ bat: 6 }, { bat: 6 }, { bat: 6 }, { bat: 6 }, { bat: 6 }, { bat: 6 }]),
      ...overOf(1, 'A', 'B', 'Y', [{ bat: 6 }, { bat: 4 }, { bat: 4 }, { bat: 1 }, { bat: 4 }, {}]),
    ];
    const balls = commentary(match(deliveries));
    const fifty = balls.filter((b) => b.comment.includes('FIFTY for Gambhir'));
    expect(fifty.map((b) => [b.over, b.ball])).toEqual([[1, 3]]);
    expect(fifty[0]?.comment).toContain('FIFTY for Gambhir</b>: 50 off 9 balls');
    expect(balls.filter((b) => b.comment.includes('Delhi 50 up')).map((b) => [b.over, b.ball])).toEqual([[1, 3]]);
  });

  it('a hundred and a team hundred in Hindi', () => {
    const sixes = Array.from({ length: 17 }, (_, i) => ball(Math.floor(i / 6), 'A', 'B', 'X', { bat: 6 }));
    const balls = commentary(match(sixes), 'hi');
    expect(balls[16]?.comment).toContain('<b>Gambhir का शतक पूरा</b> (17 गेंद)।');
    expect(balls[16]?.comment).toContain('<b>Delhi के 100 रन पूरे</b> (2.5 ओवर)।');
    expect(balls[8]?.comment).toContain('<b>Gambhir का अर्धशतक पूरा</b> (9 गेंद)।');
  });

  it('penalty runs go to the batting side', () => {
    expect(only([ball(0, 'A', 'B', 'X', { penalty: 5 })]).comment).toContain('5 penalty runs to Delhi.');
  });
});

describe('commentary: over summaries', () => {
  const sixBallOver = overOf(0, 'A', 'B', 'X', [{ bat: 1 }, {}, { bat: 4 }, { legbyes: 1 }, {}, { bat: 2 }]);

  it('comes after the sixth legal ball, with figures, score, batters and symbols', () => {
    const balls = commentary(match([...sixBallOver, ball(1, 'B', 'A', 'Y', {})], { inProgress: true }));
    expect(balls.map((b) => b.overSummary !== null)).toEqual([false, false, false, false, false, true, false]);
    expect(balls[5]?.overSummary).toEqual({
      over: 1,
      runs: 8,
      wickets: 0,
      score: { runs: 8, wickets: 0 },
      bowler: { key: 'X', name: 'Starc', figures: '1-0-7-0' },
      batters: [
        { key: 'A', name: 'Gambhir', runs: 7, balls: 6 },
        { key: 'B', name: 'Sehwag', runs: 0, balls: 0 },
      ],
      balls: ['1', '.', '4', 'lb', '.', '2'],
    });
  });

  it('a seven-delivery over with a wide ends on its seventh delivery', () => {
    const over = overOf(0, 'A', 'B', 'X', [{}, { wides: 2 }, {}, {}, {}, {}, {}]);
    const balls = commentary(match([...over, ball(1, 'B', 'A', 'Y', {})], { inProgress: true }));
    expect(balls.map((b) => b.overSummary !== null)).toEqual([false, false, false, false, false, false, true, false]);
    expect(balls[6]?.overSummary?.balls).toEqual(['.', '2wd', '.', '.', '.', '.', '.']);
    expect(balls[6]?.overSummary?.bowler.figures).toBe('1-0-2-0');
    expect(balls[6]?.ball).toBe(6);
  });

  it('eight-ball overs end after the eighth legal ball', () => {
    const over = overOf(0, 'A', 'B', 'X', Array.from({ length: 8 }, () => ({})));
    const balls = commentary(match(over, { ballsPerOver: 8, inProgress: true }));
    expect(balls.map((b) => b.overSummary !== null)).toEqual([false, false, false, false, false, false, false, true]);
    expect(balls[7]?.overSummary?.bowler.figures).toBe('1-1-0-0');
  });

  it('an unfinished over of an innings in progress has no summary yet; a finished innings closes it', () => {
    const partOver = overOf(0, 'A', 'B', 'X', [{}, { bat: 1 }, {}]);
    expect(commentary(match(partOver, { inProgress: true })).some((b) => b.overSummary)).toBe(false);
    expect(commentary(match(partOver, { inProgress: false })).at(-1)?.overSummary?.runs).toBe(1);
  });

  it('a maiden shows in the figures; a wicket on the last ball leaves one batter in', () => {
    const maiden = overOf(0, 'A', 'B', 'X', [{}, {}, { byes: 1 }, {}, {}, {}]);
    const wicketOver = overOf(1, 'B', 'A', 'X', [{}, {}, {}, {}, {}, { out: [['bowled', 'B']] }]);
    const balls = commentary(match([...maiden, ...wicketOver]));
    expect(balls[5]?.overSummary?.bowler.figures).toBe('1-1-0-0');
    const summary = balls[11]?.overSummary;
    expect(summary?.bowler.figures).toBe('2-2-0-1');
    expect(summary?.wickets).toBe(1);
    expect(summary?.score).toEqual({ runs: 1, wickets: 1 });
    expect(summary?.batters.map((b) => b.key)).toEqual(['A']);
    expect(summary?.balls.at(-1)).toBe('W');
  });

  it('ball symbols', () => {
    const symbol = (spec: BallSpec) => ballSymbol(ball(0, 'A', 'B', 'X', spec));
    expect(symbol({})).toBe('.');
    expect(symbol({ bat: 6 })).toBe('6');
    expect(symbol({ wides: 1 })).toBe('wd');
    expect(symbol({ wides: 5 })).toBe('5wd');
    expect(symbol({ noballs: 1 })).toBe('nb');
    expect(symbol({ noballs: 1, bat: 1 })).toBe('1nb');
    expect(symbol({ noballs: 1, byes: 2 })).toBe('2nb');
    expect(symbol({ legbyes: 1 })).toBe('lb');
    expect(symbol({ byes: 2 })).toBe('2b');
    expect(symbol({ penalty: 5 })).toBe('.+5p');
    expect(symbol({ out: [['bowled', 'A']] })).toBe('W');
    expect(symbol({ bat: 1, out: [['run out', 'B']] })).toBe('1W');
    expect(symbol({ wides: 1, out: [['stumped', 'A']] })).toBe('wdW');
    expect(symbol({ out: [['retired hurt', 'A']] })).toBe('.');
  });
});

describe('commentary: determinism, languages and escaping', () => {
  const deliveries = Array.from({ length: 30 }, (_, i) => ball(Math.floor(i / 6), 'A', 'B', 'X', { bat: [0, 1, 4, 6, 2][i % 5] }));

  it('the same match always reads the same; another seed reads differently somewhere', () => {
    const first = commentary(match(deliveries));
    expect(commentary(match(deliveries))).toEqual(first);
    const reseeded = commentary(match(deliveries, {}, { matchSeed: 8 }));
    expect(reseeded.map((b) => b.title)).toEqual(first.map((b) => b.title));
    expect(reseeded.map((b) => b.comment)).not.toEqual(first.map((b) => b.comment));
  });

  it('varies the phrasing within a match', () => {
    const fours = commentary(match(deliveries)).filter((b) => b.isFour);
    expect(new Set(fours.map((b) => b.comment)).size).toBeGreaterThan(1);
  });

  it('Hindi: the same structure in Devanagari, names as given', () => {
    const [dot, single, four, six] = commentary(match(deliveries), 'hi');
    expect(dot?.title).toBe('Starc से Gambhir, कोई रन नहीं');
    expect(single?.title).toBe('Starc से Gambhir, 1 रन');
    expect(four?.title).toBe('Starc से Gambhir, चौका');
    expect(six?.title).toBe('Starc से Gambhir, छक्का');
    for (const entry of [dot, single, four, six]) expect(entry?.comment.split(': ')[1]).toMatch(/[\u0900-\u097F]/);
    const titles = (spec: BallSpec) => only([ball(0, 'A', 'B', 'X', spec)], 'hi').title;
    expect(titles({ wides: 1 })).toBe('Starc से Gambhir, वाइड');
    expect(titles({ noballs: 1 })).toBe('Starc से Gambhir, नो बॉल');
    expect(titles({ legbyes: 1 })).toBe('Starc से Gambhir, लेग बाई');
    expect(titles({ out: [['bowled', 'A']] })).toBe('Starc से Gambhir, आउट');
    expect(only([ball(0, 'A', 'B', 'X', { out: [['bowled', 'A']] })], 'hi').comment).toContain('विकेट पतन: 0/1 (0.1 ओवर)');
  });

  it('escapes names in the HTML, not in the plain title', () => {
    const odd = { A: 'O\'Brien <script>', X: 'Tom & "Jerry"' } as Record<string, string>;
    const entry = only([ball(0, 'A', 'B', 'X', { out: [['bowled', 'A']] })], 'en', { names: (id) => odd[id] ?? id });
    expect(entry.title).toBe('Tom & "Jerry" to O\'Brien <script>, OUT');
    expect(entry.comment).toContain('Tom &amp; &quot;Jerry&quot; to O&#39;Brien &lt;script&gt;, OUT: ');
    expect(entry.comment).not.toContain('<script>');
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});

describe('commentary: the ball in its innings (commentary-context.ts)', () => {
  const text = (balls: CommentaryBall[], i = -1) => balls.at(i)!.comment;

  it('a batter near a fifty, then the fifty: a milestone for Highlights', () => {
    const deliveries = [...Array.from({ length: 11 }, (_, i) => ball(Math.floor(i / 6), 'A', 'B', 'X', { bat: 4 })), ball(1, 'A', 'B', 'X', { bat: 2 }), ball(2, 'A', 'B', 'Y', { bat: 4 })];
    const balls = commentary(match(deliveries));
    expect(text(balls, 11)).toContain('Gambhir is 4 short of a fifty.');
    expect(text(balls, 11)).not.toContain('FIFTY');
    expect(balls.map((b) => b.milestone)).toEqual([...Array(12).fill(false), true]);
    const hindi = commentary(match(deliveries), 'hi');
    expect(text(hindi, 11)).toMatch(/Gambhir अर्धशतक से 4 रन दूर।|अर्धशतक के लिए Gambhir को 4 रन और चाहिए।/);
  });

  it('a chase: the equation on every ball of the last over, the required rate after each over, and the winning hit', () => {
    const deliveries = [...overOf(0, 'A', 'B', 'X', [{ bat: 1 }, {}, {}, {}, {}, {}]), ...overOf(1, 'A', 'B', 'Y', [{ bat: 4 }, {}, { bat: 6 }])];
    const balls = commentary(match(deliveries, { target: { runs: 11, balls: 12 } }));
    expect(text(balls, 5)).toContain('Required rate 10.00: 10 from 6 balls.');
    expect(text(balls, 6)).toMatch(/6 runs needed from 5 balls\.|6 to get, 5 balls left\.|Now 6 off 5\./);
    expect(text(balls, 8)).toMatch(/And that wins it\.|The target is reached\./);
  });

  it('a spell ends when another bowler takes its end; a limited-overs bowler\'s last over is said', () => {
    const overs = ['X', 'Y', 'X', 'Y', 'C', 'Y'].flatMap((bowler, over) => overOf(over, 'A', 'B', bowler, [{}, { bat: 1 }, {}, {}, {}, {}]));
    const balls = commentary(match(overs, {}, { bowlerOvers: 3 }));
    expect(text(balls, 24)).toMatch(/That ends Starc's spell of 2-0-2-0\.|Starc is rested after a spell of 2-0-2-0\./);
    expect(text(balls, 24)).toMatch(/Kohli comes into the attack|A change: Kohli to bowl|Kohli is on to bowl/);
    expect(text(balls, 35)).toMatch(/That is Lyon's last over: 3-0-3-0\.|Lyon finishes with 3-0-3-0\./);
  });

  it('a wicket in a collapse says how many fell for how few', () => {
    const deliveries = [
      ...Array.from({ length: 10 }, () => ball(0, 'A', 'B', 'X', { bat: 4 })),
      ball(1, 'A', 'B', 'X', { out: [['bowled', 'A']] }),
      ball(1, 'C', 'B', 'X', { out: [['bowled', 'C']] }),
      ball(1, 'F', 'B', 'X', { bat: 1 }),
      ball(1, 'B', 'F', 'X', { out: [['bowled', 'B']] }),
      ball(1, 'F', 'G', 'X', { out: [['bowled', 'F']] }),
    ].map((delivery, index) => ({ ...delivery, over: Math.floor(index / 6) }));
    const balls = commentary(match(deliveries));
    expect(text(balls)).toMatch(/3 wickets for 1 run: from 40\/1 to 41\/4\.|A collapse: 3 down for 1 \(40\/1 to 41\/4\)\./);
    expect(text(commentary(match(deliveries), 'hi'))).toContain('बल्लेबाज़ी लड़खड़ाई');
  });

  it('a stand passing 50 is said on that ball, and its end on the wicket that breaks it', () => {
    const deliveries = [...Array.from({ length: 13 }, () => ball(0, 'A', 'B', 'X', { bat: 4 })), ball(0, 'A', 'B', 'X', { out: [['bowled', 'A']] })].map((delivery, index) => ({
      ...delivery,
      over: Math.floor(index / 6),
    }));
    const balls = commentary(match(deliveries));
    expect(balls.filter((b) => /The stand reaches 50|50 up for the partnership/.test(b.comment)).map((b) => balls.indexOf(b))).toEqual([12]);
    expect(text(balls)).toMatch(/That ends a stand of 52 off 13 balls\.|A partnership of 52 is broken\./);
  });

  it('a free hit put to use, or not', () => {
    const used = commentary(match([ball(0, 'A', 'B', 'X', { noballs: 1 }), ball(0, 'A', 'B', 'X', { bat: 6 })]));
    expect(text(used)).toMatch(/Gambhir makes the free hit count\.|The free hit put to good use\./);
    const missed = commentary(match([ball(0, 'A', 'B', 'X', { noballs: 1 }), ball(0, 'A', 'B', 'X', {})]));
    expect(text(missed)).toMatch(/The free hit goes begging\.|Nothing off the free hit\./);
  });

  it('six dot balls in an over read six ways, and the maiden is said', () => {
    for (const lang of ['en', 'hi'] as const) {
      const balls = commentary(match(overOf(0, 'A', 'B', 'X', [{}, {}, {}, {}, {}, {}])), lang);
      const said = balls.map((b) => b.comment.split(': ').slice(1).join(': ').split('<br>')[0]);
      expect(new Set(said).size).toBe(6);
      expect(text(balls)).toMatch(lang === 'en' ? /maiden/ : /मेडन/);
    }
  });
});

// ---------- real matches ----------

function realMatchInput(source: CricsheetMatch, limitedOvers = true): CommentaryInput {
  return {
    matchSeed: 1,
    limitedOvers,
    names: (id) => id,
    innings: source.innings.map((inn, index) => ({
      ...realInnings(source, index),
      inningsNo: index + 1,
      battingTeamName: inn.team,
      inProgress: false,
    })),
  };
}

describe('commentary of a real match: IPL 2008 opener (335982)', () => {
  const source = readMatch('335982');
  const input = realMatchInput(source);
  const balls = commentary(input);

  it('one entry per delivery, in order', () => {
    const deliveries = input.innings.reduce((sum, inn) => sum + inn.deliveries.length, 0);
    expect(balls).toHaveLength(deliveries);
    expect(balls.filter((b) => b.inningsNo === 1)).toHaveLength(input.innings[0]!.deliveries.length);
  });

  it("McCullum's 13 sixes, and his fifty and hundred", () => {
    const mccullum = balls.filter((b) => b.batter === 'BB McCullum');
    expect(mccullum.filter((b) => b.title.endsWith('SIX'))).toHaveLength(13);
    expect(mccullum.filter((b) => b.isSix)).toHaveLength(13);
    expect(mccullum.filter((b) => b.comment.includes('FIFTY for BB McCullum'))).toHaveLength(1);
    expect(mccullum.filter((b) => b.comment.includes('HUNDRED for BB McCullum'))).toHaveLength(1);
  });

  it('over summaries add up to the innings and end on the scorecard figures', () => {
    input.innings.forEach((inn) => {
      const scorecard = summariseInnings(inn);
      const summaries = balls.filter((b) => b.inningsNo === inn.inningsNo).flatMap((b) => (b.overSummary ? [b.overSummary] : []));
      expect(summaries.reduce((sum, s) => sum + s.runs, 0)).toBe(scorecard.runs - inn.penaltyRunsPre - inn.penaltyRunsPost);
      expect(summaries.at(-1)?.score).toEqual({ runs: scorecard.runs, wickets: scorecard.wickets });
      expect(summaries.map((s) => s.over)).toEqual(Array.from({ length: summaries.length }, (_, i) => i + 1));
      for (const bowler of scorecard.bowling) {
        const last = summaries.filter((s) => s.bowler.key === bowler.player).at(-1);
        expect(last?.bowler.figures).toBe(`${formatOvers(bowler.calledBalls)}-${bowler.maidens}-${bowler.runs}-${bowler.wickets}`);
      }
    });
    // Royal Challengers were all out in the 16th over: the part over still gets its summary.
    expect(balls.filter((b) => b.inningsNo === 2 && b.overSummary)).toHaveLength(16);
  });

  it('wicket balls carry the fall of wicket of the scorecard', () => {
    const scorecard = summariseInnings(input.innings[1]!);
    const wickets = balls.filter((b) => b.inningsNo === 2 && b.isWicket);
    expect(wickets).toHaveLength(scorecard.wickets);
    scorecard.fallOfWickets.forEach((fow, i) => {
      expect(wickets[i]?.wicket?.playerOut).toBe(fow.player);
      // At the ball it fell on, as the scorecard shows it ('8.6', not '9').
      expect(wickets[i]?.comment).toContain(`Fall of wicket: ${fow.teamRuns}/${fow.wicketNumber} (${formatBallPosition(fow.position)} ov)`);
    });
  });
});

describe('commentary of a real Test: the Ashes (1455615)', () => {
  const input = realMatchInput(readMatch('e2e/1455615'), false);

  it('covers every delivery of four innings, with no free hits, in both languages', () => {
    for (const lang of ['en', 'hi'] as const) {
      const balls = commentary(input, lang);
      expect(balls).toHaveLength(input.innings.reduce((sum, inn) => sum + inn.deliveries.length, 0));
      expect(balls.some((b) => b.comment.includes(lang === 'en' ? 'Free hit' : 'फ़्री हिट'))).toBe(false);
      for (const inn of input.innings) {
        const summaries = balls.filter((b) => b.inningsNo === inn.inningsNo && b.overSummary);
        expect(summaries.reduce((sum, b) => sum + b.overSummary!.runs, 0)).toBe(summariseInnings(inn).runs - inn.penaltyRunsPre - inn.penaltyRunsPost);
      }
    }
  });
});

describe('commentary in Hindi: the desk\'s lines (docs/hindi-style-guide.md)', () => {
  it('a wide to the boundary: "वाइड गेंद सीमा रेखा के पार, कुल 5 वाइड रन।", never "और" twice', () => {
    const entry = only([ball(0, 'A', 'B', 'X', { wides: 5 })], 'hi');
    expect(entry.comment).toContain('वाइड गेंद सीमा रेखा के पार, कुल 5 वाइड रन।');
    expect(only([ball(0, 'A', 'B', 'X', { wides: 3 })], 'hi').comment).toContain('कुल 3 वाइड रन।');
    for (const wides of [2, 3, 4, 5]) expect(only([ball(0, 'A', 'B', 'X', { wides })], 'hi').comment).not.toMatch(/और.*और/);
  });

  it('a run out of the non-striker names the batter out and the fielder in both languages', () => {
    const delivery = withFielders(ball(0, 'A', 'B', 'X', { out: [['run out', 'B']] }), [fielder('F', 'Smith')]);
    for (const lang of ['en', 'hi'] as const) {
      const entry = only([delivery], lang);
      expect(entry.title).toBe(lang === 'en' ? 'Starc to Gambhir, Sehwag OUT' : 'Starc से Gambhir, Sehwag आउट');
      expect(entry.comment).toContain(lang === 'en' ? 'Sehwag is run out (Smith).' : 'Sehwag रन आउट (Smith)।');
    }
  });

  it('ends every Devanagari sentence with "।" and uses no rejected word, over a whole real match', () => {
    const input = realMatchInput(readMatch('e2e/1529312'));
    for (const entry of commentary(input, 'hi')) {
      const text = entry.comment.replace(/<[^>]+>/g, ' ');
      expect(hindiStyleProblems(text), text).toEqual([]);
    }
  });
});

describe('a real run out of the non-striker, named in both languages', () => {
  it('IPL 2026 final (1529312), 11.3: C Bosch to Dhruv Jurel, MD Shanaka run out (C Bosch/SN Thakur)', () => {
    const input = realMatchInput(readMatch('e2e/1529312'));
    for (const lang of ['en', 'hi'] as const) {
      const entry = commentary(input, lang).find((b) => b.wicket?.playerOut === 'MD Shanaka' && b.batter === 'Dhruv Jurel')!;
      expect(entry.wicket?.kind).toBe('run out');
      expect(entry.title).toBe(lang === 'en' ? 'C Bosch to Dhruv Jurel, MD Shanaka OUT' : 'C Bosch से Dhruv Jurel, MD Shanaka आउट');
      expect(entry.comment).toContain(lang === 'en' ? 'MD Shanaka is run out (C Bosch/SN Thakur).' : 'MD Shanaka रन आउट (C Bosch/SN Thakur)।');
      // The striker is not said to be out anywhere on the ball.
      expect(entry.comment).not.toMatch(/Dhruv Jurel (is run out|रन आउट)/);
    }
  });

  it('IPL 2008 final (336040), 17.5: JA Morkel to SK Warne, YK Pathan run out (SK Raina)', () => {
    const input = realMatchInput(readMatch('336040'));
    const entry = commentary(input, 'en').find((b) => b.wicket?.playerOut === 'YK Pathan')!;
    expect(entry.title).toBe('JA Morkel to SK Warne, YK Pathan OUT');
    expect(entry.comment).toContain('YK Pathan is run out (SK Raina).');
  });
});
