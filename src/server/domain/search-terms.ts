// How names are searched (docs/decisions/033-search-and-records.md): a name becomes its words,
// accents folded and lowercased ('Dinesh Chandimal', 'JJ Bumrah' -> 'jj bumrah'), and a player's
// initials become letters of their own ('~j'), so that 'jasprit bumrah' finds 'JJ Bumrah' as
// Cricsheet writes it. A query becomes words the same way; each must start a word of the name,
// or, for a player, begin with one of his initials.

/** Longest query accepted (characters, after trimming). */
export const MAX_QUERY_LENGTH = 80;
/** Query words looked at; more are dropped. */
export const MAX_QUERY_WORDS = 6;

/** Lowercase, accents folded (é -> e, ö -> o), apostrophes dropped, anything else not a letter or digit a space. */
export function foldWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * A player's initials as Cricsheet writes them: the leading words that are all capitals of at
 * most three letters ('MS Dhoni', 'AB de Villiers', 'V Kohli'); none for 'Shubman Gill'.
 */
export function initialsOf(name: string): string[] {
  const letters: string[] = [];
  for (const word of name.trim().split(/\s+/)) {
    if (!/^\p{Lu}{1,3}$/u.test(word)) break;
    letters.push(...foldWords(word).join('').split(''));
  }
  return letters;
}

/**
 * The searchable text of a name: ' word word ~i ~i ' (spaces around every word, so that a
 * word's start is ' word'). Initials only for people.
 */
export function searchTerms(name: string, kind: 'player' | 'team' | 'tournament' | 'venue', extra: readonly string[] = []): string {
  const words = [...foldWords(name), ...extra.flatMap(foldWords)];
  const initials = kind === 'player' ? initialsOf(name).map((letter) => `~${letter}`) : [];
  return ` ${[...new Set(words), ...new Set(initials)].join(' ')} `;
}

/** The words of a query, at most MAX_QUERY_WORDS, duplicates dropped. */
export function queryWords(query: string): string[] {
  return [...new Set(foldWords(query.slice(0, MAX_QUERY_LENGTH)))].slice(0, MAX_QUERY_WORDS);
}

/**
 * How a name's terms answer a query's words (services/search.ts asks the same in SQL): every
 * word must start a word of the name; one before the last, of two letters or more, may instead
 * begin with one of a player's initials ('virat kohli' finds 'V Kohli', 'kohli virat' does not).
 * 'words' when all matched as words, 'initials' when an initial stood in, null when it fails.
 */
export function matchQuery(terms: string, words: readonly string[]): 'words' | 'initials' | null {
  let byInitial = false;
  for (const [at, word] of words.entries()) {
    if (terms.includes(` ${word}`)) continue;
    if (at === words.length - 1 || word.length < 2 || !terms.includes(` ~${word[0]} `)) return null;
    byInitial = true;
  }
  return words.length === 0 ? null : byInitial ? 'initials' : 'words';
}
