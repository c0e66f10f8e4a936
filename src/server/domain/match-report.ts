// Automated match reports (docs/decisions/037-match-reports.md): a completed match's report in
// English and Hindi, written only from its figures. Every sentence is built from one claim (a
// typed fact: a total, an innings, a spell, a stand, a collapse, the last ball, the award), and
// the claims are returned with the words, so tests check each one against the raw data. Nothing
// is said that the figures do not show: no adjectives about how anyone played. Records are
// claimed only against the earlier figures the caller read from the stored matches (RecordBook),
// and say their scope: which matches, how many, up to this one.
import { collapses, type Collapse } from './collapses.ts';
import { formatTypeLabel, type FormatType } from './format-type.ts';
import { formatOvers } from './overs.ts';

/**
 * The reports' wording version, stored with each automated report: raise it when the sentences
 * change, and the back-fill rewrites the stored reports no editor has touched, newest first
 * (tests/unit/domain/report-wording.test.ts holds this file's fingerprint per version). 1: the
 * Hindi desk's wording of issue 30.
 */
export const REPORT_WORDING = 1;

export type ReportLang = 'en' | 'hi';
export type ReportSide = 'a' | 'b';

export interface ReportPlayer {
  key: string;
  name: string;
}

export interface ReportInnings {
  inningsNo: number;
  side: ReportSide;
  superOver: boolean;
  declared: boolean;
  forfeited: boolean;
  followOn: boolean;
  runs: number;
  wickets: number;
  calledBalls: number;
  target: { runs: number; balls: number | null } | null;
  batting: { player: ReportPlayer; runs: number; balls: number; fours: number; sixes: number; dismissal: { wicketNumber: number | null } }[];
  bowling: { player: ReportPlayer; calledBalls: number; runs: number; wickets: number }[];
  fallOfWickets: { wicketNumber: number; player: ReportPlayer; teamRuns: number }[];
  partnerships: {
    forWicket: number;
    batterA: { player: ReportPlayer; runs: number };
    batterB: { player: ReportPlayer; runs: number };
    runs: number;
    balls: number;
    unbroken: boolean;
  }[];
}

/** The best figures of one scope before this match, and how many matches (or innings) it holds. */
export interface RecordScopeFigures {
  /** Earlier matches in the scope (a team's: earlier innings) with at least one innings. */
  count: number;
  highestTotal: number | null;
}

/**
 * What a record is measured against: the stored matches of this match's format type and gender
 * played before its first day (same-day matches are left out), read by the caller. A record is
 * claimed only when this match's figure beats the earlier best outright, in a scope of at least
 * MIN_RECORD_SCOPE earlier matches (a team's: innings); super overs never count.
 */
export interface RecordBook {
  formatType: FormatType;
  gender: 'male' | 'female';
  /** At this match's venue (the stored name and city); null without a venue. */
  ground: RecordScopeFigures | null;
  /** Each side's own innings. */
  teams: Record<ReportSide, RecordScopeFigures & { lowestAllOut: number | null }>;
  /** In this competition (the tournament's event, across its seasons). */
  competition: RecordScopeFigures & {
    name: string;
    highestScore: number | null;
    bestBowling: { wickets: number; runs: number } | null;
    /** The highest stand for each wicket (1 to 10) that has one. */
    bestStands: { forWicket: number; runs: number }[];
  };
}

/** What a report is written from: the match centre's detail (in both languages) and scorecard. */
export interface ReportFacts {
  key: string;
  format: 't20' | 'oneday' | 'test';
  /** The Hundred counts balls, not overs. */
  formatType: string;
  /** 'Final', 'Match 12' in each language. */
  title: Record<ReportLang, string>;
  tournament: { key: string; name: string };
  dates: string[];
  venue: { name: string; city: string } | null;
  teams: Record<ReportSide, { key: string; name: string }>;
  ballsPerOver: number;
  /** The result line of the scorecard in each language (domain/result.ts). */
  resultText: Record<ReportLang, string>;
  /** The winner, or the side that won the super over or bowl-out after a tie. */
  winner: ReportSide | null;
  margin: { kind: 'innings'; runs: number | null } | { kind: 'runs'; runs: number } | { kind: 'wickets'; wickets: number } | null;
  /** 'tie', 'draw', 'no result' when nobody won outright. */
  outcome: string | null;
  /** The chase's allotment in balls (after any rain revision); null without a limit (a Test). */
  chaseLimitBalls: number | null;
  awards: ReportPlayer[];
  /** Every innings in playing order, super overs last. */
  innings: ReportInnings[];
  /** Runs of each over (1-based) of each innings, from the ball-by-ball record; empty when not read (a Test). */
  overRuns: { inningsNo: number; over: number; runs: number }[];
  /** The earlier figures records are measured against; null when not read (no record is claimed). */
  records: RecordBook | null;
  /**
   * The Hindi name of a team, ground, competition or player (src/i18n/names.ts localName), for the
   * Hindi text; without it the Hindi text keeps the Latin names.
   */
  hindiName?: (kind: 'team' | 'venue' | 'tournament' | 'player', latin: string, key?: string) => string;
}

/** One checkable fact a sentence states. */
export type ReportClaim =
  | { kind: 'result'; winner: ReportSide | null; margin: ReportFacts['margin']; outcome: string | null }
  | { kind: 'innings'; inningsNo: number; side: ReportSide; runs: number; wickets: number; balls: number; declared: boolean }
  | { kind: 'target'; inningsNo: number; runs: number }
  | { kind: 'batting'; inningsNo: number; player: string; runs: number; balls: number; fours: number; sixes: number; notOut: boolean }
  | { kind: 'bowling'; inningsNo: number; player: string; wickets: number; runs: number; balls: number }
  | { kind: 'partnership'; inningsNo: number; forWicket: number; runs: number; batters: [string, string]; unbroken: boolean }
  | { kind: 'collapse'; inningsNo: number; side: ReportSide; from: { runs: number; wickets: number }; to: { runs: number; wickets: number } }
  | { kind: 'lastBall'; inningsNo: number; side: ReportSide }
  | { kind: 'stretch'; inningsNo: number; side: ReportSide; fromOver: number; toOver: number; runs: number }
  | { kind: 'award'; players: string[] }
  | RecordClaim;

/**
 * A record: this match's figure, the best before it in the scope (before) and the number of
 * matches (a team's: innings) the scope holds up to and including this one (scope).
 */
export type RecordClaim =
  | { kind: 'record'; record: 'groundTotal' | 'teamHighest' | 'teamLowestAllOut' | 'competitionTotal'; inningsNo: number; side: ReportSide; runs: number; before: number; scope: number }
  | { kind: 'record'; record: 'competitionScore'; inningsNo: number; player: string; runs: number; notOut: boolean; before: number; scope: number }
  | { kind: 'record'; record: 'competitionBowling'; inningsNo: number; player: string; wickets: number; runs: number; before: { wickets: number; runs: number }; scope: number }
  | { kind: 'record'; record: 'competitionStand'; inningsNo: number; forWicket: number; runs: number; batters: [string, string]; before: number; scope: number };

export interface ReportText {
  heading: string;
  sub_heading: string;
  content: string;
  paragraphs: string[];
}

export interface MatchReport {
  texts: Record<ReportLang, ReportText>;
  claims: ReportClaim[];
  /** What the report is about: the teams, the tournament, the match and the players it names. */
  tags: { kind: 'team' | 'player' | 'tournament' | 'match'; key: string }[];
}

export type ArticleTag = MatchReport['tags'][number];

/** What an automated article about a match is about: the match, its tournament, both teams and the players it names. */
export function matchArticleTags(
  facts: { key: string; tournament: { key: string }; teams: { a: { key: string }; b: { key: string } } },
  playerKeys: readonly string[],
): ArticleTag[] {
  return [
    { kind: 'match', key: facts.key },
    { kind: 'tournament', key: facts.tournament.key },
    { kind: 'team', key: facts.teams.a.key },
    { kind: 'team', key: facts.teams.b.key },
    ...playerKeys.map((key) => ({ kind: 'player' as const, key })),
  ];
}

/** At most the spec's six paragraphs. */
const MAX_PARAGRAPHS = 6;
/**
 * A collapse (collapses.ts) worth a sentence: at least this many wickets. An editor's choice,
 * not the rule: the Summary tab lists every collapse, from three wickets.
 */
const TOLD_COLLAPSE_WICKETS = 4;
/** A stand worth a sentence. */
const NOTABLE_STAND = 50;
/** The run-rate swing is told as an innings' most productive run of this many overs ... */
const STRETCH_OVERS = 5;
/** ... in an innings of at least this many overs. */
const STRETCH_MIN_OVERS = 10;
/** A record needs a scope of at least this many earlier matches (a team's: innings) ... */
export const MIN_RECORD_SCOPE = 10;
/** ... and a report tells at most this many. */
const MAX_RECORDS = 4;

interface Sentence {
  en: string;
  hi: string;
  claims: ReportClaim[];
}

const other = (side: ReportSide): ReportSide => (side === 'a' ? 'b' : 'a');

function ordinalEn(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function ordinalHi(n: number): string {
  return ['', 'पहले', 'दूसरे', 'तीसरे', 'चौथे', 'पाँचवें', 'छठे', 'सातवें', 'आठवें', 'नौवें', 'दसवें'][n] ?? `${n}वें`;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "Gayle's", "Mumbai Indians'". */
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

export function scoreText(runs: number, wickets: number, lang: ReportLang): string {
  if (wickets >= 10) return lang === 'en' ? `${runs} all out` : `${runs} पर ऑल आउट`;
  return `${runs}/${wickets}`;
}

/** '19.4 overs', or balls in The Hundred. */
function spanText(facts: ReportFacts, balls: number, lang: ReportLang): string {
  if (facts.formatType === 'hundred') return lang === 'en' ? plural(balls, 'ball') : `${balls} गेंदों`;
  const overs = formatOvers(balls, facts.ballsPerOver);
  return lang === 'en' ? `${overs} ${overs === '1' ? 'over' : 'overs'}` : `${overs} ओवर`;
}

/** Made once: building a formatter costs far more than using it. */
const DATE_FORMATS: Record<ReportLang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

function dateText(iso: string | undefined, lang: ReportLang): string {
  return iso ? DATE_FORMATS[lang].format(new Date(`${iso}T00:00:00Z`)) : '';
}

/** When the match was played: its day, or its first and last days ('7 से 11 सितंबर 2018 तक' of a Test). */
function whenPlayed(dates: readonly string[], lang: ReportLang): string {
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return '';
  if (first === last) return lang === 'en' ? `on ${dateText(first, 'en')}` : `${dateText(first, 'hi')} को`;
  if (lang === 'en') return `between ${dateText(first, 'en')} and ${dateText(last, 'en')}`;
  // The month and year once when both days share them: '7 से 11 सितंबर 2018 तक', '31 जुलाई से 4 अगस्त 2025 तक'.
  const from = first.slice(0, 7) === last.slice(0, 7) ? String(Number(first.slice(8, 10))) : first.slice(0, 4) === last.slice(0, 4) ? dayMonthHi(first) : dateText(first, 'hi');
  return `${from} से ${dateText(last, 'hi')} तक`;
}

/** '31 जुलाई': a Hindi day without its year. */
function dayMonthHi(iso: string): string {
  return DAY_MONTH_HI.format(new Date(`${iso}T00:00:00Z`));
}
const DAY_MONTH_HI = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The days of a match in a subhead: its day, or in Hindi a longer match's first and last ('31 जुलाई – 4 अगस्त 2025', the guide's range). */
function subheadDays(dates: readonly string[], lang: ReportLang): string {
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return '';
  if (lang === 'en' || first === last) return dateText(first, lang);
  if (first.slice(0, 7) === last.slice(0, 7)) return `${Number(first.slice(8, 10))}–${dateText(last, 'hi')}`;
  return `${first.slice(0, 4) === last.slice(0, 4) ? dayMonthHi(first) : dateText(first, 'hi')} – ${dateText(last, 'hi')}`;
}

function teamName(facts: ReportFacts, side: ReportSide): string {
  return facts.teams[side].name;
}

/** The regular innings (no super overs), in playing order. */
function regular(facts: ReportFacts): ReportInnings[] {
  return facts.innings.filter((inn) => !inn.superOver && !inn.forfeited);
}

function topScorer(inn: ReportInnings) {
  return [...inn.batting].sort((x, y) => y.runs - x.runs || x.balls - y.balls)[0];
}

/**
 * What a spell would have cost over a full spell: its runs, plus the innings' runs a ball for
 * the balls it fell short of the longest spell of the innings. A full spell's 4-1-26-1 weighs
 * above two cheap overs' 2-0-24-1 (the IPL 2018 final: Ngidi, not Jadeja), while a short spell
 * that kept the runs down still counts.
 */
export function fullSpellRuns(spell: { calledBalls: number; runs: number }, inn: Pick<ReportInnings, 'runs' | 'calledBalls' | 'bowling'>): number {
  const fullSpell = Math.max(0, ...inn.bowling.map((other) => other.calledBalls));
  const runsPerBall = inn.calledBalls === 0 ? 0 : inn.runs / inn.calledBalls;
  return spell.runs + Math.max(0, fullSpell - spell.calledBalls) * runsPerBall;
}

/** The bowler a report names for an innings: most wickets, then the cheapest over a full spell. */
export function bestBowler(inn: Pick<ReportInnings, 'runs' | 'calledBalls' | 'bowling'>) {
  return [...inn.bowling].sort(
    (x, y) => y.wickets - x.wickets || fullSpellRuns(x, inn) - fullSpellRuns(y, inn) || y.calledBalls - x.calledBalls,
  )[0];
}

// ---------- sentences ----------

function headingOf(facts: ReportFacts): Sentence {
  const claim: ReportClaim = { kind: 'result', winner: facts.winner, margin: facts.margin, outcome: facts.outcome };
  const [a, b] = [teamName(facts, 'a'), teamName(facts, 'b')];
  if (facts.winner !== null && facts.outcome === 'tie') {
    const w = teamName(facts, facts.winner);
    const l = teamName(facts, other(facts.winner));
    return { en: `${w} beat ${l} after a tie`, hi: `टाई के बाद ${w} ने ${l} को हराया`, claims: [claim] };
  }
  if (facts.winner !== null) {
    const w = teamName(facts, facts.winner);
    const l = teamName(facts, other(facts.winner));
    const m = facts.margin;
    const en =
      m?.kind === 'innings'
        ? `by an innings${m.runs === null ? '' : ` and ${plural(m.runs, 'run')}`}`
        : m?.kind === 'runs'
          ? `by ${plural(m.runs, 'run')}`
          : m?.kind === 'wickets'
            ? `by ${plural(m.wickets, 'wicket')}`
            : '';
    const hi =
      m?.kind === 'innings'
        ? `पारी${m.runs === null ? '' : ` और ${m.runs} रन`} से`
        : m?.kind === 'runs'
          ? `${m.runs} रन से`
          : m?.kind === 'wickets'
            ? `${m.wickets} विकेट से`
            : '';
    // A final won is a title: the headline says so.
    if (facts.title.en === 'Final') {
      const title = facts.tournament.name;
      return {
        en: `${w} beat ${l}${en ? ` ${en}` : ''} to win the ${title}`,
        hi: `${w} ने ${l} को ${hi ? `${hi} ` : ''}हराकर ${title} का ख़िताब जीता`,
        claims: [claim],
      };
    }
    return { en: `${w} beat ${l}${en ? ` ${en}` : ''}`, hi: `${w} ने ${l} को ${hi ? `${hi} ` : ''}हराया`, claims: [claim] };
  }
  if (facts.outcome === 'draw') return { en: `${a} and ${b} draw`, hi: `${a} और ${b} का मैच ड्रॉ`, claims: [claim] };
  if (facts.outcome === 'tie') return { en: `${a} and ${b} tie`, hi: `${a} और ${b} का मैच टाई`, claims: [claim] };
  return { en: `No result between ${a} and ${b}`, hi: `${a} और ${b} का मैच बेनतीजा`, claims: [claim] };
}

function leadOf(facts: ReportFacts): Sentence {
  const claim: ReportClaim = { kind: 'result', winner: facts.winner, margin: facts.margin, outcome: facts.outcome };
  const place = facts.venue ? facts.venue.name : null;
  const when = { en: whenPlayed(facts.dates, 'en'), hi: whenPlayed(facts.dates, 'hi') };
  const en = `${facts.resultText.en}${place ? ` at ${place}` : ''}${when.en ? ` ${when.en}` : ''}.`;
  // As a desk writes it, the result the sentence's verb: '… को खेले गए मैच में भारत ने 6 रन से जीत दर्ज
  // की।', '… को खेला गया मैच बेनतीजा रहा।'.
  const setting = `${place ? `${place} में ` : ''}${when.hi ? `${when.hi} ` : ''}`;
  const result = facts.resultText.hi;
  const hi = result.startsWith('मैच ') ? `${setting}खेला गया ${result}।` : `${setting}खेले गए मैच में ${result}।`;
  return { en, hi, claims: [claim] };
}

/** '180/6 in 20 overs' or 'were all out for 108 in 19 overs', in a sentence's grammar. */
function madeText(facts: ReportFacts, inn: ReportInnings, lang: ReportLang): string {
  const span = spanText(facts, inn.calledBalls, lang);
  if (lang === 'en') {
    if (inn.wickets >= 10) return `were all out for ${inn.runs} in ${span}`;
    return `made ${inn.runs}/${inn.wickets}${inn.declared ? ' declared' : ''} in ${span}`;
  }
  if (inn.wickets >= 10) return `की पूरी टीम ${span} में ${inn.runs} रन पर आउट हो गई`;
  return `ने ${span} में ${inn.wickets} विकेट पर ${inn.runs} रन बनाए${inn.declared ? ' और पारी घोषित की' : ''}`;
}

/** 'Batting first, X made 180/6 in 20 overs.' and its kin. */
function inningsSentence(facts: ReportFacts, inn: ReportInnings, index: number, count: Record<ReportSide, number>): Sentence {
  const team = teamName(facts, inn.side);
  const claims: ReportClaim[] = [
    { kind: 'innings', inningsNo: inn.inningsNo, side: inn.side, runs: inn.runs, wickets: inn.wickets, balls: inn.calledBalls, declared: inn.declared },
  ];
  if (facts.format === 'test' || regular(facts).length > 2) {
    const nth = count[inn.side];
    const en = `In their ${nth === 1 ? 'first' : 'second'} innings${inn.followOn ? ', following on,' : ''} ${team} ${madeText(facts, inn, 'en')}.`;
    const hi = `${nth === 1 ? 'पहली' : 'दूसरी'} पारी में${inn.followOn ? ' फ़ॉलो-ऑन खेलते हुए' : ''} ${team} ${madeText(facts, inn, 'hi')}।`;
    return { en, hi, claims };
  }
  if (index === 0) {
    return { en: `Batting first, ${team} ${madeText(facts, inn, 'en')}.`, hi: `पहले बल्लेबाज़ी करते हुए ${team} ${madeText(facts, inn, 'hi')}।`, claims };
  }
  if (inn.target) {
    claims.push({ kind: 'target', inningsNo: inn.inningsNo, runs: inn.target.runs });
    return {
      en: `Chasing ${inn.target.runs}, ${team} ${madeText(facts, inn, 'en')}.`,
      hi: `${inn.target.runs} रन के लक्ष्य का पीछा करते हुए ${team} ${madeText(facts, inn, 'hi')}।`,
      claims,
    };
  }
  return { en: `In reply, ${team} ${madeText(facts, inn, 'en')}.`, hi: `जवाब में ${team} ${madeText(facts, inn, 'hi')}।`, claims };
}

/** 'hundred' / 'शतक' for 100 to 199 runs, 'double hundred' / 'दोहरा शतक' from 200; null below 100. */
export function hundredWords(runs: number): { en: string; hi: string } | null {
  if (runs >= 300) return { en: 'triple hundred', hi: 'तिहरा शतक' };
  if (runs >= 200) return { en: 'double hundred', hi: 'दोहरा शतक' };
  if (runs >= 100) return { en: 'hundred', hi: 'शतक' };
  return null;
}

function battingSentence(inn: ReportInnings): Sentence | null {
  const top = topScorer(inn);
  if (!top || top.runs === 0) return null;
  const notOut = top.dismissal.wicketNumber === null;
  const claims: ReportClaim[] = [
    { kind: 'batting', inningsNo: inn.inningsNo, player: top.player.name, runs: top.runs, balls: top.balls, fours: top.fours, sixes: top.sixes, notOut },
  ];
  const boundariesEn = [top.fours > 0 ? plural(top.fours, 'four') : '', top.sixes > 0 ? `${top.sixes} ${top.sixes === 1 ? 'six' : 'sixes'}` : '']
    .filter(Boolean)
    .join(' and ');
  const boundariesHi = [top.fours > 0 ? `${top.fours} ${top.fours === 1 ? 'चौके' : 'चौकों'}` : '', top.sixes > 0 ? `${top.sixes} ${top.sixes === 1 ? 'छक्के' : 'छक्कों'}` : '']
    .filter(Boolean)
    .join(' और ');
  // A hundred is called one: 'an unbeaten hundred', 'नाबाद शतक'.
  const hundred = hundredWords(top.runs);
  if (hundred) {
    return {
      en: `${top.player.name} top-scored with ${notOut ? 'an unbeaten' : 'a'} ${hundred.en}, ${top.runs}${notOut ? ' not out' : ''} off ${plural(top.balls, 'ball')}${boundariesEn ? `, with ${boundariesEn}` : ''}.`,
      hi: `${top.player.name} ने ${top.balls} गेंदों में ${boundariesHi ? `${boundariesHi} की मदद से ` : ''}${notOut ? 'नाबाद ' : ''}${top.runs} रन बनाकर ${hundred.hi} लगाया।`,
      claims,
    };
  }
  return {
    en: `${top.player.name} top-scored with ${top.runs}${notOut ? ' not out' : ''} off ${plural(top.balls, 'ball')}${boundariesEn ? `, with ${boundariesEn}` : ''}.`,
    hi: `${top.player.name} ने ${top.balls} गेंदों में ${boundariesHi ? `${boundariesHi} की मदद से ` : ''}सबसे ज़्यादा ${notOut ? 'नाबाद ' : ''}${top.runs} रन बनाए।`,
    claims,
  };
}

function bowlingSentence(facts: ReportFacts, inn: ReportInnings): Sentence | null {
  const best = bestBowler(inn);
  if (!best || best.wickets === 0) return null;
  const fielding = teamName(facts, other(inn.side));
  return {
    en: `For ${fielding}, ${best.player.name} took ${best.wickets} for ${best.runs} in ${spanText(facts, best.calledBalls, 'en')}.`,
    hi: `${fielding} की ओर से ${best.player.name} ने ${spanText(facts, best.calledBalls, 'hi')} में ${best.runs} रन देकर ${best.wickets} ${best.wickets === 1 ? 'विकेट लिया' : 'विकेट लिए'}।`,
    claims: [{ kind: 'bowling', inningsNo: inn.inningsNo, player: best.player.name, wickets: best.wickets, runs: best.runs, balls: best.calledBalls }],
  };
}

/**
 * The innings' most notable collapse (most wickets, then fewest runs; the earliest of equals)
 * when it has at least TOLD_COLLAPSE_WICKETS wickets, else null.
 */
export function toldCollapse(inn: Pick<ReportInnings, 'runs' | 'fallOfWickets'>): Collapse | null {
  const falls = [...inn.fallOfWickets].sort((x, y) => x.wicketNumber - y.wicketNumber);
  const lost = (c: Collapse) => c.to.wickets - c.from.wickets;
  const runs = (c: Collapse) => c.to.runs - c.from.runs;
  const [most] = collapses(falls, inn.runs).sort((x, y) => lost(y) - lost(x) || runs(x) - runs(y));
  return most && lost(most) >= TOLD_COLLAPSE_WICKETS ? most : null;
}

function collapseSentence(facts: ReportFacts, inn: ReportInnings): Sentence | null {
  const collapse = toldCollapse(inn);
  if (!collapse) return null;
  const team = teamName(facts, inn.side);
  const lost = collapse.to.wickets - collapse.from.wickets;
  const runs = collapse.to.runs - collapse.from.runs;
  const to = (lang: ReportLang) => scoreText(collapse.to.runs, collapse.to.wickets, lang);
  return {
    en: `${team} lost ${plural(lost, 'wicket')} for ${plural(runs, 'run')}, going from ${collapse.from.runs}/${collapse.from.wickets} to ${to('en')}.`,
    // A score is not all out: the side is ('325/6 से पूरी टीम 345 पर सिमट गई').
    hi:
      collapse.to.wickets >= 10
        ? `${team} ने ${runs} रन के भीतर ${lost} विकेट गँवाए और ${collapse.from.runs}/${collapse.from.wickets} से पूरी टीम ${collapse.to.runs} पर सिमट गई।`
        : `${team} ने ${runs} रन के भीतर ${lost} विकेट गँवाए और स्कोर ${collapse.from.runs}/${collapse.from.wickets} से ${to('hi')} हो गया।`,
    claims: [{ kind: 'collapse', inningsNo: inn.inningsNo, side: inn.side, from: collapse.from, to: collapse.to }],
  };
}

/** The innings' most productive STRETCH_OVERS consecutive overs (the earliest of equals). */
export function bestStretch(facts: Pick<ReportFacts, 'overRuns'>, inningsNo: number): { fromOver: number; toOver: number; runs: number } | null {
  const byOver = new Map(facts.overRuns.filter((o) => o.inningsNo === inningsNo).map((o) => [o.over, o.runs]));
  const last = Math.max(0, ...byOver.keys());
  if (last < STRETCH_MIN_OVERS) return null;
  let best: { fromOver: number; toOver: number; runs: number } | null = null;
  for (let from = 1; from + STRETCH_OVERS - 1 <= last; from += 1) {
    let runs = 0;
    for (let over = from; over < from + STRETCH_OVERS; over += 1) runs += byOver.get(over) ?? 0;
    if (!best || runs > best.runs) best = { fromOver: from, toOver: from + STRETCH_OVERS - 1, runs };
  }
  return best;
}

function stretchSentence(facts: ReportFacts, inn: ReportInnings): Sentence | null {
  if (facts.format === 'test') return null;
  const stretch = bestStretch(facts, inn.inningsNo);
  if (!stretch) return null;
  const team = teamName(facts, inn.side);
  return {
    en: `${possessive(team)} most productive five overs were overs ${stretch.fromOver} to ${stretch.toOver}, with ${stretch.runs} runs.`,
    hi:
      stretch.fromOver === 1
        ? `${team} ने पहले पाँच ओवरों में ${stretch.runs} रन बटोरे, जो पारी में किसी भी पाँच ओवर के दौर में सबसे ज़्यादा रहे।`
        : `${team} ने ${stretch.fromOver}वें से ${stretch.toOver}वें ओवर के बीच ${stretch.runs} रन बटोरे, जो पारी में किसी भी पाँच ओवर के दौर में सबसे ज़्यादा रहे।`,
    claims: [{ kind: 'stretch', inningsNo: inn.inningsNo, side: inn.side, ...stretch }],
  };
}

function standSentence(facts: ReportFacts): Sentence | null {
  const stands = regular(facts).flatMap((inn) => inn.partnerships.map((stand) => ({ inn, stand })));
  const best = stands.sort((x, y) => y.stand.runs - x.stand.runs)[0];
  if (!best || best.stand.runs < NOTABLE_STAND) return null;
  const { inn, stand } = best;
  const team = teamName(facts, inn.side);
  const a = stand.batterA;
  const b = stand.batterB;
  return {
    en: `The biggest stand of the match was ${stand.runs}${stand.unbroken ? ' unbroken' : ''} for the ${ordinalEn(stand.forWicket)} wicket by ${team}, between ${a.player.name} (${a.runs}) and ${b.player.name} (${b.runs}).`,
    hi: `मैच की सबसे बड़ी साझेदारी ${team} के ${ordinalHi(stand.forWicket)} विकेट के लिए ${a.player.name} (${a.runs}) और ${b.player.name} (${b.runs}) के बीच ${stand.runs} रन की${stand.unbroken ? ' अटूट' : ''} रही।`,
    claims: [{ kind: 'partnership', inningsNo: inn.inningsNo, forWicket: stand.forWicket, runs: stand.runs, batters: [a.player.name, b.player.name], unbroken: stand.unbroken }],
  };
}

/** The chase was won on the last ball of its allotment. */
function lastBallSentence(facts: ReportFacts): Sentence | null {
  const innings = regular(facts);
  const chase = innings[innings.length - 1];
  if (!chase || facts.format === 'test' || facts.chaseLimitBalls === null || facts.outcome !== null) return null;
  if (facts.margin?.kind !== 'wickets' || facts.winner !== chase.side || chase.calledBalls !== facts.chaseLimitBalls) return null;
  return {
    en: `${teamName(facts, chase.side)} got there off the last ball of the chase.`,
    hi: `${teamName(facts, chase.side)} ने लक्ष्य पारी की आख़िरी गेंद पर हासिल किया।`,
    claims: [{ kind: 'lastBall', inningsNo: chase.inningsNo, side: chase.side }],
  };
}

function superOverSentences(facts: ReportFacts): Sentence[] {
  const overs = facts.innings.filter((inn) => inn.superOver);
  if (overs.length === 0) return [];
  const parts = overs.map((inn) => ({
    en: `${teamName(facts, inn.side)} ${scoreText(inn.runs, inn.wickets, 'en')}`,
    hi: `${teamName(facts, inn.side)} ${scoreText(inn.runs, inn.wickets, 'hi')}`,
    claim: { kind: 'innings', inningsNo: inn.inningsNo, side: inn.side, runs: inn.runs, wickets: inn.wickets, balls: inn.calledBalls, declared: false } as ReportClaim,
  }));
  return [
    {
      en: `The scores were level, so the match went to ${overs.length > 2 ? 'super overs' : 'a super over'}: ${parts.map((p) => p.en).join(', ')}.`,
      hi: `स्कोर बराबर रहा, इसलिए फ़ैसला सुपर ओवर से हुआ: ${parts.map((p) => p.hi).join(', ')}।`,
      claims: parts.map((p) => p.claim),
    },
  ];
}

/** Hundreds and five-wicket hauls the innings paragraphs have not told already. */
function milestoneSentences(facts: ReportFacts): Sentence[] {
  const found: Sentence[] = [];
  for (const inn of regular(facts)) {
    const top = topScorer(inn);
    const best = bestBowler(inn);
    for (const line of inn.batting) {
      if (line.runs < 100 || line === top) continue;
      const notOut = line.dismissal.wicketNumber === null;
      const hundred = hundredWords(line.runs)!;
      found.push({
        en: `${line.player.name} made a ${hundred.en}: ${line.runs}${notOut ? ' not out' : ''} off ${plural(line.balls, 'ball')} for ${teamName(facts, inn.side)}.`,
        hi: `${line.player.name} ने ${teamName(facts, inn.side)} के लिए ${hundred.hi} लगाया: ${line.balls} गेंदों में ${notOut ? 'नाबाद ' : ''}${line.runs} रन।`,
        claims: [{ kind: 'batting', inningsNo: inn.inningsNo, player: line.player.name, runs: line.runs, balls: line.balls, fours: line.fours, sixes: line.sixes, notOut }],
      });
    }
    for (const spell of inn.bowling) {
      if (spell.wickets < 5 || spell === best) continue;
      found.push({
        en: `${spell.player.name} took five or more wickets in an innings: ${spell.wickets} for ${spell.runs}.`,
        hi: `${spell.player.name} ने एक पारी में पाँच या ज़्यादा विकेट लिए: ${spell.runs} रन देकर ${spell.wickets} विकेट।`,
        claims: [{ kind: 'bowling', inningsNo: inn.inningsNo, player: spell.player.name, wickets: spell.wickets, runs: spell.runs, balls: spell.calledBalls }],
      });
    }
  }
  return found;
}

/** The best figure of each kind this match holds, in its regular innings. */
function matchBests(facts: ReportFacts) {
  const innings = regular(facts);
  const byRuns = (x: ReportInnings, y: ReportInnings) => y.runs - x.runs;
  const highest = [...innings].sort(byRuns)[0];
  const side = (s: ReportSide) => {
    const own = innings.filter((inn) => inn.side === s);
    return { count: own.length, highest: [...own].sort(byRuns)[0], lowestAllOut: own.filter((inn) => inn.wickets >= 10).sort((x, y) => x.runs - y.runs)[0] };
  };
  const scores = innings.flatMap((inn) => inn.batting.map((line) => ({ inn, line }))).sort((x, y) => y.line.runs - x.line.runs);
  const spells = innings
    .flatMap((inn) => inn.bowling.map((spell) => ({ inn, spell })))
    .sort((x, y) => y.spell.wickets - x.spell.wickets || x.spell.runs - y.spell.runs);
  const stands = innings.flatMap((inn) => inn.partnerships.map((stand) => ({ inn, stand }))).sort((x, y) => y.stand.runs - x.stand.runs);
  return { highest, teams: { a: side('a'), b: side('b') }, score: scores[0], spell: spells[0], stands };
}

/** The type and gender words of a record's scope ("men's", "T20"). */
function scopeWords(book: RecordBook, lang: ReportLang) {
  const type = formatTypeLabel(book.formatType, lang);
  const gender = lang === 'en' ? (book.gender === 'female' ? "women's" : "men's") : book.gender === 'female' ? 'महिला' : 'पुरुष';
  return { type, gender };
}

/** Records this match set in the scopes of its RecordBook, strongest scope first (MAX_RECORDS at most). */
function recordSentences(facts: ReportFacts): Sentence[] {
  const book = facts.records;
  if (!book) return [];
  const bests = matchBests(facts);
  const found: Sentence[] = [];
  const en = scopeWords(book, 'en');
  const hi = scopeWords(book, 'hi');
  const comp = book.competition;
  const compScope = comp.count + 1;
  const compEn = `in the ${compScope} ${en.type} matches of the ${comp.name} in the site's data, up to this one`;
  const compHi = `इस साइट के आँकड़ों में ${comp.name} के ${compScope} ${hi.type} मैचों में (इस मैच तक)`;
  const enough = (figures: { count: number }) => figures.count >= MIN_RECORD_SCOPE;

  const top = bests.highest;
  if (top && enough(comp) && comp.highestTotal !== null && top.runs > comp.highestTotal) {
    const team = teamName(facts, top.side);
    found.push({
      en: `${possessive(team)} ${scoreText(top.runs, top.wickets, 'en')} is the highest total ${compEn}; the highest before it was ${comp.highestTotal}.`,
      hi: `${compHi} ${team} का ${scoreText(top.runs, top.wickets, 'hi')} सबसे बड़ा स्कोर है; इससे पहले सबसे बड़ा स्कोर ${comp.highestTotal} था।`,
      claims: [{ kind: 'record', record: 'competitionTotal', inningsNo: top.inningsNo, side: top.side, runs: top.runs, before: comp.highestTotal, scope: compScope }],
    });
  }
  const score = bests.score;
  if (score && enough(comp) && comp.highestScore !== null && score.line.runs > comp.highestScore) {
    const { line, inn } = score;
    const notOut = line.dismissal.wicketNumber === null;
    found.push({
      en: `${possessive(line.player.name)} ${line.runs}${notOut ? ' not out' : ''} is the highest individual score ${compEn}; the highest before it was ${comp.highestScore}.`,
      hi: `${compHi} ${line.player.name} के ${notOut ? 'नाबाद ' : ''}${line.runs} रन किसी बल्लेबाज़ की सबसे बड़ी पारी है; इससे पहले सबसे बड़ी पारी ${comp.highestScore} रन की थी।`,
      claims: [{ kind: 'record', record: 'competitionScore', inningsNo: inn.inningsNo, player: line.player.name, runs: line.runs, notOut, before: comp.highestScore, scope: compScope }],
    });
  }
  const spell = bests.spell;
  const beforeSpell = comp.bestBowling;
  if (spell && enough(comp) && beforeSpell && (spell.spell.wickets > beforeSpell.wickets || (spell.spell.wickets === beforeSpell.wickets && spell.spell.runs < beforeSpell.runs))) {
    const { spell: s, inn } = spell;
    found.push({
      en: `${possessive(s.player.name)} ${s.wickets} for ${s.runs} are the best bowling figures ${compEn}; the best before them were ${beforeSpell.wickets} for ${beforeSpell.runs}.`,
      hi: `${compHi} ${s.player.name} का ${s.runs} रन देकर ${s.wickets} विकेट लेना सबसे अच्छा गेंदबाज़ी प्रदर्शन है; इससे पहले सबसे अच्छा ${beforeSpell.runs} रन देकर ${beforeSpell.wickets} विकेट था।`,
      claims: [{ kind: 'record', record: 'competitionBowling', inningsNo: inn.inningsNo, player: s.player.name, wickets: s.wickets, runs: s.runs, before: beforeSpell, scope: compScope }],
    });
  }
  if (enough(comp)) {
    const told = new Set<number>();
    for (const { inn, stand } of bests.stands) {
      const before = comp.bestStands.find((best) => best.forWicket === stand.forWicket)?.runs;
      if (before === undefined || stand.runs <= before || told.has(stand.forWicket)) continue;
      told.add(stand.forWicket);
      const [a, b] = [stand.batterA.player.name, stand.batterB.player.name];
      found.push({
        en: `The ${ordinalEn(stand.forWicket)}-wicket stand of ${stand.runs} between ${a} and ${b} is the highest for that wicket ${compEn}; the highest before it was ${before}.`,
        hi: `${compHi} ${a} और ${b} की ${stand.runs} रन की साझेदारी ${ordinalHi(stand.forWicket)} विकेट के लिए सबसे बड़ी है; इससे पहले सबसे बड़ी ${before} रन की थी।`,
        claims: [{ kind: 'record', record: 'competitionStand', inningsNo: inn.inningsNo, forWicket: stand.forWicket, runs: stand.runs, batters: [a, b], before, scope: compScope }],
      });
    }
  }
  const ground = book.ground;
  if (top && ground && facts.venue && enough(ground) && ground.highestTotal !== null && top.runs > ground.highestTotal) {
    const team = teamName(facts, top.side);
    const scope = ground.count + 1;
    const venue = facts.venue.name;
    found.push({
      en: `${possessive(team)} ${scoreText(top.runs, top.wickets, 'en')} is the highest total at ${venue} in the ${scope} ${en.gender} ${en.type} matches held there in the site's data, up to this one; the highest before it was ${ground.highestTotal}.`,
      hi: `इस साइट के आँकड़ों में ${venue} पर खेले गए ${scope} ${hi.gender} ${hi.type} मैचों में (इस मैच तक) ${team} का ${scoreText(top.runs, top.wickets, 'hi')} सबसे बड़ा स्कोर है; इससे पहले सबसे बड़ा स्कोर ${ground.highestTotal} था।`,
      claims: [{ kind: 'record', record: 'groundTotal', inningsNo: top.inningsNo, side: top.side, runs: top.runs, before: ground.highestTotal, scope }],
    });
  }
  for (const side of ['a', 'b'] as const) {
    const team = teamName(facts, side);
    const figures = book.teams[side];
    const own = bests.teams[side];
    const scope = figures.count + own.count;
    if (!enough(figures)) continue;
    if (own.highest && figures.highestTotal !== null && own.highest.runs > figures.highestTotal) {
      const inn = own.highest;
      found.push({
        en: `${possessive(team)} ${scoreText(inn.runs, inn.wickets, 'en')} is their highest total in their ${scope} ${en.type} innings in the site's data, up to this match; their highest before it was ${figures.highestTotal}.`,
        hi: `इस साइट के आँकड़ों में ${team} की ${scope} ${hi.type} पारियों में (इस मैच तक) ${scoreText(inn.runs, inn.wickets, 'hi')} उनका सबसे बड़ा स्कोर है; इससे पहले उनका सबसे बड़ा स्कोर ${figures.highestTotal} था।`,
        claims: [{ kind: 'record', record: 'teamHighest', inningsNo: inn.inningsNo, side, runs: inn.runs, before: figures.highestTotal, scope }],
      });
    }
    if (own.lowestAllOut && figures.lowestAllOut !== null && own.lowestAllOut.runs < figures.lowestAllOut) {
      const inn = own.lowestAllOut;
      found.push({
        en: `${possessive(team)} ${inn.runs} all out is their lowest all-out total in their ${scope} ${en.type} innings in the site's data, up to this match; their lowest before it was ${figures.lowestAllOut}.`,
        hi: `इस साइट के आँकड़ों में ${team} की ${scope} ${hi.type} पारियों में (इस मैच तक) ${inn.runs} रन पर ऑल आउट होना उनका सबसे कम ऑल-आउट स्कोर है; इससे पहले सबसे कम ${figures.lowestAllOut} रन था।`,
        claims: [{ kind: 'record', record: 'teamLowestAllOut', inningsNo: inn.inningsNo, side, runs: inn.runs, before: figures.lowestAllOut, scope }],
      });
    }
  }
  return found.slice(0, MAX_RECORDS);
}

function awardSentence(facts: ReportFacts): Sentence | null {
  if (facts.awards.length === 0) return null;
  const names = facts.awards.map((p) => p.name);
  return {
    en: `${names.join(' and ')} ${names.length === 1 ? 'was' : 'were'} named player of the match.`,
    hi: `${names.join(' और ')} को प्लेयर ऑफ़ द मैच चुना गया।`,
    claims: [{ kind: 'award', players: names }],
  };
}

// ---------- the report ----------

function joined(sentences: readonly (Sentence | null)[]): Sentence | null {
  const present = sentences.filter((s): s is Sentence => s !== null);
  if (present.length === 0) return null;
  return {
    en: present.map((s) => s.en).join(' '),
    hi: present.map((s) => s.hi).join(' '),
    claims: present.flatMap((s) => s.claims),
  };
}

/** Whether a match can be reported: completed with a result and at least one innings. */
export function isReportable(facts: Pick<ReportFacts, 'innings' | 'winner' | 'outcome'>): boolean {
  return facts.innings.length > 0 && (facts.winner !== null || facts.outcome !== null);
}

/** The facts with every name in Hindi (facts.hindiName), for the Hindi text. */
function inHindi(facts: ReportFacts): ReportFacts {
  const name = facts.hindiName;
  if (!name) return facts;
  const player = (p: ReportPlayer): ReportPlayer => ({ ...p, name: name('player', p.name, p.key) });
  const team = (side: ReportSide) => ({ ...facts.teams[side], name: name('team', facts.teams[side].name) });
  return {
    ...facts,
    tournament: { ...facts.tournament, name: name('tournament', facts.tournament.name) },
    venue: facts.venue && { ...facts.venue, name: name('venue', facts.venue.name) },
    teams: { a: team('a'), b: team('b') },
    awards: facts.awards.map(player),
    innings: facts.innings.map((inn) => ({
      ...inn,
      batting: inn.batting.map((line) => ({ ...line, player: player(line.player) })),
      bowling: inn.bowling.map((spell) => ({ ...spell, player: player(spell.player) })),
      fallOfWickets: inn.fallOfWickets.map((fall) => ({ ...fall, player: player(fall.player) })),
      partnerships: inn.partnerships.map((stand) => ({
        ...stand,
        batterA: { ...stand.batterA, player: player(stand.batterA.player) },
        batterB: { ...stand.batterB, player: player(stand.batterB.player) },
      })),
    })),
    records: facts.records && { ...facts.records, competition: { ...facts.records.competition, name: name('tournament', facts.records.competition.name) } },
  };
}

/**
 * The report of a match: the English text, claims and tags from the facts as given, the Hindi
 * text from the same facts with their names in Hindi (the same sentences, so the same claims).
 */
export function writeMatchReport(facts: ReportFacts): MatchReport {
  const report = composeReport(facts);
  if (!facts.hindiName) return report;
  return { ...report, texts: { en: report.texts.en, hi: composeReport(inHindi(facts)).texts.hi } };
}

function composeReport(facts: ReportFacts): MatchReport {
  const heading = headingOf(facts);
  const lead = leadOf(facts);
  const innings = regular(facts);
  const count: Record<ReportSide, number> = { a: 0, b: 0 };
  const paragraphs: Sentence[] = [];
  innings.forEach((inn, index) => {
    count[inn.side] += 1;
    const paragraph = joined([
      inningsSentence(facts, inn, index, count),
      battingSentence(inn),
      bowlingSentence(facts, inn),
      stretchSentence(facts, inn),
      collapseSentence(facts, inn),
    ]);
    if (paragraph) paragraphs.push(paragraph);
  });
  const decisive = joined([...superOverSentences(facts), lastBallSentence(facts), standSentence(facts)]);
  if (decisive) paragraphs.push(decisive);
  const records = joined(recordSentences(facts));
  if (records) paragraphs.push(records);
  const closing = joined([...milestoneSentences(facts), awardSentence(facts)]);
  if (closing) paragraphs.push(closing);
  // A Test's four innings leave room for two more; anything beyond six joins the sixth.
  while (paragraphs.length > MAX_PARAGRAPHS) {
    const last = paragraphs.pop()!;
    paragraphs[paragraphs.length - 1] = joined([paragraphs[paragraphs.length - 1]!, last])!;
  }

  // A score list as scorecards print it: in Hindi an all-out total is its runs ('भारत 224'), not a
  // score 'पर ऑल आउट'.
  const listedScore = (inn: ReportInnings, lang: ReportLang) => (lang === 'hi' && inn.wickets >= 10 ? String(inn.runs) : scoreText(inn.runs, inn.wickets, lang));
  const scores = (lang: ReportLang) =>
    innings.map((inn) => `${teamName(facts, inn.side)} ${listedScore(inn, lang)}${inn.declared ? (lang === 'en' ? 'd' : ' (घोषित)') : ''}`).join('; ');
  const where = (lang: ReportLang) =>
    [facts.title[lang], facts.tournament.name, facts.venue?.name ?? '', subheadDays(facts.dates, lang)].filter(Boolean).join(' · ');
  const texts = (lang: ReportLang): ReportText => ({
    heading: heading[lang],
    sub_heading: where(lang),
    content: `${lead[lang]}${innings.length > 0 ? ` ${lang === 'en' ? 'Scores' : 'स्कोर'}: ${scores(lang)}${lang === 'en' ? '.' : '।'}` : ''}`,
    paragraphs: paragraphs.map((p) => p[lang]),
  });

  const named = new Map<string, string>();
  for (const inn of facts.innings) {
    for (const line of inn.batting) if (line.player.key) named.set(line.player.key, line.player.name);
    for (const spell of inn.bowling) if (spell.player.key) named.set(spell.player.key, spell.player.name);
  }
  const claims = [...heading.claims, ...innings.map((inn) => ({ kind: 'innings', inningsNo: inn.inningsNo, side: inn.side, runs: inn.runs, wickets: inn.wickets, balls: inn.calledBalls, declared: inn.declared }) as ReportClaim), ...paragraphs.flatMap((p) => p.claims)];
  const mentioned = [...new Set(claims.flatMap((claim) => ('player' in claim ? [claim.player] : 'batters' in claim ? claim.batters : claim.kind === 'award' ? claim.players : [])))];
  const playerKeys = [...named].filter(([, name]) => mentioned.includes(name)).map(([key]) => key);
  return {
    texts: { en: texts('en'), hi: texts('hi') },
    claims,
    tags: matchArticleTags(facts, playerKeys),
  };
}
