// Keys, codes and short names derived from Cricsheet's names: URL-safe slugs for
// teams and tournaments, three-letter-style team codes, league abbreviations.

/**
 * The longest key the importer produces. Match keys are Cricsheet ids and player keys registry
 * ids (8 hex digits); team and tournament keys are slugs of names, clipped here so that the
 * API, the router and the pages can refuse anything longer as a key that cannot exist.
 */
export const MAX_KEY_LENGTH = 200;

/** A slug key clipped to MAX_KEY_LENGTH, without a dangling '-'. */
function clipKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : key.slice(0, MAX_KEY_LENGTH).replace(/-+$/, '');
}

/** Lower-case ASCII slug: 'Durban's Super Giants' → 'durbans-super-giants', '2007/08' → '2007-08'. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function words(name: string): string[] {
  return name.split(/[\s-]+/).filter((word) => /^[A-Za-z0-9]/.test(word));
}

/** First letters of the capitalised words: 'Indian Premier League' → 'IPL'. */
export function initials(name: string): string {
  return words(name)
    .filter((word) => /^[A-Z0-9]/.test(word))
    .map((word) => word[0])
    .join('');
}

// Codes the cricket world uses that the generic rule would not produce.
// Also settles clashes of the rule (Australia and Austria would both be AUS).
const teamCodeOverrides: Readonly<Record<string, string>> = {
  Afghanistan: 'AFG',
  Australia: 'AUS',
  Austria: 'AUT',
  Bahrain: 'BHR',
  Bangladesh: 'BAN',
  England: 'ENG',
  India: 'IND',
  Ireland: 'IRE',
  'Kings XI Punjab': 'KXIP',
  Netherlands: 'NED',
  'New Zealand': 'NZ',
  Pakistan: 'PAK',
  'Punjab Kings': 'PBKS',
  Scotland: 'SCO',
  'South Africa': 'SA',
  'Sri Lanka': 'SL',
  'Sunrisers Hyderabad': 'SRH',
  'United Arab Emirates': 'UAE',
  'United States of America': 'USA',
  'West Indies': 'WI',
  Zimbabwe: 'ZIM',
};

/** 'India' → 'IND', 'Chennai Super Kings' → 'CSK', with well-known codes overriding the rule. */
export function teamCode(name: string): string {
  const override = teamCodeOverrides[name];
  if (override) return override;
  const nameWords = words(name);
  if (nameWords.length === 1) return slug(name).replace(/-/g, '').slice(0, 3).toUpperCase();
  return nameWords.map((word) => word[0]).join('').toUpperCase();
}

const saysWomen = /\bwomen/i;

/** URL-safe team key; the women's side of a name gets a '-women' suffix ('india-women'). */
export function teamKey(name: string, gender: 'male' | 'female'): string {
  return clipKey(gender === 'female' && !saysWomen.test(name) ? `${slug(name)}-women` : slug(name));
}

/** Stable URL-safe tournament key: slug(event) + '-' + slug(season) (+ '-women'). */
export function tournamentKey(eventName: string, season: string, gender: 'male' | 'female'): string {
  const base = `${slug(eventName)}-${slug(season)}`;
  return clipKey(gender === 'female' && !saysWomen.test(eventName) ? `${base}-women` : base);
}

/** Abbreviation used for a tournament's short name: only league-like events get one ('IPL'). */
export function eventAbbreviation(eventName: string): string | null {
  return /\bLeague\b/.test(eventName) ? initials(eventName) : null;
}
