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
 * word's start is ' word'), initials only for people; then, after ' | ', the words of its other
 * names (a full name, aliases, a Hindi name) that the name itself does not hold. The name's own
 * words come first so that 'the name exactly as asked' stays a test on the text's start.
 */
export function searchTerms(name: string, kind: 'player' | 'team' | 'tournament' | 'venue', extra: readonly string[] = []): string {
  const own = new Set(foldWords(name));
  const initials = kind === 'player' ? initialsOf(name).map((letter) => `~${letter}`) : [];
  const others = new Set(extra.flatMap(foldWords).filter((word) => !own.has(word)));
  const aliases = others.size > 0 ? ['|', ...others] : [];
  return ` ${[...own, ...new Set(initials), ...aliases].join(' ')} `;
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

/**
 * Edits between two words (insertions, deletions, substitutions, and two neighbours swapped:
 * 'kholi' is one edit from 'kohli'); stops counting past `max` and answers max + 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** Typos forgiven in a query word: none under 4 letters (too many names are that close), one up to 7, two from 8. */
export function typoAllowance(word: string): number {
  const letters = [...word].length;
  return letters < 4 ? 0 : letters < 8 ? 1 : 2;
}

/**
 * Words of the names that a query word may be a typo of, best first: the fewest edits, then the
 * most prominent name holding it. `vocabulary` is every name word with the weight of its best holder.
 */
export function typoCandidates(word: string, vocabulary: readonly { word: string; weight: number }[], limit = 5): string[] {
  const allowed = typoAllowance(word);
  if (allowed === 0) return [];
  const found: { word: string; distance: number; weight: number }[] = [];
  for (const entry of vocabulary) {
    if (entry.word === word || entry.word.startsWith(word)) continue;
    const distance = editDistance(word, entry.word, allowed);
    if (distance <= allowed) found.push({ word: entry.word, distance, weight: entry.weight });
  }
  return found
    .sort((x, y) => x.distance - y.distance || y.weight - x.weight)
    .slice(0, limit)
    .map((entry) => entry.word);
}
