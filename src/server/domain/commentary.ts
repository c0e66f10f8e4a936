// Ball-by-ball commentary written from the deliveries, in English and Hindi.
//
// Each comment reads 'Bowler to Batter, outcome: description'. The description is picked from a
// few phrasings per outcome by a hash of the match seed and the ball's position, so one match
// always reads the same. Phrasings claim nothing the data does not say: a leg bye comes off the
// body (no shot), byes go past the keeper, a wide's line and a no-ball's cause are not guessed,
// an all-run four is run (not a boundary), and no pronoun assumes the batter's gender.
// HTML is limited to <b> and <br>; every name is escaped.
//
// Around the ball's own sentence, what the innings so far makes of it (commentary-context.ts,
// decision 074): a milestone in reach, the stand, the bowler's spell and figures, a collapse, a
// chase's equation; after an over, what the over meant. No sentence is said twice in an over: a
// phrasing already used in the over gives way to the next one, a note already made is left out.
import { InningsStory, type BallNote, type Figures, type InningsStoryState, type OverNote } from './commentary-context.ts';
import { dismissalText, notationReadsMatchNames } from './dismissal.ts';
import { hindiOrdinal } from './match-title.ts';
import { formatBallPosition, formatOvers } from './overs.ts';
import type { Lang } from './result.ts';
import { bowlerRuns, InningsTally, isBoundary, isTeamWicket, type InningsTallyState } from './scorecard.ts';
import type { BattingEntry, Delivery, DismissalKind, Fielder, InningsInput, OverSummary, PlayerId, Wicket } from './types.ts';

export interface CommentaryInnings extends InningsInput {
  /** 1-based position of the innings in the match. */
  inningsNo: number;
  battingTeamName: string;
  /** The innings is still being played: an unfinished last over gets no summary yet. */
  inProgress: boolean;
  /** A chase's target: runs, and legal balls (null when unlimited, a Test's fourth innings). */
  target?: { runs: number; balls: number | null } | null;
}

export interface CommentaryInput {
  /** Seeds the choice of phrasing (the match id will do). */
  matchSeed: number;
  /** Limited-overs cricket gives a free hit after a no-ball. */
  limitedOvers: boolean;
  innings: readonly CommentaryInnings[];
  /** Display name of a player id. */
  names: (player: PlayerId) => string;
  /** The display names of the match's players: the Hindi notation tells apart two of one surname (dismissal.ts). */
  matchNames?: readonly string[];
  /** The most overs one bowler may bowl in an innings (4 in a T20, 10 in an ODI); null or absent when unlimited. */
  bowlerOvers?: number | null;
}

export interface CommentaryBall {
  inningsNo: number;
  /** Over index, 0 for the first over. */
  over: number;
  /** The ball's number in the over: legal balls before it in the over, plus one (a wide shares the next legal ball's number). */
  ball: number;
  legalBallsInInnings: number;
  batter: PlayerId;
  bowler: PlayerId;
  /** Plain text, the part of the comment before its first colon: 'Bowler to Batter, FOUR'. */
  title: string;
  /** HTML: '{title}: {description}'. */
  comment: string;
  /** Total runs of the delivery, extras included. */
  runs: number;
  batterRuns: number;
  /** Runs charged to the bowler. */
  bowlerRuns: number;
  isFour: boolean;
  isSix: boolean;
  /** A team wicket fell (a retirement hurt is not one). */
  isWicket: boolean;
  wicket: { playerOut: PlayerId; kind: DismissalKind } | null;
  /** On the last delivery of an over. */
  overSummary: OverSummary | null;
  /** The striker reached a fifty, a hundred...: with boundaries and wickets, what Highlights lists. */
  milestone: boolean;
}

// ---------- wording ----------

/** Names and numbers a phrasing may use; names are already HTML-escaped. */
interface PhraseContext {
  batter: string;
  bowler: string;
  /** Runs of the outcome being described (runs off the bat, byes, wides beyond the first...). */
  runs: number;
  /** The player out and the fielder(s) involved, for wicket phrasings. */
  out: string;
  fielder: string;
}

type Phrase = (context: PhraseContext) => string;

/** Names (HTML-escaped) a note may use. */
interface NoteNames {
  batter: string;
  bowler: string;
  /** The batter out on a wicket ball. */
  out: string;
  player: (player: PlayerId) => string;
}

/** The ways to say a note, the preferred first; the first not yet said in the over is used. */
type NoteWording = { [K in BallNote['kind']]: (note: Extract<BallNote, { kind: K }>, names: NoteNames) => string[] };
type OverNoteWording = { [K in OverNote['kind']]: (note: Extract<OverNote, { kind: K }>, player: (player: PlayerId) => string) => string[] };
type RunsOffBat = 'single' | 'two' | 'three' | 'four' | 'six' | 'allRun' | 'more';
type WicketStory = 'bowled' | 'lbw' | 'caught' | 'caughtUnknown' | 'caughtAndBowled' | 'stumped' | 'stumpedUnknown' | 'runOut' | 'runOutUnknown' | 'hitWicket';

interface Phrasebook {
  title(bowler: string, batter: string, outcome: string): string;
  outcome: {
    noRun: string;
    runs(n: number): string;
    four: string;
    six: string;
    wides(n: number): string;
    noBall: string;
    byes(n: number): string;
    legByes(n: number): string;
    penalty(n: number): string;
    out: string;
    /** A wicket of the other batter (a run out of the non-striker): the title names who is out. */
    outOther(name: string): string;
  };
  dot: Phrase[];
  offBat: Record<RunsOffBat, Phrase[]>;
  /** Runs off the bat from a no-ball, after the no-ball phrasing: the preferred phrasing first. */
  offNoBall: Record<RunsOffBat, Phrase[]>;
  wide: Phrase[];
  /** A wide with runs beyond the one for the wide; runs is the extra runs. */
  widePlus: Phrase[];
  /** A wide that went to the boundary (four beyond the wide itself): the preferred phrasing first. */
  wideBoundary: Phrase[];
  noBall: Phrase[];
  byes: Phrase[];
  legByes: Phrase[];
  penalty(runs: number, team: string): string;
  /** The nth free hit of the over; `carried` when a wide was bowled on it and it is bowled again. */
  freeHit(nth: number, carried: boolean): string;
  wicket: Record<WicketStory, Phrase[]>;
  /** Other kinds and retirements: 'X is out (obstructing the field)', 'X: retired hurt'; kind is the dismissal in words. */
  otherWicket(out: string, kind: string, teamWicket: boolean): string;
  /** What else happened on a wicket ball: '(1 run on this ball)'. */
  alsoOnBall(outcome: string): string;
  substitute(name: string | null): string;
  fallOfWicket(score: string, overs: string): string;
  batterMilestone(batter: string, milestone: number, runs: number, balls: number): string;
  teamMilestone(team: string, milestone: number, overs: string): string;
  notes: NoteWording;
  overNotes: OverNoteWording;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const EN_MILESTONES: Record<number, string> = { 50: 'FIFTY', 100: 'HUNDRED', 200: 'DOUBLE HUNDRED', 300: 'TRIPLE HUNDRED' };
const HI_MILESTONES: Record<number, string> = { 50: 'अर्धशतक', 100: 'शतक', 200: 'दोहरा शतक', 300: 'तिहरा शतक' };

const EN: Phrasebook = {
  title: (bowler, batter, outcome) => `${bowler} to ${batter}, ${outcome}`,
  outcome: {
    noRun: 'no run',
    runs: (n) => plural(n, 'run', 'runs'),
    four: 'FOUR',
    six: 'SIX',
    wides: (n) => (n === 1 ? 'wide' : `${n} wides`),
    noBall: 'no ball',
    byes: (n) => (n === 1 ? 'bye' : `${n} byes`),
    legByes: (n) => (n === 1 ? 'leg bye' : `${n} leg byes`),
    penalty: (n) => `${n} penalty runs`,
    out: 'OUT',
    outOther: (name) => `${name} OUT`,
  },
  dot: [
    () => 'No run.',
    () => 'Dot ball.',
    () => 'Well bowled, no run.',
    (c) => `${c.batter} can't get it away.`,
    () => 'Nothing off it.',
    (c) => `No run for ${c.batter}.`,
    (c) => `${c.bowler} gives nothing away.`,
    (c) => `Tight from ${c.bowler}, no run.`,
  ],
  offBat: {
    single: [
      () => 'A single.',
      () => 'They take a single.',
      (c) => `${c.batter} works it away for one.`,
      () => 'Pushed into the gap for a single.',
      () => 'One run.',
      (c) => `${c.batter} rotates the strike.`,
      () => 'Just the one.',
    ],
    two: [
      () => 'They come back for the second.',
      () => 'Good running, two taken.',
      (c) => `${c.batter} finds the gap and they run two.`,
      () => 'Two more.',
      (c) => `${c.batter} picks up a couple.`,
    ],
    three: [() => 'They run three.', () => 'Excellent running, three taken.', () => 'They hurry back for the third.'],
    four: [
      () => 'Races away to the boundary.',
      () => 'Finds the boundary.',
      (c) => `Cracking shot from ${c.batter}, four more.`,
      () => 'Pierces the field and it runs away for four.',
      () => 'Timed to perfection, that is four.',
    ],
    six: [() => 'That has gone all the way!', (c) => `${c.batter} sends it over the rope.`, () => 'Huge hit, six more.', () => 'High and handsome, a maximum.'],
    allRun: [(c) => `They run all ${c.runs}.`, (c) => `${c.runs} runs, all of them run.`, (c) => `Hard running, ${c.runs} taken.`],
    more: [(c) => `${c.runs} runs from it.`, (c) => `They pick up ${c.runs}.`],
  },
  offNoBall: {
    single: [(c) => `${c.batter} takes a single off it.`, () => 'A single off the no ball.'],
    two: [(c) => `${c.batter} takes two off it.`, () => 'Two off the no ball.'],
    three: [(c) => `${c.batter} takes three off it.`, () => 'Three off the no ball.'],
    four: [(c) => `${c.batter} hits it for four.`, () => 'Four off the no ball.'],
    six: [(c) => `${c.batter} hits it for six.`, () => 'Six off the no ball.'],
    allRun: [(c) => `${c.batter} takes ${c.runs} off it, all run.`, (c) => `${c.runs} off the no ball, all run.`],
    more: [(c) => `${c.batter} takes ${c.runs} off it.`, (c) => `${c.runs} off the no ball.`],
  },
  wide: [
    () => 'Wide called.',
    () => 'The umpire signals a wide.',
    () => 'Too wide, an extra run.',
    () => 'Strays too far, wide given.',
    () => 'Wide: an extra to the total.',
    (c) => `${c.bowler} sends down a wide.`,
  ],
  widePlus: [(c) => `Wide, and ${plural(c.runs, 'more run', 'more runs')} on top.`, (c) => `${c.runs + 1} wides added to the total.`],
  wideBoundary: [(c) => `Wide, and it runs away to the boundary: ${c.runs + 1} wides.`, (c) => `${c.runs + 1} wides: it beats everyone to the rope.`],
  noBall: [() => 'No ball called.', () => 'The umpire signals a no ball.', () => 'No ball, an extra run.', (c) => `No ball from ${c.bowler}.`],
  byes: [
    (c) => `Past the keeper, they run ${plural(c.runs, 'bye', 'byes')}.`,
    (c) => `It beats the keeper, ${plural(c.runs, 'bye', 'byes')}.`,
    (c) => `${plural(c.runs, 'bye', 'byes')}, past the keeper.`,
  ],
  legByes: [
    (c) => `Off the pad, they take ${plural(c.runs, 'leg bye', 'leg byes')}.`,
    (c) => `It comes off the body and they take ${plural(c.runs, 'leg bye', 'leg byes')}.`,
    (c) => `Off the pads, ${plural(c.runs, 'leg bye', 'leg byes')}.`,
  ],
  penalty: (runs, team) => `${runs} penalty runs to ${team}.`,
  freeHit: (nth, carried) => (carried ? '<b>Still the free hit.</b>' : nth === 1 ? '<b>Free hit.</b>' : nth === 2 ? '<b>Another free hit.</b>' : `<b>Free hit, the ${englishOrdinal(nth)} of the over.</b>`),
  wicket: {
    bowled: [
      () => 'Bowled! Crashes into the stumps.',
      () => 'Bowled! The bails are off.',
      () => 'Clean bowled!',
      (c) => `${c.bowler} hits the stumps.`,
      (c) => `The stumps are broken, and ${c.bowler} has the wicket.`,
    ],
    lbw: [
      () => 'Trapped in front, given out lbw.',
      () => 'Given out leg before wicket.',
      () => 'Struck on the pad, and the umpire gives it out.',
      (c) => `Lbw, and ${c.bowler} has the wicket.`,
    ],
    caught: [(c) => `Caught by ${c.fielder}!`, (c) => `Taken by ${c.fielder}.`, (c) => `${c.fielder} holds on to the catch.`, (c) => `In the air, and ${c.fielder} takes it.`],
    caughtUnknown: [() => 'Caught!'],
    caughtAndBowled: [(c) => `Caught and bowled! ${c.bowler} takes the return catch.`, (c) => `${c.bowler} holds on to a return catch.`],
    stumped: [(c) => `Stumped by ${c.fielder}!`, (c) => `Out of the crease, and ${c.fielder} completes the stumping.`],
    stumpedUnknown: [() => 'Stumped!'],
    runOut: [(c) => `Run out! ${c.out} is run out (${c.fielder}).`, (c) => `${c.out} is run out (${c.fielder}).`],
    runOutUnknown: [(c) => `${c.out} is run out.`, () => 'Run out!'],
    hitWicket: [(c) => `Hit wicket! ${c.out} breaks the stumps.`, (c) => `Hit wicket: the bails are off and ${c.out} has to go.`],
  },
  otherWicket: (out, kind, teamWicket) => (teamWicket ? `${out} is out (${kind}).` : `${out}: ${kind}.`),
  alsoOnBall: (outcome) => `(${outcome} on this ball)`,
  substitute: (name) => (name === null ? 'the substitute' : `substitute ${name}`),
  fallOfWicket: (score, overs) => `Fall of wicket: ${score} (${overs} ov)`,
  batterMilestone: (batter, milestone, runs, balls) =>
    `<b>${EN_MILESTONES[milestone] ?? milestone} for ${batter}</b>: ${runs} off ${plural(balls, 'ball', 'balls')}`,
  teamMilestone: (team, milestone, overs) => `<b>${team} ${milestone} up</b> (${overs} ov)`,
  notes: {
    intoAttack: ({ spell }, { bowler }) =>
      spell === 'opening'
        ? [`${bowler} opens the bowling.`, `${bowler} to share the new ball.`]
        : spell === 'first'
          ? [`${bowler} comes into the attack.`, `A change: ${bowler} to bowl.`, `${bowler} is on to bowl.`]
          : [`${bowler} is back for another spell.`, `${bowler} returns to the attack.`],
    spellEnded: ({ bowler, figures }, { player }) => [`That ends ${player(bowler)}'s spell of ${figuresText(figures)}.`, `${player(bowler)} is rested after a spell of ${figuresText(figures)}.`],
    freeHitUsed: ({ runs }, { batter }) => (runs >= 4 ? [`${batter} makes the free hit count.`, 'The free hit put to good use.'] : [`Just ${plural(runs, 'run', 'runs')} off the free hit.`]),
    freeHitMissed: () => ['The free hit goes begging.', 'Nothing off the free hit.'],
    batterBoundaries: ({ six, count }, { batter }) => [`${batter}'s ${englishOrdinal(count)} ${six ? 'six' : 'four'} of the innings.`, `That is ${count} ${six ? 'sixes' : 'fours'} for ${batter} now.`],
    nearMilestone: ({ mark, short }, { batter }) => [`${batter} is ${short} short of ${englishMark(mark)}.`, `${short} more for ${batter}'s ${EN_MILESTONES[mark]?.toLowerCase() ?? mark}.`],
    boundariesInOver: ({ count }) => [`The ${englishOrdinal(count)} boundary of the over.`, `That makes ${count} boundaries in the over.`],
    answerAfterBoundary: (_, { bowler }) => [`${bowler} comes back well after the boundary.`, `A good answer from ${bowler} after the boundary.`, `${bowler} pulls it back after the boundary.`],
    dotStreak: ({ balls }) => [`${balls} dot balls in a row.`, `That is ${balls} balls without a run.`],
    standMark: ({ mark, balls }) => [`The stand reaches ${mark}, off ${plural(balls, 'ball', 'balls')}.`, `${mark} up for the partnership (${plural(balls, 'ball', 'balls')}).`],
    standEnded: ({ runs, balls }) => [`That ends a stand of ${runs} off ${plural(balls, 'ball', 'balls')}.`, `A partnership of ${runs} is broken.`],
    duck: ({ firstBall }, { out }) => (firstBall ? [`${out} is out first ball, a golden duck.`, `A golden duck for ${out}.`] : [`${out} goes for a duck.`, `No run for ${out}, out for a duck.`]),
    collapse: ({ wickets, runs, from, to }) => [
      `${wickets} wickets for ${plural(runs, 'run', 'runs')}: from ${from.runs}/${from.wickets} to ${to.runs}/${to.wickets}.`,
      `A collapse: ${wickets} down for ${runs} (${from.runs}/${from.wickets} to ${to.runs}/${to.wickets}).`,
    ],
    bowlerWickets: ({ bowler, wickets, runs }, { player }) =>
      wickets >= 5
        ? [`${wickets} wickets for ${player(bowler)}: ${wickets}/${runs}.`, `${player(bowler)} has ${wickets} now, for ${runs}.`]
        : [`${player(bowler)} now has ${wickets} for ${runs}.`, `That is ${player(bowler)}'s ${englishOrdinal(wickets)} wicket (${wickets}/${runs}).`],
    equation: ({ runs, balls }) =>
      balls === null
        ? [`${plural(runs, 'run', 'runs')} still needed.`, `${runs} more to win.`]
        : [`${plural(runs, 'run', 'runs')} needed from ${plural(balls, 'ball', 'balls')}.`, `${runs} to get, ${plural(balls, 'ball', 'balls')} left.`, `Now ${runs} off ${balls}.`],
    targetReached: () => ['And that wins it.', 'The target is reached.'],
  },
  overNotes: {
    maiden: ({ bowler, wickets }, player) => (wickets > 0 ? [`A wicket maiden from ${player(bowler)}.`] : [`A maiden from ${player(bowler)}.`, `${player(bowler)} bowls a maiden.`]),
    bigOver: ({ runs, mostOfInnings }) => (mostOfInnings ? [`${runs} from the over, the most of the innings so far.`] : [`${runs} runs from the over.`]),
    wicketsInOver: ({ wickets }) => [`${wickets} wickets in the over.`],
    requiredRate: ({ rate, before, runs, balls }) => [
      before === null || before === rate
        ? `Required rate ${rate.toFixed(2)}: ${runs} from ${plural(balls, 'ball', 'balls')}.`
        : `Required rate ${rate.toFixed(2)}, ${rate > before ? 'up' : 'down'} from ${before.toFixed(2)}: ${runs} from ${plural(balls, 'ball', 'balls')}.`,
    ],
    quotaDone: ({ bowler, figures }, player) => [`That is ${player(bowler)}'s last over: ${figuresText(figures)}.`, `${player(bowler)} finishes with ${figuresText(figures)}.`],
  },
};

// Hindi: past-tense verbs agree with the subject's gender, so phrasings use the ergative 'ने'
// (the verb then agrees with the object: 'X ने चौका लगाया') or leave the batter out of the verb.
const HI: Phrasebook = {
  title: (bowler, batter, outcome) => `${bowler} से ${batter}, ${outcome}`,
  outcome: {
    noRun: 'कोई रन नहीं',
    runs: (n) => `${n} रन`,
    four: 'चौका',
    six: 'छक्का',
    wides: (n) => (n === 1 ? 'वाइड' : `${n} वाइड`),
    noBall: 'नो बॉल',
    byes: (n) => (n === 1 ? 'बाई' : `${n} बाई`),
    legByes: (n) => (n === 1 ? 'लेग बाई' : `${n} लेग बाई`),
    penalty: (n) => `${n} पेनल्टी रन`,
    out: 'आउट',
    outOther: (name) => `${name} आउट`,
  },
  dot: [
    () => 'कोई रन नहीं।',
    () => 'डॉट बॉल।',
    () => 'अच्छी गेंद, कोई रन नहीं बना।',
    (c) => `${c.batter} के बल्ले से कोई रन नहीं।`,
    () => 'रन का कोई मौका नहीं।',
    (c) => `${c.bowler} ने कोई रन नहीं दिया।`,
    (c) => `${c.bowler} की कसी हुई गेंद।`,
    () => 'इस गेंद पर रन नहीं बना।',
  ],
  offBat: {
    single: [
      () => 'एक रन मिला।',
      (c) => `${c.batter} ने एक रन लिया।`,
      () => 'स्ट्राइक बदलने के लिए एक रन।',
      () => 'गैप में खेलकर एक रन।',
      () => 'एक रन और।',
      (c) => `${c.batter} ने स्ट्राइक बदली।`,
      () => 'सिंगल लिया गया।',
    ],
    two: [
      () => 'दो रन लिए गए।',
      () => 'अच्छी दौड़, दो रन।',
      (c) => `${c.batter} ने गैप ढूंढकर दो रन बटोरे।`,
      () => 'दो रन और।',
      (c) => `${c.batter} ने दो रन लिए।`,
    ],
    three: [() => 'तीन रन दौड़कर लिए गए।', () => 'शानदार दौड़, तीन रन।', () => 'तेज़ दौड़ से तीसरा रन भी पूरा।'],
    four: [
      () => 'गेंद तेज़ी से सीमा रेखा के पार।',
      (c) => `${c.batter} का शानदार शॉट, चार रन।`,
      () => 'फ़ील्डरों के बीच से गेंद बाउंड्री के पार।',
      () => 'बेहतरीन टाइमिंग, चौका।',
      (c) => `${c.batter} ने चौका जड़ा।`,
    ],
    six: [
      () => 'गेंद सीधे सीमा रेखा के बाहर!',
      (c) => `${c.batter} ने गेंद को रस्सी के पार भेजा।`,
      () => 'ज़ोरदार शॉट, छह रन।',
      (c) => `${c.batter} ने छक्का जड़ा।`,
    ],
    allRun: [(c) => `पूरे ${c.runs} रन दौड़कर लिए गए।`, (c) => `दौड़कर ${c.runs} रन पूरे किए गए।`],
    more: [(c) => `इस गेंद पर ${c.runs} रन।`, (c) => `${c.runs} रन मिले।`],
  },
  offNoBall: {
    single: [(c) => `${c.batter} ने इस पर एक रन लिया।`, () => 'नो बॉल पर एक रन।'],
    two: [(c) => `${c.batter} ने इस पर दो रन लिए।`, () => 'नो बॉल पर दो रन।'],
    three: [(c) => `${c.batter} ने इस पर तीन रन लिए।`, () => 'नो बॉल पर तीन रन।'],
    four: [(c) => `${c.batter} ने इस पर चौका लगाया।`, () => 'नो बॉल पर चौका।'],
    six: [(c) => `${c.batter} ने इस पर छक्का लगाया।`, () => 'नो बॉल पर छक्का।'],
    allRun: [(c) => `${c.batter} ने इस पर ${c.runs} रन दौड़कर लिए।`, (c) => `नो बॉल पर दौड़कर ${c.runs} रन।`],
    more: [(c) => `${c.batter} ने इस पर ${c.runs} रन लिए।`, (c) => `नो बॉल पर ${c.runs} रन।`],
  },
  wide: [
    () => 'वाइड, एक अतिरिक्त रन।',
    () => 'अंपायर ने वाइड का इशारा किया।',
    () => 'लाइन से भटकी गेंद, वाइड।',
    () => 'वाइड गेंद, अतिरिक्त रन।',
    (c) => `${c.bowler} की वाइड गेंद।`,
  ],
  widePlus: [(c) => `वाइड गेंद पर दौड़कर ${c.runs} रन, कुल ${c.runs + 1} वाइड रन।`, (c) => `कुल ${c.runs + 1} वाइड रन।`],
  wideBoundary: [(c) => `वाइड गेंद सीमा रेखा के पार, कुल ${c.runs + 1} वाइड रन।`, (c) => `वाइड पर बाउंड्री, कुल ${c.runs + 1} वाइड रन।`],
  noBall: [() => 'नो बॉल।', () => 'अंपायर ने नो बॉल का इशारा किया।', () => 'नो बॉल, एक अतिरिक्त रन।', (c) => `${c.bowler} की नो बॉल।`],
  byes: [(c) => `गेंद विकेटकीपर के पास से निकली, ${c.runs} बाई।`, (c) => `विकेटकीपर से गेंद छूटी, ${c.runs} बाई रन।`, (c) => `बाई के ${c.runs} रन।`],
  legByes: [(c) => `गेंद पैड से लगकर गई, ${c.runs} लेग बाई।`, (c) => `शरीर से लगकर गेंद निकली, ${c.runs} लेग बाई।`, (c) => `पैड से लगकर ${c.runs} लेग बाई।`],
  penalty: (runs, team) => `${team} को ${runs} पेनल्टी रन।`,
  freeHit: (nth, carried) => (carried ? '<b>फ़्री हिट अब भी बाकी है।</b>' : nth === 1 ? '<b>फ़्री हिट।</b>' : nth === 2 ? '<b>एक और फ़्री हिट।</b>' : `<b>इस ओवर में ${nth}वीं बार फ़्री हिट।</b>`),
  wicket: {
    bowled: [
      () => 'बोल्ड! गेंद सीधे स्टंप्स पर।',
      () => 'क्लीन बोल्ड! गिल्लियां बिखर गईं।',
      (c) => `${c.bowler} ने स्टंप्स बिखेर दिए।`,
      (c) => `स्टंप्स पर गेंद, विकेट ${c.bowler} के नाम।`,
    ],
    lbw: [
      () => 'पगबाधा! अंपायर ने आउट दिया।',
      () => 'पगबाधा आउट।',
      () => 'गेंद पैड पर लगी और अंपायर ने उंगली उठा दी।',
      (c) => `पगबाधा, विकेट ${c.bowler} के नाम।`,
    ],
    caught: [(c) => `${c.fielder} ने कैच लपका!`, (c) => `कैच! ${c.fielder} ने कोई गलती नहीं की।`, (c) => `गेंद हवा में और ${c.fielder} के हाथों में।`],
    caughtUnknown: [() => 'कैच आउट!'],
    caughtAndBowled: [(c) => `कैच एंड बोल्ड! ${c.bowler} ने अपनी ही गेंद पर कैच लपका।`, (c) => `${c.bowler} ने रिटर्न कैच लपका।`],
    stumped: [(c) => `स्टंप्ड! ${c.fielder} ने गिल्लियां बिखेर दीं।`, (c) => `क्रीज़ से बाहर, और ${c.fielder} ने स्टंपिंग पूरी की।`],
    stumpedUnknown: [() => 'स्टंप्ड!'],
    runOut: [(c) => `रन आउट! ${c.out} रन आउट (${c.fielder})।`, (c) => `${c.out} रन आउट (${c.fielder})।`],
    runOutUnknown: [(c) => `${c.out} रन आउट।`, () => 'रन आउट!'],
    hitWicket: [(c) => `हिट विकेट! ${c.out} ने खुद ही गिल्लियां गिरा दीं।`],
  },
  otherWicket: (out, kind, teamWicket) => (teamWicket ? `${out} आउट (${kind})।` : `${out}: ${kind}।`),
  alsoOnBall: (outcome) => `(इस गेंद पर ${outcome})`,
  substitute: (name) => (name === null ? 'स्थानापन्न फ़ील्डर' : `स्थानापन्न ${name}`),
  fallOfWicket: (score, overs) => `विकेट पतन: ${score} (${overs} ओवर)`,
  // 'अर्धशतक पूरा (29 गेंद)': the mark and the balls it took, as a desk writes it.
  batterMilestone: (batter, milestone, _runs, balls) => {
    const named = HI_MILESTONES[milestone];
    const headline = named === undefined ? `${batter} के ${milestone} रन पूरे` : `${batter} का ${named} पूरा`;
    return `<b>${headline}</b> (${balls} गेंद)।`;
  },
  teamMilestone: (team, milestone, overs) => `<b>${team} के ${milestone} रन पूरे</b> (${overs} ओवर)।`,
  // Past tenses with the ergative 'ने' or none at all: a player's gender is not assumed.
  notes: {
    intoAttack: ({ spell }, { bowler }) =>
      spell === 'opening'
        ? [`गेंदबाज़ी की शुरुआत ${bowler} से।`, `नई गेंद ${bowler} के हाथ में।`]
        : spell === 'first'
          ? [`${bowler} को गेंदबाज़ी पर लगाया गया।`, `गेंद अब ${bowler} के हाथ में।`]
          : [`${bowler} की गेंदबाज़ी में वापसी।`, `${bowler} एक बार फिर गेंदबाज़ी पर।`],
    spellEnded: ({ bowler, figures }, { player }) => [`${player(bowler)} का स्पेल ख़त्म: ${hindiFigures(figures)}।`, `${hindiFigures(figures)} के स्पेल के बाद ${player(bowler)} को आराम।`],
    freeHitUsed: ({ runs }, { batter }) => (runs >= 4 ? [`${batter} ने फ़्री हिट का पूरा फ़ायदा उठाया।`, 'फ़्री हिट का पूरा फ़ायदा।'] : [`फ़्री हिट पर सिर्फ़ ${runs} रन।`]),
    freeHitMissed: () => ['फ़्री हिट पर कोई रन नहीं।', 'फ़्री हिट बेकार।'],
    batterBoundaries: ({ six, count }, { batter }) => [`${batter} की पारी का ${hindiOrdinal(count)} ${six ? 'छक्का' : 'चौका'}।`, `पारी में ${batter} के ${count} ${six ? 'छक्के' : 'चौके'}।`],
    nearMilestone: ({ mark, short }, { batter }) => [`${batter} ${hindiMark(mark)} से ${short} रन दूर।`, `${hindiMark(mark)} के लिए ${batter} को ${short} रन और चाहिए।`],
    boundariesInOver: ({ count }) => [`इस ओवर में अब तक ${count} बाउंड्री।`, `ओवर में ${count} बाउंड्री आ चुकी हैं।`],
    answerAfterBoundary: (_, { bowler }) => [`बाउंड्री के बाद ${bowler} की अच्छी वापसी।`, `पिछली गेंद पर बाउंड्री, इस बार ${bowler} ने रन नहीं दिया।`],
    dotStreak: ({ balls }) => [`लगातार ${balls} गेंद पर कोई रन नहीं।`, `${balls} गेंद से कोई रन नहीं बना।`],
    standMark: ({ mark, balls }) => [`साझेदारी के ${mark} रन पूरे (${balls} गेंद)।`, `${mark} रन की साझेदारी पूरी (${balls} गेंद)।`],
    standEnded: ({ runs, balls }) => [`${runs} रन की साझेदारी टूटी (${balls} गेंद)।`, `${balls} गेंद में ${runs} रन की साझेदारी का अंत।`],
    duck: ({ firstBall }, { out }) => (firstBall ? [`${out} पहली ही गेंद पर शून्य पर आउट।`] : [`${out} शून्य पर आउट।`, `${out} खाता खोले बिना आउट।`]),
    collapse: ({ wickets, runs, from, to }) => [
      `बल्लेबाज़ी लड़खड़ाई: ${runs} रन के भीतर ${wickets} विकेट गिरे (${from.runs}/${from.wickets} से ${to.runs}/${to.wickets})।`,
      `${from.runs}/${from.wickets} से ${to.runs}/${to.wickets}: ${runs} रन पर ${wickets} विकेट, बल्लेबाज़ी लड़खड़ाई।`,
    ],
    bowlerWickets: ({ bowler, wickets, runs }, { player }) =>
      wickets >= 5
        ? [`${player(bowler)} के ${wickets} विकेट पूरे (${runs} रन देकर)।`]
        : [`${runs} रन देकर ${player(bowler)} के ${wickets} विकेट।`, `यह ${player(bowler)} का ${hindiOrdinal(wickets)} विकेट (${runs} रन देकर)।`],
    equation: ({ runs, balls }) =>
      balls === null
        ? [`जीत के लिए अब भी ${runs} रन चाहिए।`, `जीत से ${runs} रन दूर।`]
        : [`${balls} गेंद में ${runs} रन चाहिए।`, `जीत के लिए ${balls} गेंद में ${runs} रन की ज़रूरत।`, `अब ${balls} गेंद, ${runs} रन।`],
    targetReached: () => ['इसी के साथ लक्ष्य हासिल।', 'लक्ष्य हासिल।'],
  },
  overNotes: {
    maiden: ({ bowler, wickets }, player) => (wickets > 0 ? [`${player(bowler)} का विकेट मेडन।`] : [`${player(bowler)} का मेडन ओवर।`, `${player(bowler)} ने मेडन ओवर डाला।`]),
    bigOver: ({ runs, mostOfInnings }) => (mostOfInnings ? [`इस ओवर से ${runs} रन, पारी का अब तक का सबसे महंगा ओवर।`] : [`इस ओवर में ${runs} रन आए।`]),
    wicketsInOver: ({ wickets }) => [`इस ओवर में ${wickets} विकेट गिरे।`],
    requiredRate: ({ rate, before, runs, balls }) => [
      before === null || before === rate
        ? `आवश्यक रन रेट ${rate.toFixed(2)} (${balls} गेंद में ${runs} रन)।`
        : `आवश्यक रन रेट ${before.toFixed(2)} से ${rate > before ? 'बढ़कर' : 'घटकर'} ${rate.toFixed(2)} (${balls} गेंद में ${runs} रन)।`,
    ],
    quotaDone: ({ bowler, figures }, player) => [`${player(bowler)} के ${figures.overs} ओवर पूरे: ${hindiFigures(figures, false)}।`],
  },
};

const PHRASEBOOKS: Record<Lang, Phrasebook> = { en: EN, hi: HI };

/** 'first' ... 'tenth', then '11th', '22nd'. */
function englishOrdinal(n: number): string {
  const words = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  if (n >= 1 && n <= words.length) return words[n - 1]!;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** 'a fifty', 'a hundred', '150'. */
function englishMark(mark: number): string {
  const named = EN_MILESTONES[mark];
  return named === undefined ? String(mark) : `a ${named.toLowerCase()}`;
}

/** 'अर्धशतक', 'शतक', '150 रन'. */
function hindiMark(mark: number): string {
  return HI_MILESTONES[mark] ?? `${mark} रन`;
}

/** A bowler's figures as a scorecard prints them: '4-0-31-2'. */
function figuresText(figures: Figures): string {
  return `${figures.overs}-${figures.maidens}-${figures.runs}-${figures.wickets}`;
}

/** '4 ओवर, 31 रन, 2 विकेट' (a maiden named when there was one; the overs left out when already said). */
function hindiFigures(figures: Figures, withOvers = true): string {
  const parts = [withOvers ? `${figures.overs} ओवर` : null, figures.maidens > 0 ? `${figures.maidens} मेडन` : null, `${figures.runs} रन`, `${figures.wickets} विकेट`];
  return parts.filter((part) => part !== null).join(', ');
}

// ---------- helpers ----------

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** One of the options, chosen by an FNV-1a style hash of the keys: stable for the same keys. */
function choose<T>(options: readonly T[], keys: readonly number[]): T {
  let hash = 0x811c9dc5;
  for (const key of keys) {
    hash = Math.imul(hash ^ key, 0x01000193);
    hash ^= hash >>> 13;
  }
  return options[(hash >>> 0) % options.length]!;
}

function runsOffBat(delivery: Delivery): RunsOffBat {
  if (isBoundary(delivery, 4)) return 'four';
  if (isBoundary(delivery, 6)) return 'six';
  if (delivery.nonBoundary) return 'allRun';
  if (delivery.runsBatter === 1) return 'single';
  if (delivery.runsBatter === 2) return 'two';
  if (delivery.runsBatter === 3) return 'three';
  return 'more';
}

/** The parts of the outcome, in title order: ['no ball', 'FOUR'], ['2 wides'], ['no run']. */
function outcomeParts(delivery: Delivery, book: Phrasebook): string[] {
  const { outcome } = book;
  const { extras } = delivery;
  const parts: string[] = [];
  if (extras.wides > 0) parts.push(outcome.wides(extras.wides));
  if (extras.noballs > 0) parts.push(outcome.noBall);
  if (delivery.runsBatter > 0) {
    const kind = runsOffBat(delivery);
    parts.push(kind === 'four' ? outcome.four : kind === 'six' ? outcome.six : outcome.runs(delivery.runsBatter));
  }
  if (extras.byes > 0) parts.push(outcome.byes(extras.byes));
  if (extras.legbyes > 0) parts.push(outcome.legByes(extras.legbyes));
  if (extras.penalty > 0) parts.push(outcome.penalty(extras.penalty));
  return parts.length === 0 ? [outcome.noRun] : parts;
}

/** The over as a scoreboard shows it: '.', '1', '4', 'W', 'wd', '2wd', 'nb', '1nb', 'lb', '2b', '1W'. */
export function ballSymbol(delivery: Pick<Delivery, 'runsBatter' | 'extras' | 'wickets'>): string {
  const { extras } = delivery;
  const counted = (n: number, suffix: string): string => (n === 1 ? suffix : `${n}${suffix}`);
  let symbol: string;
  if (extras.wides > 0) symbol = counted(extras.wides, 'wd');
  else if (extras.noballs > 0) {
    const besides = delivery.runsBatter + extras.byes + extras.legbyes;
    symbol = besides === 0 ? 'nb' : `${besides}nb`;
  } else if (extras.legbyes > 0) symbol = counted(extras.legbyes, 'lb');
  else if (extras.byes > 0) symbol = counted(extras.byes, 'b');
  else symbol = delivery.runsBatter === 0 ? '.' : String(delivery.runsBatter);
  if (extras.penalty > 0) symbol += `+${extras.penalty}p`;
  if (delivery.wickets.some((wicket) => isTeamWicket(wicket.kind))) symbol = symbol === '.' ? 'W' : `${symbol}W`;
  return symbol;
}

/** Multiples of 50 passed when a score goes from `before` to `after`. */
function milestonesPassed(before: number, after: number): number[] {
  const passed: number[] = [];
  for (let mark = (Math.floor(before / 50) + 1) * 50; mark <= after; mark += 50) passed.push(mark);
  return passed;
}

// ---------- commentary ----------

/** Everything about one innings the per-ball writer needs, besides the delivery. */
interface InningsContext {
  input: CommentaryInput;
  innings: CommentaryInnings;
  book: Phrasebook;
  lang: Lang;
}

/** The sentences of some commentary HTML, as a reader tells them apart: tags left out, split at each sentence's end and line break. */
function sentencesOf(html: string): string[] {
  return html
    .split('<br>')
    // A dot after Devanagari ends an abbreviation ('का.', 'बो.'): Hindi sentences end with '।'.
    .flatMap((line) => line.replace(/<[^>]+>/g, '').split(/(?<=[!?।]|(?<![\u0900-\u097F])\.)\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** What has been said in the over so far: a phrasing is chosen among those that say nothing again. */
class OverVoice {
  private readonly said: Set<string>;
  /** The ball's keys for the hash: match seed, innings, delivery index. */
  private keys: readonly number[] = [];

  /** `split` is shared by the innings' overs: the same phrasings come back all innings. `said`: what the over has said already. */
  constructor(
    private readonly split: Map<string, string[]>,
    said: readonly string[] = [],
  ) {
    this.said = new Set(said);
  }

  private sentences(text: string): string[] {
    let sentences = this.split.get(text);
    if (sentences === undefined) this.split.set(text, (sentences = sentencesOf(text)));
    return sentences;
  }

  fresh(text: string): boolean {
    return this.sentences(text).every((sentence) => !this.said.has(sentence));
  }

  /**
   * One of the ways to say something: from the one a hash of the ball and `salt` picks (or the
   * first, `preferFirst`), the first not said yet in the over; all said, the one picked.
   */
  say(options: readonly string[], salt: number, preferFirst = false): string {
    const start = preferFirst ? 0 : options.indexOf(choose(options, [...this.keys, salt]));
    for (let i = 0; i < options.length; i += 1) {
      const option = options[(start + i) % options.length]!;
      if (this.fresh(option)) return option;
    }
    return options[start]!;
  }

  /** A note: the first way of saying it not said yet in the over, or nothing. */
  note(options: readonly string[], salt: number): string | null {
    const said = this.say(options, salt);
    return this.fresh(said) ? said : null;
  }

  remember(html: string): void {
    for (const sentence of this.sentences(html)) this.said.add(sentence);
  }

  /** The voice moves on to another ball of the over. */
  at(keys: readonly number[]): void {
    this.keys = keys;
  }

  /** What the over has said so far (a copy). */
  saved(): string[] {
    return [...this.said];
  }
}

/** Commentary on every delivery of every innings, in the order bowled. */
export function commentary(input: CommentaryInput, lang: Lang = 'en'): CommentaryBall[] {
  const book = PHRASEBOOKS[lang];
  return input.innings.flatMap((innings) => foldInnings({ input, innings, book, lang }, null, false).balls);
}

/**
 * Where a fold of one innings' commentary stopped, to go on from when the innings has one more
 * delivery (resumeInningsCommentary). Made once, never changed: a fold going on from it copies
 * what it changes.
 */
export interface InningsCommentaryMemo {
  /** Everything the fold read besides the deliveries and the names (the innings, the match's settings, the language). */
  readonly context: string;
  /** The deliveries folded. The last one's entry is not kept: it changes when the next delivery comes (the over's end). */
  readonly deliveries: readonly Delivery[];
  /** Every name the fold asked `input.names` for, as it was answered. */
  readonly names: ReadonlyMap<PlayerId, string>;
  /** The fold's state before the last delivery. */
  readonly point: FoldPoint;
}

/** The state of an innings' fold before the delivery `index`, with the entries of the deliveries before it. */
interface FoldPoint {
  readonly index: number;
  readonly balls: readonly CommentaryBall[];
  readonly tally: InningsTallyState;
  readonly story: InningsStoryState;
  readonly overStart: number;
  readonly freeHitNext: boolean;
  readonly freeHitsInOver: number;
  /** What the over being bowled has said. */
  readonly said: readonly string[];
  /** Sentences of texts already split: a cache of a pure function, shared by the folds going on from this point. */
  readonly split: Map<string, string[]>;
}

/**
 * One innings' commentary (`input.innings` holds that innings alone), folded whole or, when
 * `memo` is the fold of this innings up to one delivery fewer (or of the same deliveries), going
 * on from it: only the last delivery or two are folded. Anything else (a delivery taken back or
 * corrected, another writer's ball, other names, target, status or settings) folds the innings
 * whole. Either way the entries are those commentary() gives, and so is the memo returned,
 * which goes on from this fold's deliveries.
 */
export function resumeInningsCommentary(
  input: CommentaryInput,
  lang: Lang,
  memo: InningsCommentaryMemo | null,
): { balls: CommentaryBall[]; memo: InningsCommentaryMemo; resumed: boolean } {
  const [innings] = input.innings;
  if (!innings || input.innings.length !== 1) throw new Error('resumeInningsCommentary folds one innings');
  const context = foldContext(input, innings, lang);
  const from = memo !== null && goesOn(memo, context, input, innings) ? memo : null;
  const folded = foldInnings({ input, innings, book: PHRASEBOOKS[lang], lang }, from, true);
  return { balls: folded.balls, memo: { ...folded.memo!, context }, resumed: from !== null };
}

/** What a fold reads besides the deliveries and names, as one string: two folds with the same one read the same. */
function foldContext(input: CommentaryInput, innings: CommentaryInnings, lang: Lang): string {
  const { deliveries: _deliveries, ...rest } = innings;
  return JSON.stringify(
    {
      lang,
      matchSeed: input.matchSeed,
      limitedOvers: input.limitedOvers,
      bowlerOvers: input.bowlerOvers ?? null,
      // The match's names change what the notation prints in Hindi alone (a new batter sharing a surname).
      matchNames: notationReadsMatchNames(lang) ? (input.matchNames ?? []) : null,
      innings: rest,
    },
    (_key, value: unknown) => (value instanceof Map ? [...value] : value),
  );
}

/** The memo's fold goes on to these deliveries: the same context and names, the memo's deliveries unchanged, at most one more. */
function goesOn(memo: InningsCommentaryMemo, context: string, input: CommentaryInput, innings: CommentaryInnings): boolean {
  const folded = memo.deliveries.length;
  const { deliveries } = innings;
  if (memo.context !== context || (deliveries.length !== folded && deliveries.length !== folded + 1)) return false;
  for (const [player, name] of memo.names) if (input.names(player) !== name) return false;
  for (let index = 0; index < folded; index += 1) if (!sameData(memo.deliveries[index], deliveries[index])) return false;
  return true;
}

/** Deep equality of plain data (objects, arrays, primitives), as stored deliveries are. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameData(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) {
    if (!Object.hasOwn(b, key) || !sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * The fold of one innings' deliveries: from the start, or from `from`'s point (whose deliveries
 * the innings' begin with). With `keep`, also the memo to go on from (its context left to the caller).
 */
function foldInnings(context: InningsContext, from: InningsCommentaryMemo | null, keep: boolean): { balls: CommentaryBall[]; memo: Omit<InningsCommentaryMemo, 'context'> | null } {
  const { innings, book } = context;
  const { deliveries } = innings;
  // Every name asked for, as answered: a fold going on from this one must be given the same.
  const names = new Map<PlayerId, string>(from?.names ?? []);
  const given = context.input;
  const input: CommentaryInput = {
    ...given,
    names: (id) => {
      let name = names.get(id);
      if (name === undefined) names.set(id, (name = given.names(id)));
      return name;
    },
  };
  context = { ...context, input };
  const point = from?.point;
  // The scorecard's own fold: every figure a comment quotes is the scorecard's figure at that ball.
  const tally = point ? new InningsTally(structuredClone(point.tally)) : InningsTally.start(innings);
  const storyOptions = {
    ballsPerOver: innings.ballsPerOver,
    target: innings.target ?? null,
    // A super over's one over is its bowler's only one: no spell to end.
    bowlerOvers: innings.superOver ? null : (input.bowlerOvers ?? null),
    limitedOvers: input.limitedOvers,
  };
  const story = new InningsStory(storyOptions, point?.story);
  // Names as the HTML prints them, escaped once an innings.
  const escaped = new Map<PlayerId, string>();
  const player = (id: PlayerId): string => {
    let name = escaped.get(id);
    if (name === undefined) escaped.set(id, (name = escapeHtml(input.names(id))));
    return name;
  };
  const balls: CommentaryBall[] = point ? [...point.balls] : [];
  let overStart = point?.overStart ?? 0;
  let freeHitNext = point?.freeHitNext ?? false;
  let freeHitsInOver = point?.freeHitsInOver ?? 0;
  const split = point?.split ?? new Map<string, string[]>();
  let voice = new OverVoice(split, point?.said);
  let kept: FoldPoint | null = null;
  const keepPoint = (index: number): FoldPoint => ({
    index,
    balls: [...balls],
    tally: tally.save(),
    story: story.save(),
    overStart,
    freeHitNext,
    freeHitsInOver,
    said: voice.saved(),
    split,
  });

  for (let index = point?.index ?? 0; index < deliveries.length; index += 1) {
    // The last delivery's entry changes when the next one comes: the memo goes on from before it.
    if (keep && index === deliveries.length - 1) kept = keepPoint(index);
    const delivery = deliveries[index]!;
    if (index > 0 && deliveries[index - 1]!.over !== delivery.over) {
      overStart = index;
      freeHitsInOver = 0;
      voice = new OverVoice(split);
    }
    voice.at([input.matchSeed, innings.inningsNo, index]);
    const next = deliveries[index + 1];
    const overDeliveries = deliveries.slice(overStart, index + 1);

    // A free hit stays in force through wides until a legal ball (or another no-ball) is bowled.
    const freeHit = input.limitedOvers && freeHitNext;
    // One free hit through its wides; another after each no-ball.
    const carried = freeHit && deliveries[index - 1]!.extras.noballs === 0;
    if (freeHit && !carried) freeHitsInOver += 1;
    freeHitNext = delivery.extras.noballs > 0 || (freeHit && delivery.extras.wides > 0);

    const runsBefore = tally.battingEntry(delivery.batter)?.runs ?? 0;
    const bowlerWicketsBefore = tally.bowlingEntry(delivery.bowler)?.wickets ?? 0;
    const teamRunsBefore = tally.summary().runs;
    // The summary's stand is the tally's own, which the delivery changes: its runs before it are copied.
    const standBefore = tally.summary().partnerships.at(-1);
    const stand = standBefore?.unbroken ? { runs: standBefore.runs } : null;
    const facts = tally.add(delivery);
    const notes = story.ball(delivery, tally, { batterRuns: runsBefore, bowlerWickets: bowlerWicketsBefore, stand }, freeHit);
    // The next delivery starts another over: the umpire called this one, however many balls it had.
    if (next !== undefined && next.over !== delivery.over) tally.closeOver();
    const legalInOver = facts.position.ball - (facts.legal ? 0 : 1);
    const overEnds = next === undefined ? !innings.inProgress || legalInOver >= innings.ballsPerOver : next.over !== delivery.over;

    const batterMarks = milestonesPassed(runsBefore, runsBefore + delivery.runsBatter);
    const teamMarks = milestonesPassed(teamRunsBefore, facts.runs);
    const teamWicket = delivery.wickets.find((wicket) => isTeamWicket(wicket.kind));
    const written = describe(context, player, voice, delivery, freeHit ? { nth: Math.max(1, freeHitsInOver), carried } : null, tally, { batterMarks, teamMarks, calledBalls: facts.calledBalls }, notes);
    let comment = written.comment;
    if (overEnds) {
      const overNotes = story.overEnded(tally).flatMap((note, slot) => {
        const said = voice.note(wordOverNote(book, note, player), 40 + slot);
        if (said !== null) voice.remember(said);
        return said === null ? [] : [said];
      });
      if (overNotes.length > 0) comment += `<br>${overNotes.join(' ')}`;
    }
    balls.push({
      inningsNo: innings.inningsNo,
      over: facts.position.over,
      ball: facts.position.ball,
      legalBallsInInnings: tally.summary().legalBalls,
      batter: delivery.batter,
      bowler: delivery.bowler,
      title: written.title,
      comment,
      runs: delivery.runsTotal,
      batterRuns: delivery.runsBatter,
      bowlerRuns: bowlerRuns(delivery),
      isFour: isBoundary(delivery, 4),
      isSix: isBoundary(delivery, 6),
      isWicket: teamWicket !== undefined,
      wicket: teamWicket === undefined ? null : { playerOut: teamWicket.playerOut, kind: teamWicket.kind },
      overSummary: overEnds ? overSummary(context, overDeliveries, tally) : null,
      milestone: batterMarks.length > 0,
    });
  }
  if (!keep) return { balls, memo: null };
  // No delivery folded here (an empty innings): the point is where the fold started.
  kept ??= point ?? keepPoint(0);
  return { balls, memo: { deliveries, names, point: kept } };
}

function wordNote(book: Phrasebook, note: BallNote, names: NoteNames): string[] {
  return (book.notes[note.kind] as (note: BallNote, names: NoteNames) => string[])(note, names);
}

function wordOverNote(book: Phrasebook, note: OverNote, player: (id: PlayerId) => string): string[] {
  return (book.overNotes[note.kind] as (note: OverNote, player: (id: PlayerId) => string) => string[])(note, player);
}

/** Where the innings stands after a delivery, for its milestone lines. */
interface Progress {
  /** Multiples of 50 the striker passed on this delivery. */
  batterMarks: number[];
  /** Multiples of 50 the team total passed on this delivery. */
  teamMarks: number[];
  /** The innings' overs as called after the delivery, in legal balls. */
  calledBalls: number;
}

/** The title and the HTML comment of one delivery; `freeHit` is its number among the over's free hits (null: not one). */
function describe(
  context: InningsContext,
  player: (id: PlayerId) => string,
  voice: OverVoice,
  delivery: Delivery,
  freeHit: { nth: number; carried: boolean } | null,
  tally: InningsTally,
  progress: Progress,
  notes: readonly BallNote[],
): { title: string; comment: string } {
  const { input, innings, book } = context;
  const names = input.names;
  const phraseContext: PhraseContext = {
    batter: player(delivery.batter),
    bowler: player(delivery.bowler),
    runs: 0,
    out: '',
    fielder: '',
  };
  // Each phrase slot gets its own salt so that the choices vary independently; what the ball says is not said again in the over.
  const say = (options: readonly Phrase[], salt: number, context: PhraseContext = phraseContext, preferFirst = false): string => {
    const said = voice.say(options.map((phrase) => phrase(context)), salt, preferFirst);
    voice.remember(said);
    return said;
  };

  const parts = outcomeParts(delivery, book);
  const teamWickets = delivery.wickets.filter((wicket) => isTeamWicket(wicket.kind));
  // A wicket of the other batter (the non-striker run out) names who is out in the title.
  const outOther = teamWickets.find((wicket) => wicket.playerOut !== delivery.batter);
  const wicketOutcome = outOther === undefined ? book.outcome.out : book.outcome.outOther(names(outOther.playerOut));
  const title = book.title(names(delivery.bowler), names(delivery.batter), teamWickets.length > 0 ? wicketOutcome : parts.join(', '));

  const sentences: string[] = [];
  if (freeHit) sentences.push(book.freeHit(freeHit.nth, freeHit.carried));
  if (teamWickets.length === 0) sentences.push(...deliveryStory(delivery, book, phraseContext, say, innings.battingTeamName));
  const lines: string[] = [];
  for (const [slot, wicket] of delivery.wickets.entries()) {
    const entry = tally.battingEntry(wicket.playerOut);
    const outContext = { ...phraseContext, out: player(wicket.playerOut) };
    sentences.push(wicketStory(context, wicket, outContext, (options, context) => say(options, 10 + slot, context)));
    if (entry) lines.push(dismissalLine(context, entry));
  }
  const besidesTheWicket = parts.filter((part) => part !== book.outcome.noRun);
  if (teamWickets.length > 0 && besidesTheWicket.length > 0) sentences.push(book.alsoOnBall(besidesTheWicket.join(', ')));

  const out = teamWickets[0] ?? delivery.wickets[0];
  const noteNames: NoteNames = {
    ...phraseContext,
    out: out === undefined ? '' : player(out.playerOut),
    player,
  };
  // A change of bowler comes before the ball; the rest after what happened on it.
  for (const [slot, note] of notes.entries()) {
    const said = voice.note(wordNote(book, note, noteNames), 20 + slot);
    if (said === null) continue;
    voice.remember(said);
    if (note.kind === 'intoAttack' || note.kind === 'spellEnded') sentences.unshift(said);
    else sentences.push(said);
  }

  const striker = tally.battingEntry(delivery.batter);
  if (striker) {
    for (const mark of progress.batterMarks) lines.push(book.batterMilestone(phraseContext.batter, mark, striker.runs, striker.balls));
  }
  const overs = formatOvers(progress.calledBalls, innings.ballsPerOver);
  for (const mark of progress.teamMarks) lines.push(book.teamMilestone(escapeHtml(innings.battingTeamName), mark, overs));

  const description = [sentences.join(' '), ...lines].filter((line) => line !== '').join('<br>');
  for (const said of [...sentences, ...lines]) voice.remember(said);
  return { title, comment: `${escapeHtml(title)}: ${description}` };
}

/** '<b>Batter c Fielder b Bowler 45 (32)</b> Fall of wicket: 61/1 (5.2 ov)'; a retirement has no fall of wicket. */
function dismissalLine({ input, book, lang }: InningsContext, entry: BattingEntry): string {
  const { names } = input;
  const dismissal = entry.dismissal;
  if (dismissal === null) return '';
  const how = dismissalText(
    {
      kind: dismissal.kind,
      bowler: dismissal.bowler === null ? null : names(dismissal.bowler),
      fielders: dismissal.fielders.map((fielder) => ({ name: fielderName(fielder, names), substitute: fielder.substitute })),
      matchNames: input.matchNames,
    },
    lang,
  );
  const line = `<b>${escapeHtml(`${names(entry.player)} ${how} ${entry.runs} (${entry.balls})`)}</b>`;
  if (dismissal.wicketNumber === null) return line;
  return `${line} ${book.fallOfWicket(`${dismissal.teamRuns}/${dismissal.wicketNumber}`, formatBallPosition(dismissal.position))}`;
}

/** What happened on a ball with no team wicket: the extras called, the runs and how they came. */
function deliveryStory(
  delivery: Delivery,
  book: Phrasebook,
  context: PhraseContext,
  say: (options: readonly Phrase[], salt: number, context: PhraseContext, preferFirst?: boolean) => string,
  battingTeamName: string,
): string[] {
  const { extras } = delivery;
  const sentences: string[] = [];
  if (extras.wides > 0) {
    const beyond = extras.wides - 1;
    const withRuns = { ...context, runs: beyond };
    sentences.push(beyond === 0 ? say(book.wide, 1, withRuns) : beyond === 4 ? say(book.wideBoundary, 1, withRuns, true) : say(book.widePlus, 1, withRuns));
  }
  if (extras.noballs > 0) sentences.push(say(book.noBall, 2, context));
  if (delivery.runsBatter > 0) {
    const kind = runsOffBat(delivery);
    const withRuns = { ...context, runs: delivery.runsBatter };
    sentences.push(extras.noballs > 0 ? say(book.offNoBall[kind], 3, withRuns, true) : say(book.offBat[kind], 3, withRuns));
  }
  if (extras.byes > 0) sentences.push(say(book.byes, 4, { ...context, runs: extras.byes }));
  if (extras.legbyes > 0) sentences.push(say(book.legByes, 5, { ...context, runs: extras.legbyes }));
  if (extras.penalty > 0) sentences.push(book.penalty(extras.penalty, escapeHtml(battingTeamName)));
  if (sentences.length === 0) sentences.push(say(book.dot, 6, context));
  return sentences;
}

/** The display name of a fielder: the registry name when known, else the name Cricsheet gives. */
function fielderName(fielder: Fielder, names: (player: PlayerId) => string): string | null {
  return fielder.id === null ? fielder.name : names(fielder.id);
}

/** How the batter got out, by kind, naming the fielder(s) recorded and no one else. */
function wicketStory(
  { book, lang, input }: InningsContext,
  wicket: Wicket,
  context: PhraseContext,
  say: (options: readonly Phrase[], context: PhraseContext) => string,
): string {
  const fielders = wicket.fielders.map((fielder) => {
    const name = fielderName(fielder, input.names);
    return escapeHtml(fielder.substitute ? book.substitute(name) : (name ?? ''));
  });
  const withFielders = { ...context, fielder: fielders.filter((name) => name !== '').join('/') };
  const known = withFielders.fielder !== '';
  const story = (kind: WicketStory): string => say(book.wicket[kind], withFielders);
  switch (wicket.kind) {
    case 'bowled':
      return story('bowled');
    case 'lbw':
      return story('lbw');
    case 'caught':
      return story(known ? 'caught' : 'caughtUnknown');
    case 'caught and bowled':
      return story('caughtAndBowled');
    case 'stumped':
      return story(known ? 'stumped' : 'stumpedUnknown');
    case 'run out':
      return story(known ? 'runOut' : 'runOutUnknown');
    case 'hit wicket':
      return story('hitWicket');
    default: {
      const kind = escapeHtml(dismissalText({ kind: wicket.kind, bowler: null, fielders: [] }, lang));
      return book.otherWicket(context.out, kind, isTeamWicket(wicket.kind));
    }
  }
}

/** The summary shown after an over: its runs and wickets, the score, the bowler's figures and the batters in. */
function overSummary(context: InningsContext, overDeliveries: readonly Delivery[], tally: InningsTally): OverSummary {
  const { names } = context.input;
  const last = overDeliveries.at(-1)!;
  const summary = tally.summary();
  const bowler = tally.bowlingEntry(last.bowler)!;
  const outOnLastBall = new Set(last.wickets.map((wicket) => wicket.playerOut));
  const batters = [last.batter, last.nonStriker]
    .filter((player) => !outOnLastBall.has(player))
    .map((player) => tally.battingEntry(player)!)
    .map((entry) => ({ key: entry.player, name: names(entry.player), runs: entry.runs, balls: entry.balls }));
  return {
    over: last.over + 1,
    runs: overDeliveries.reduce((sum, delivery) => sum + delivery.runsTotal, 0),
    wickets: overDeliveries.reduce((sum, delivery) => sum + delivery.wickets.filter((wicket) => isTeamWicket(wicket.kind)).length, 0),
    score: { runs: summary.runs, wickets: summary.wickets },
    bowler: {
      key: bowler.player,
      name: names(bowler.player),
      figures: `${formatOvers(bowler.calledBalls, tally.ballsPerOver)}-${bowler.maidens}-${bowler.runs}-${bowler.wickets}`,
    },
    batters,
    balls: overDeliveries.map(ballSymbol),
  };
}
