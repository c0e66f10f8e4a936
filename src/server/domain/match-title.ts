// A match's title within its event, as fans write it, in English or Hindi:
//   a stage: 'Final', 'Qualifier 1', 'Eliminator', 'Semi Final, Group B';
//   a numbered match of a bilateral series: '1st T20I', '2nd Test', '3rd ODI' ('पहला टी20 इंटरनेशनल');
//   a numbered international of a tour, whatever its sides ('India tour of Ireland and England':
//   Cricsheet numbers each type's series on its own): '5th Test' ('पाँचवाँ टेस्ट');
//   a numbered match of a competition (more than two sides): 'Match 23' ('मैच 23');
//   the only match of its type in a bilateral series, unnumbered: 'Only Test' ('एकमात्र टेस्ट');
//   otherwise the type: 'First-class', 'T20'.
import { formatTypeLabel, isInternationalType, type FormatType } from './format-type.ts';
import type { Lang } from './result.ts';
import { isBilateral } from './series-result.ts';

/** What a title needs to know of the match's event (kept on the tournament's row). */
export interface TournamentShape {
  /** Sides that play in the event: two make a bilateral series. */
  sides: number;
  /** The event's matches of each type. */
  typeMatches: Partial<Record<string, number>>;
  /** The event is a tour ('X tour of Y', isTourName): each type's matches make a series of their own. */
  tour?: boolean;
}

/** 'India tour of England', 'India Women tour of Ireland and England 2018': a tour, not a competition. */
export function isTourName(name: string): boolean {
  return / tour of /i.test(name);
}

export interface MatchTitleInput {
  /** Cricsheet event.stage ('Final', 'Semi Final', 'Qualifier 1', 'Super Eight', ...). */
  stage: string | null;
  /** Cricsheet event.match_number. */
  matchNumber: number | null;
  group: string | null;
  formatType: FormatType;
  tournament: TournamentShape;
}

const isBilateralShape = (shape: TournamentShape) => isBilateral(shape.sides);
const onlyTypes = (shape: TournamentShape) =>
  Object.entries(shape.typeMatches)
    .filter(([, count]) => count === 1)
    .map(([type]) => type)
    .sort()
    .join(',');

/** Whether a tournament's matches may be titled otherwise after its shape changed. */
export function isTitleShapeChange(before: TournamentShape, after: TournamentShape): boolean {
  return isBilateralShape(before) !== isBilateralShape(after) || onlyTypes(before) !== onlyTypes(after);
}

/** Stage names as Hindi cricket coverage writes them; unknown stages keep Cricsheet's words. */
const HINDI_STAGES: Record<string, string> = {
  final: 'फ़ाइनल',
  'semi final': 'सेमीफ़ाइनल',
  'quarter final': 'क्वार्टर फ़ाइनल',
  'preliminary quarter final': 'प्रारंभिक क्वार्टर फ़ाइनल',
  'qualifier 1': 'क्वालीफ़ायर 1',
  'qualifier 2': 'क्वालीफ़ायर 2',
  qualifier: 'क्वालीफ़ायर',
  eliminator: 'एलिमिनेटर',
  'elimination final': 'एलिमिनेशन फ़ाइनल',
  challenger: 'चैलेंजर',
  knockout: 'नॉकआउट',
  'super eight': 'सुपर आठ',
  'super three': 'सुपर तीन',
  '3rd place play off': 'तीसरे स्थान का प्ले-ऑफ़',
  '4th place play off': 'चौथे स्थान का प्ले-ऑफ़',
  '5th place play off': 'पाँचवें स्थान का प्ले-ऑफ़',
  '7th place play off': 'सातवें स्थान का प्ले-ऑफ़',
};

function englishOrdinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/**
 * Masculine Hindi ordinals (मैच, टेस्ट, वनडे, टी20 and विकेट are masculine): 'पहला', 'पाँचवाँ',
 * '11वाँ'; `oblique` before a postposition ('तीसरे विकेट के लिए', 'पाँचवें').
 */
export function hindiOrdinal(n: number, form: 'direct' | 'oblique' = 'direct'): string {
  const words: Record<number, string> = {
    1: 'पहला', 2: 'दूसरा', 3: 'तीसरा', 4: 'चौथा', 5: 'पाँचवाँ', 6: 'छठा', 7: 'सातवाँ', 8: 'आठवाँ', 9: 'नौवाँ', 10: 'दसवाँ',
  };
  const direct = words[n] ?? `${n}वाँ`;
  if (form === 'direct') return direct;
  // पहला -> पहले, पाँचवाँ -> पाँचवें.
  return direct.endsWith('वाँ') ? `${direct.slice(0, -'वाँ'.length)}वें` : `${direct.slice(0, -1)}े`;
}

function stageName(stage: string, lang: Lang): string {
  if (lang === 'en') return stage;
  const key = stage.toLowerCase().replace(/[-‐]/g, ' ').replace(/\s+/g, ' ').trim();
  return HINDI_STAGES[key] ?? stage;
}

const MATCH_WORD: Record<Lang, string> = { en: 'Match', hi: 'मैच' };

/** 'Test', 'ODI', 'T20I' for the international types; 'Match' for a domestic series' games. */
function seriesWord(type: FormatType, lang: Lang): string {
  return isInternationalType(type) ? formatTypeLabel(type, lang) : MATCH_WORD[lang];
}

function baseTitle(match: MatchTitleInput, lang: Lang): string {
  if (match.stage !== null) return stageName(match.stage, lang);
  // A tour's internationals are numbered within their type's series even when it had more sides.
  const bilateral = isBilateralShape(match.tournament) || (match.tournament.tour === true && isInternationalType(match.formatType));
  const number = match.matchNumber;
  if (number !== null) {
    if (!bilateral) return `${MATCH_WORD[lang]} ${number}`;
    const word = seriesWord(match.formatType, lang);
    return lang === 'hi' ? `${hindiOrdinal(number)} ${word}` : `${englishOrdinal(number)} ${word}`;
  }
  if (bilateral && match.tournament.typeMatches[match.formatType] === 1) {
    const word = seriesWord(match.formatType, lang);
    return lang === 'hi' ? `एकमात्र ${word}` : `Only ${word}`;
  }
  return formatTypeLabel(match.formatType, lang);
}

export function matchTitle(match: MatchTitleInput, lang: Lang = 'en'): string {
  const base = baseTitle(match, lang);
  if (match.group === null) return base;
  return lang === 'hi' ? `${base}, ग्रुप ${match.group}` : `${base}, Group ${match.group}`;
}
