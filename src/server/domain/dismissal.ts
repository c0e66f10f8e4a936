// How a batter's innings ended, in scorecard style: 'c Fielder b Bowler', 'lbw b Bowler', 'not out'.
//
// Hindi: Hindi scorecards commonly keep the English abbreviations c, b, lbw and st (and 'c & b')
// beside Devanagari names, so those stay; dismissals written out in words ('not out', 'run out',
// 'retired hurt', 'hit wicket', ...) are translated.
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
}

interface Wording {
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
    notOut: 'नाबाद',
    bowled: 'बोल्ड',
    caught: 'कैच',
    stumped: 'स्टंप्ड',
    runOut: 'रन आउट',
    hitWicket: 'हिट विकेट',
    substitute: 'sub',
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

/** 'Name', 'sub (Name)', or 'sub' for an unnamed substitute; null when nobody is recorded. */
function fielderLabel(fielder: DismissalInput['fielders'][number] | undefined, words: Wording): string | null {
  if (fielder === undefined) return null;
  if (fielder.substitute) return fielder.name === null ? words.substitute : `${words.substitute} (${fielder.name})`;
  return fielder.name;
}

/**
 * The dismissal as a scorecard prints it: 'b Bowler', 'lbw b Bowler', 'c Fielder b Bowler',
 * 'c & b Bowler', 'c sub (Name) b Bowler', 'st Keeper b Bowler', 'run out (A/B)', 'hit wicket b Bowler',
 * 'retired hurt', 'not out'. A missing bowler drops the ' b Bowler' part rather than inventing one.
 */
export function dismissalText(dismissal: DismissalInput, lang: Lang = 'en'): string {
  const words = WORDING[lang];
  const { kind, bowler } = dismissal;
  const byBowler = (prefix: string | null): string => [prefix, bowler === null ? null : `b ${bowler}`].filter((part) => part !== null).join(' ');
  const firstFielder = fielderLabel(dismissal.fielders[0], words);

  switch (kind) {
    case null:
      return words.notOut;
    case 'bowled':
      return bowler === null ? words.bowled : byBowler(null);
    case 'lbw':
      return byBowler('lbw');
    case 'caught':
      return byBowler(firstFielder === null ? words.caught : `c ${firstFielder}`);
    case 'caught and bowled':
      return bowler === null ? words.caught : `c & b ${bowler}`;
    case 'stumped':
      return byBowler(firstFielder === null ? words.stumped : `st ${firstFielder}`);
    case 'hit wicket':
      return byBowler(words.hitWicket);
    case 'run out': {
      const fielders = dismissal.fielders.map((fielder) => fielderLabel(fielder, words)).filter((label) => label !== null);
      return fielders.length === 0 ? words.runOut : `${words.runOut} (${fielders.join('/')})`;
    }
    default:
      return words.plain[kind];
  }
}
