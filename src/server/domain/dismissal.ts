// How a batter's innings ended, in scorecard style: 'c Fielder b Bowler', 'lbw b Bowler', 'not out'.
//
// Hindi in newspaper notation (docs/hindi-style-guide.md): 'का. अय्यर बो. जेमिसन', 'पगबाधा बो.
// जेमिसन', 'का. व बो. जेमिसन', 'स्टं. धोनी बो. जडेजा', and a Devanagari name by its last word, as
// Hindi scorecards print it; a name with no Hindi form is kept whole.
import type { Lang } from './result.ts';
import type { DismissalKind, Fielder } from './types.ts';

/** Every way a batter's innings ends, as Cricsheet names them (forms, the scorer console, validation). */
export const DISMISSAL_KINDS = [
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'run out',
  'hit wicket',
  'handled the ball',
  'obstructing the field',
  'hit the ball twice',
  'timed out',
  'retired hurt',
  'retired not out',
  'retired out',
] as const satisfies readonly DismissalKind[];

export interface DismissalInput {
  /** null while the batter is not out. */
  kind: DismissalKind | null;
  /** The bowler's name; null for kinds not credited to a bowler (and when unrecorded). */
  bowler: string | null;
  fielders: Pick<Fielder, 'name' | 'substitute'>[];
  /**
   * The names of the match's players, in the notation's language: a last word two of them share
   * ('सिंह', 'शर्मा') names neither, so the Hindi notation names the player otherwise (notationName).
   */
  matchNames?: readonly string[];
}

/** The words of the notation in one language (a page can carry its own language's, decision 073). */
export interface Wording {
  /** The marks before a catcher, a bowler and a keeper ('c', 'b', 'st'), and the lbw and c-and-b forms. */
  caughtMark: string;
  bowlerMark: string;
  stumpedMark: string;
  lbw: string;
  caughtAndBowled: string;
  notOut: string;
  /** Words for a dismissal whose bowler, catcher or keeper is not recorded, in place of 'b' / 'c Fielder' / 'st Keeper'. */
  bowled: string;
  caught: string;
  stumped: string;
  runOut: string;
  hitWicket: string;
  substitute: string;
  /** Kinds that read the same with or without a bowler or fielder. */
  plain: Record<'retired hurt' | 'retired out' | 'retired not out' | 'obstructing the field' | 'handled the ball' | 'hit the ball twice' | 'timed out', string>;
}

const WORDING: Record<Lang, Wording> = {
  en: {
    caughtMark: 'c',
    bowlerMark: 'b',
    stumpedMark: 'st',
    lbw: 'lbw',
    caughtAndBowled: 'c & b',
    notOut: 'not out',
    bowled: 'bowled',
    caught: 'caught',
    stumped: 'stumped',
    runOut: 'run out',
    hitWicket: 'hit wicket',
    substitute: 'sub',
    plain: {
      'retired hurt': 'retired hurt',
      'retired out': 'retired out',
      'retired not out': 'retired not out',
      'obstructing the field': 'obstructing the field',
      'handled the ball': 'handled the ball',
      'hit the ball twice': 'hit the ball twice',
      'timed out': 'timed out',
    },
  },
  hi: {
    caughtMark: 'का.',
    bowlerMark: 'बो.',
    stumpedMark: 'स्टं.',
    lbw: 'पगबाधा',
    caughtAndBowled: 'का. व बो.',
    notOut: 'नाबाद',
    bowled: 'बोल्ड',
    caught: 'कैच',
    stumped: 'स्टंप्ड',
    runOut: 'रन आउट',
    hitWicket: 'हिट विकेट',
    substitute: 'स्थानापन्न',
    plain: {
      'retired hurt': 'रिटायर्ड हर्ट',
      'retired out': 'रिटायर्ड आउट',
      'retired not out': 'रिटायर्ड नाबाद',
      'obstructing the field': 'फ़ील्ड में बाधा डालना',
      'handled the ball': 'गेंद को हाथ लगाना',
      'hit the ball twice': 'गेंद को दो बार मारना',
      'timed out': 'टाइम्ड आउट',
    },
  },
};

const DEVANAGARI = /[\u0900-\u097F]/;

/** Whether the notation in a language tells names apart by the match's other names (notationName): in Hindi only. */
export function notationReadsMatchNames(lang: Lang): boolean {
  return lang !== 'en';
}

/**
 * A name as the notation prints it: in Hindi a Devanagari name by its last word ('श्रेयस अय्यर' ->
 * 'अय्यर'), as Hindi scorecards print it; when another player of the match (`matchNames`) has
 * the same last word, by the first word instead ('अर्शदीप सिंह' -> 'अर्शदीप' beside 'शशांक
 * सिंह'), and whole when that is shared too. A Latin name (no Hindi form known) and every English
 * name whole.
 */
export function notationName(name: string, lang: Lang, matchNames: readonly string[] = []): string {
  if (!notationReadsMatchNames(lang) || !DEVANAGARI.test(name)) return name;
  const whole = name.trim();
  const words = whole.split(/\s+/);
  const others = [...new Set(matchNames.map((other) => other.trim()))].filter((other) => other !== whole).map((other) => other.split(/\s+/));
  const last = words.at(-1)!;
  if (!others.some((other) => other.at(-1) === last)) return last;
  const first = words[0]!;
  if (words.length > 1 && !others.some((other) => other[0] === first || other.at(-1) === first)) return first;
  return whole;
}

/** 'Name', 'sub (Name)', or 'sub' for an unnamed substitute; null when nobody is recorded. */
function fielderLabel(fielder: DismissalInput['fielders'][number] | undefined, words: Wording, lang: Lang, matchNames?: readonly string[]): string | null {
  if (fielder === undefined) return null;
  const name = fielder.name === null ? null : notationName(fielder.name, lang, matchNames);
  if (fielder.substitute) return name === null ? words.substitute : `${words.substitute} (${name})`;
  return name;
}

/**
 * The dismissal as a scorecard prints it: 'b Bowler', 'lbw b Bowler', 'c Fielder b Bowler',
 * 'c & b Bowler', 'c sub (Name) b Bowler', 'st Keeper b Bowler', 'run out (A/B)', 'hit wicket b Bowler',
 * 'retired hurt', 'not out'; in Hindi 'का. अय्यर बो. जेमिसन' and so on. A missing bowler drops the
 * ' b Bowler' part rather than inventing one.
 */
export function dismissalText(dismissal: DismissalInput, lang: Lang = 'en'): string {
  return wordDismissal(dismissal, WORDING[lang], lang);
}

/** The notation's words in a language. */
export function dismissalWording(lang: Lang): Wording {
  return WORDING[lang];
}

/**
 * dismissalText with the words given: the live island gets its page's language's words from the
 * server and ships this function alone, not both languages' words.
 */
export function wordDismissal(dismissal: DismissalInput, words: Wording, lang: Lang): string {
  const { kind } = dismissal;
  const bowler = dismissal.bowler === null ? null : notationName(dismissal.bowler, lang, dismissal.matchNames);
  const byBowler = (prefix: string | null): string =>
    [prefix, bowler === null ? null : `${words.bowlerMark} ${bowler}`].filter((part) => part !== null).join(' ');
  const firstFielder = fielderLabel(dismissal.fielders[0], words, lang, dismissal.matchNames);

  switch (kind) {
    case null:
      return words.notOut;
    case 'bowled':
      return bowler === null ? words.bowled : byBowler(null);
    case 'lbw':
      return byBowler(words.lbw);
    case 'caught':
      return byBowler(firstFielder === null ? words.caught : `${words.caughtMark} ${firstFielder}`);
    case 'caught and bowled':
      return bowler === null ? words.caught : `${words.caughtAndBowled} ${bowler}`;
    case 'stumped':
      return byBowler(firstFielder === null ? words.stumped : `${words.stumpedMark} ${firstFielder}`);
    case 'hit wicket':
      return byBowler(words.hitWicket);
    case 'run out': {
      const fielders = dismissal.fielders.map((fielder) => fielderLabel(fielder, words, lang, dismissal.matchNames)).filter((label) => label !== null);
      return fielders.length === 0 ? words.runOut : `${words.runOut} (${fielders.join('/')})`;
    }
    default:
      return words.plain[kind];
  }
}

// Built on first use: a module-level table reading WORDING would keep both languages' words in a
// bundle that only formats with words it is given (the live island's, decision 073).
let hindiKindLabels: Record<DismissalKind, string> | null = null;

const HINDI_KIND_LABELS = (): Record<DismissalKind, string> => ({
  bowled: 'बोल्ड',
  caught: 'कैच',
  'caught and bowled': 'कैच व बोल्ड',
  lbw: 'पगबाधा',
  stumped: 'स्टंप्ड',
  'run out': 'रन आउट',
  'hit wicket': 'हिट विकेट',
  'handled the ball': WORDING.hi.plain['handled the ball'],
  'obstructing the field': WORDING.hi.plain['obstructing the field'],
  'hit the ball twice': WORDING.hi.plain['hit the ball twice'],
  'timed out': WORDING.hi.plain['timed out'],
  'retired hurt': WORDING.hi.plain['retired hurt'],
  'retired not out': WORDING.hi.plain['retired not out'],
  'retired out': WORDING.hi.plain['retired out'],
});

/** A dismissal's kind as a label ('caught', 'कैच', 'पगबाधा'): English keeps Cricsheet's words, as does an unknown kind. */
export function dismissalKindLabel(kind: string, lang: Lang): string {
  if (lang === 'en') return kind;
  hindiKindLabels ??= HINDI_KIND_LABELS();
  return hindiKindLabels[kind as DismissalKind] ?? kind;
}
