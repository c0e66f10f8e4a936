// A match's title within its event, in English or Hindi: 'Final', '12th Match', '2nd Test',
// 'Qualifier 1, Group B'; 'फ़ाइनल', '12वाँ मैच', 'दूसरा टेस्ट'.
import type { Lang } from './result.ts';

export interface MatchTitleInput {
  /** Cricsheet event.stage ('Final', 'Semi Final', 'Qualifier 1', 'Super Eight', ...). */
  stage: string | null;
  /** Cricsheet event.match_number. */
  matchNumber: number | null;
  group: string | null;
  /** Cricsheet match type: Test, MDM, ODI, ODM, T20, IT20. */
  matchType: string;
}

type Kind = 'match' | 'test' | 'odi';

const KIND_OF_TYPE: Record<string, Kind> = { Test: 'test', ODI: 'odi' };
const KIND_WORD: Record<Lang, Record<Kind, string>> = {
  en: { match: 'Match', test: 'Test', odi: 'ODI' },
  hi: { match: 'मैच', test: 'टेस्ट', odi: 'वनडे' },
};
/** Shown when the event gives neither a stage nor a number. */
const TYPE_LABEL: Record<Lang, Record<string, string>> = {
  en: { Test: 'Test', MDM: 'Match', ODI: 'ODI', ODM: 'Match', T20: 'T20', IT20: 'T20I' },
  hi: { Test: 'टेस्ट', MDM: 'मैच', ODI: 'वनडे', ODM: 'मैच', T20: 'टी20', IT20: 'टी20 इंटरनेशनल' },
};

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

/** Masculine Hindi ordinals (मैच and टेस्ट are masculine). */
function hindiOrdinal(n: number): string {
  return ({ 1: 'पहला', 2: 'दूसरा', 3: 'तीसरा', 4: 'चौथा', 6: 'छठा' } as Record<number, string>)[n] ?? `${n}वाँ`;
}

function stageName(stage: string, lang: Lang): string {
  if (lang === 'en') return stage;
  const key = stage.toLowerCase().replace(/[-‐]/g, ' ').replace(/\s+/g, ' ').trim();
  return HINDI_STAGES[key] ?? stage;
}

export function matchTitle(match: MatchTitleInput, lang: Lang = 'en'): string {
  const kind = KIND_OF_TYPE[match.matchType] ?? 'match';
  const numbered =
    match.matchNumber === null
      ? null
      : lang === 'hi'
        ? `${hindiOrdinal(match.matchNumber)} ${KIND_WORD.hi[kind]}`
        : `${englishOrdinal(match.matchNumber)} ${KIND_WORD.en[kind]}`;
  const base =
    match.stage !== null ? stageName(match.stage, lang) : (numbered ?? TYPE_LABEL[lang][match.matchType] ?? KIND_WORD[lang].match);
  if (match.group === null) return base;
  return lang === 'hi' ? `${base}, ग्रुप ${match.group}` : `${base}, Group ${match.group}`;
}
