// Result and toss lines in English and Hindi, from a match's outcome as Cricsheet records it.

export type Lang = 'en' | 'hi';
type Side = 'a' | 'b';

export interface ResultInput {
  teamNames: Record<Side, string>;
  winner: Side | null;
  result: 'tie' | 'no result' | 'draw' | null;
  winByRuns: number | null;
  winByWickets: number | null;
  /** Won by an innings (and winByRuns runs). */
  winByInnings: boolean;
  /** Cricsheet outcome.method: 'D/L', 'DLS', 'VJD', 'Awarded', ... */
  method: string | null;
  /** Winner of the Super Over (Cricsheet 'eliminator') of a tied match. */
  eliminator: Side | null;
  /** Winner of the bowl-out of a tied match. */
  bowlOut: Side | null;
  /** Balls left in the chase, for wins by wickets in limited-overs matches. */
  ballsRemaining: number | null;
  format: 't20' | 'oneday' | 'test';
  /** Declared void and replayed in full (a correction). */
  voided?: boolean;
  /** Abandoned before a ball was bowled (a correction: Cricsheet has no file for it). */
  abandonedWithoutABall?: boolean;
}

interface Wording {
  won(team: string): string;
  byRuns(team: string, runs: number): string;
  byWickets(team: string, wickets: number): string;
  byInnings(team: string, runs: number | null): string;
  awarded(team: string): string;
  ballsRemaining(balls: number): string;
  tied: string;
  noResult: string;
  abandoned: string;
  voided: string;
  drawn: string;
  method(name: string): string;
  superOver(team: string): string;
  bowlOut(team: string): string;
  toss(team: string, decision: 'bat' | 'field'): string;
}

/** '1 run', '2 runs'. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

const WORDING: Record<Lang, Wording> = {
  en: {
    won: (team) => `${team} won`,
    byRuns: (team, runs) => `${team} won by ${count(runs, 'run')}`,
    byWickets: (team, wickets) => `${team} won by ${count(wickets, 'wicket')}`,
    byInnings: (team, runs) => `${team} won by an innings${runs === null ? '' : ` and ${count(runs, 'run')}`}`,
    awarded: (team) => `${team} won (match awarded)`,
    // A chase won on the last ball has nothing to spare: 'with 0 balls remaining' says it badly.
    ballsRemaining: (balls) => (balls === 0 ? '(off the last ball)' : `(with ${count(balls, 'ball')} remaining)`),
    tied: 'Match tied',
    noResult: 'No result',
    abandoned: 'Match abandoned without a ball bowled',
    voided: 'Match void (replayed in full later)',
    drawn: 'Match drawn',
    method: (name) => `(${name} method)`,
    superOver: (team) => `(${team} won the Super Over)`,
    bowlOut: (team) => `(${team} won the bowl-out)`,
    toss: (team, decision) => `${team} won the toss and elected to ${decision}`,
  },
  // Hindi (docs/hindi-style-guide.md): a team's gender is not fixed (इंग्लैंड is masculine, टीम
  // feminine), so a win is written with ने, whose verb agrees with its object जीत: 'इंग्लैंड ने
  // 118 रन से जीत दर्ज की' is right whoever won. Nouns after a number stay singular.
  hi: {
    won: (team) => `${team} ने जीत दर्ज की`,
    byRuns: (team, runs) => `${team} ने ${runs} रन से जीत दर्ज की`,
    byWickets: (team, wickets) => `${team} ने ${wickets} विकेट से जीत दर्ज की`,
    byInnings: (team, runs) => `${team} ने पारी${runs === null ? '' : ` और ${runs} रन`} से जीत दर्ज की`,
    awarded: (team) => `${team} को मैच प्रदान किया गया`,
    ballsRemaining: (balls) => (balls === 0 ? '(आख़िरी गेंद पर)' : `(${balls} गेंद शेष)`),
    tied: 'मैच टाई रहा',
    noResult: 'मैच बेनतीजा रहा',
    abandoned: 'मैच बिना एक भी गेंद फेंके रद्द हुआ',
    voided: 'मैच शून्य घोषित (बाद में पूरा दोबारा खेला गया)',
    drawn: 'मैच ड्रॉ रहा',
    method: (name) => `(${name} पद्धति)`,
    superOver: (team) => `(${team} ने सुपर ओवर जीता)`,
    bowlOut: (team) => `(${team} ने बॉल-आउट जीता)`,
    toss: (team, decision) => `${team} ने टॉस जीतकर पहले ${decision === 'bat' ? 'बल्लेबाज़ी' : 'गेंदबाज़ी'} चुनी`,
  },
};

/** Duckworth-Lewis-Stern decided the result (and so set the target); Cricsheet still writes it 'D/L'. */
export function isDuckworthLewis(method: string | null): boolean {
  return method === 'D/L' || method === 'DLS';
}

/** Named rain rules read '(DLS method)'. Other methods are shown as given. */
function methodNote(method: string, words: Wording): string {
  if (isDuckworthLewis(method)) return words.method('DLS');
  if (method === 'VJD') return words.method('VJD');
  return `(${method})`;
}

/** The result before any bracketed note: 'Chennai Super Kings won by 6 wickets', 'Match tied'. */
function headline(match: ResultInput, words: Wording): string {
  if (match.voided) return words.voided;
  if (match.abandonedWithoutABall && match.winner === null) return words.abandoned;
  if (match.winner !== null) {
    const team = match.teamNames[match.winner];
    if (match.method === 'Awarded') return words.awarded(team);
    if (match.winByInnings) return words.byInnings(team, match.winByRuns);
    if (match.winByRuns !== null) return words.byRuns(team, match.winByRuns);
    if (match.winByWickets !== null) return words.byWickets(team, match.winByWickets);
    return words.won(team);
  }
  if (match.result === 'tie') return words.tied;
  if (match.result === 'draw') return words.drawn;
  return words.noResult;
}

/** Bracketed notes in scorecard order: balls to spare or tie decider, then the rain rule. */
function notes(match: ResultInput, words: Wording): string[] {
  const found: string[] = [];
  if (match.voided) return found;
  // Balls to spare mean nothing in a Test: its chase has no overs limit.
  if (match.winByWickets !== null && match.format !== 'test' && match.ballsRemaining !== null) {
    found.push(words.ballsRemaining(match.ballsRemaining));
  }
  if (match.eliminator !== null) found.push(words.superOver(match.teamNames[match.eliminator]));
  else if (match.bowlOut !== null) found.push(words.bowlOut(match.teamNames[match.bowlOut]));
  if (match.method !== null && match.method !== 'Awarded') found.push(methodNote(match.method, words));
  return found;
}

/** 'Chennai Super Kings won by 6 wickets (with 8 balls remaining)', 'Match tied (Kings XI Punjab won the Super Over)'. */
export function resultText(match: ResultInput, lang: Lang = 'en'): string {
  const words = WORDING[lang];
  const found = notes(match, words);
  // Hindi puts two notes in one bracket, as a desk writes them: '(आख़िरी गेंद पर, DLS पद्धति)'.
  if (lang === 'hi' && found.length > 1) return `${headline(match, words)} (${found.map((note) => note.replace(/^\((.*)\)$/, '$1')).join(', ')})`;
  return [headline(match, words), ...found].join(' ');
}

/** 'Mumbai Indians won the toss and elected to field'. */
export function tossText(teamName: string, decision: 'bat' | 'field', lang: Lang = 'en'): string {
  return WORDING[lang].toss(teamName, decision);
}

/** Balls left in a chase: the (possibly revised) limit in balls minus the legal balls the chase took. */
export function ballsRemaining(chaseLegalBalls: number, limitBalls: number): number {
  return Math.max(0, limitBalls - chaseLegalBalls);
}
